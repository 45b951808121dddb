import assert from "node:assert/strict";
import { parseIp } from "../ip.ts";
import { lookupGeo } from "./geo.ts";
import { lookupIsp } from "./isp.ts";

Deno.test("geo: country, region and city from the GeoLite2 database, IPv4 and IPv6", () => {
  assert.deepEqual(lookupGeo("81.2.69.142"), {
    country: "GB",
    region: "England",
    city: "Bracknell",
  });
  assert.equal(lookupGeo("8.8.8.8").country, "US");
  assert.equal(lookupGeo("::ffff:8.8.8.8").country, "US", "IPv4-mapped looks up the IPv4 table");
  assert.equal(lookupGeo(parseIp("2a00:1450:4001:80b::200e")!).country, "DE");
});

Deno.test("geo: private, reserved and malformed addresses are unknown", () => {
  for (const ip of ["10.0.0.1", "127.0.0.1", "::1", "fe80::1", "not-an-ip", ""]) {
    assert.deepEqual(lookupGeo(ip), { country: "", region: "", city: "" }, ip);
  }
});

Deno.test("isp: AS number and organisation from the ASN ranges, IPv4 and IPv6", () => {
  assert.deepEqual(lookupIsp("8.8.8.8"), { asn: 15169, isp: "Google LLC" });
  assert.deepEqual(lookupIsp("1.1.1.1"), { asn: 13335, isp: "Cloudflare, Inc." }, "quoted names");
  assert.equal(lookupIsp("::ffff:1.0.0.1").asn, 13335);
  assert.equal(lookupIsp("2001:4860:4860::8888").asn, 15169);
  assert.equal(lookupIsp("1.0.0.0").asn, 13335, "first address of a range");
  assert.equal(lookupIsp("1.0.0.255").asn, 13335, "last address of a range");
});

Deno.test("isp: gaps between ranges and non-public addresses are unknown", () => {
  assert.deepEqual(lookupIsp("1.0.1.0"), { asn: null, isp: "" }); // between 1.0.0.255 and 1.0.4.0
  for (const ip of ["10.0.0.1", "192.168.1.1", "::1", "0.0.0.0", "garbage"]) {
    assert.deepEqual(lookupIsp(ip), { asn: null, isp: "" }, ip);
  }
});
