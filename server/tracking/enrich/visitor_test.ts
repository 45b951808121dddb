import assert from "node:assert/strict";
import fc from "fast-check";
import { lookupGeo } from "./geo.ts";
import { lookupIsp } from "./isp.ts";
import { enrichVisitor } from "./visitor.ts";
import { UA } from "./test_agents.ts";

const NOW = Date.UTC(2026, 5, 19, 23, 30); // a Friday, 23:30 UTC

Deno.test("visitor: one call gathers device, geo, network, language and time", () => {
  const v = enrichVisitor({
    ip: "::ffff:81.2.69.142",
    userAgent: UA.galaxy,
    acceptLanguage: "en-GB,en;q=0.9",
    referrer: "https://news.example/a",
    now: new Date(NOW),
    tokens: { t1: "zone7" },
    params: { src: "push" },
    isUnique: false,
  });
  assert.equal(v.ip, "81.2.69.142");
  assert.equal(v.ipVersion, 4);
  assert.deepEqual([v.country, v.region, v.city], ["GB", "England", "Bracknell"]);
  assert.equal(v.asn, 20712);
  assert.ok(v.isp.length > 0);
  assert.deepEqual([v.deviceType, v.brand, v.os, v.osVersion], [
    "mobile",
    "Samsung",
    "Android",
    "13",
  ]);
  assert.equal(v.language, "en");
  assert.equal(v.referrer, "https://news.example/a");
  assert.deepEqual([v.isBot, v.botReason, v.isUnique], [false, null, false]);
  assert.equal(v.tokens.t1, "zone7");
  assert.equal(v.params.src, "push");
  assert.deepEqual([v.ts, v.weekday, v.hour], [NOW, 5, 23]);
});

Deno.test("visitor: weekday and hour follow the given time zone", () => {
  const v = enrichVisitor({
    ip: "8.8.8.8",
    userAgent: UA.iphone,
    now: NOW,
    timeZone: "Asia/Tokyo",
  });
  assert.deepEqual([v.weekday, v.hour], [6, 8]); // Saturday 08:30 in Tokyo
  const sunday = enrichVisitor({ ip: "8.8.8.8", userAgent: "", now: Date.UTC(2026, 5, 21, 0) });
  assert.equal(sunday.weekday, 7);
});

Deno.test("visitor: IPv6, private and garbage addresses; missing user agent is a bot", () => {
  const v6 = enrichVisitor({
    ip: "2a00:1450:4001:80b::200e",
    userAgent: UA.windowsChrome,
    now: NOW,
  });
  assert.deepEqual([v6.ipVersion, v6.country, v6.asn], [6, "DE", 15169]);
  const lan = enrichVisitor({ ip: "192.168.1.10", userAgent: null, now: NOW });
  assert.deepEqual([lan.ipVersion, lan.country, lan.isp, lan.isBot], [4, "", "", true]);
  const bad = enrichVisitor({ ip: "unknown", userAgent: UA.googlebot, now: NOW });
  assert.deepEqual([bad.ip, bad.ipAddress, bad.ipVersion, bad.isBot], [
    "unknown",
    null,
    null,
    true,
  ]);
});

Deno.test("visitor: geo and ISP cached per /24 equal a fresh lookup of every address", () => {
  // Few /24s, many addresses in each: most answers come from the cache. Some
  // blocks are split inside the /24 (81.2.69: geo networks; 4.4.61, 4.14.40, 61.58.34: ASN
  // ranges) and must never be cached.
  const block = fc.oneof(
    fc.tuple(fc.integer({ min: 1, max: 223 }), fc.nat(255), fc.nat(255)),
    fc.constantFrom([81, 2, 69], [4, 4, 61], [4, 14, 40], [61, 58, 34], [8, 8, 8], [100, 64, 0]),
  );
  fc.assert(
    fc.property(fc.array(fc.tuple(block, fc.nat(255)), { minLength: 1, maxLength: 300 }), (ips) => {
      for (const [[a, b, c], d] of ips) {
        for (const ip of [`${a}.${b}.${c}.${d}`, `${a}.${b}.${c}.${255 - d}`]) {
          const v = enrichVisitor({ ip, userAgent: UA.iphone, now: NOW });
          assert.deepEqual([v.country, v.region, v.city], Object.values(lookupGeo(ip)), ip);
          assert.deepEqual({ asn: v.asn, isp: v.isp }, lookupIsp(ip), ip);
        }
      }
    }),
    { numRuns: 200 },
  );
});

Deno.test("enrichVisitor: a place stands for its /24 only when it comes back for it", () => {
  const visit = (ip: string) => enrichVisitor({ ip, userAgent: UA.iphone, now: NOW });
  const a = visit("8.8.8.8"), b = visit("8.8.8.9");
  assert.ok(a.placeRef, "an IPv4 block the cache holds");
  assert.equal(a.placeRef, b.placeRef, "one object for the block");
  assert.equal(a.agentRef, b.agentRef, "one parsed agent for one user agent");
  // IPv6 places are made for each click: remembering them by identity would only fill the map.
  const v6 = visit("2a00:1450:4001:80b::200e");
  assert.ok(v6.country || v6.isp, "located");
  assert.equal(v6.placeRef, undefined);
});
