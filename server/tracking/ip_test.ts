import assert from "node:assert/strict";
import fc from "fast-check";
import { cidrContains, formatIp, parseCidr, parseIp, parseIpLoose } from "./ip.ts";
import { isPublicAddress } from "./ip_public.ts";

function ip(text: string) {
  const a = parseIp(text);
  assert.ok(a, `${text} parses`);
  return a;
}

Deno.test("ip: parses and formats IPv4 and IPv6 canonically", async (t) => {
  const cases: Array<[string, string]> = [
    ["8.8.8.8", "8.8.8.8"],
    [" 10.0.0.1 ", "10.0.0.1"],
    ["::", "::"],
    ["::1", "::1"],
    ["[::1]", "::1"],
    ["2001:DB8:0:0:1:0:0:1", "2001:db8::1:0:0:1"],
    ["2001:db8::", "2001:db8::"],
    ["fe80::1%eth0", "fe80::1"],
    ["::ffff:127.0.0.1", "::ffff:127.0.0.1"],
    ["::ffff:7f00:1", "::ffff:127.0.0.1"],
    ["64:ff9b::10.0.0.1", "64:ff9b::a00:1"],
    ["1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8"],
  ];
  for (const [input, want] of cases) {
    await t.step(input, () => assert.equal(formatIp(ip(input)), want));
  }
});

Deno.test("ip: strict parsing rejects malformed and legacy forms", () => {
  for (
    const bad of [
      "",
      "1.2.3",
      "1.2.3.4.5",
      "256.1.1.1",
      "01.2.3.4",
      "2130706433",
      "0x7f000001",
      "1:2:3:4:5:6:7:8:9",
      "1::2::3",
      ":1",
      "12345::",
      "::ffff:1.2.3",
      "example.com",
    ]
  ) assert.equal(parseIp(bad), null, bad);
});

Deno.test("ip: loose parsing reads the host forms URLs and inet_aton accept", async (t) => {
  for (const form of ["2130706433", "0x7f000001", "127.1", "0177.0.0.1", "0x7f.1", "127.0.0.1."]) {
    await t.step(form, () => assert.equal(formatIp(parseIpLoose(form)!), "127.0.0.1"));
  }
  assert.equal(formatIp(parseIpLoose("0")!), "0.0.0.0");
  assert.equal(parseIpLoose("4294967296"), null);
  assert.equal(parseIpLoose("1.256.1"), null);
  assert.equal(parseIpLoose("08.1.1.1"), null);
});

Deno.test("ip: format then parse round-trips any address", () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
      const a = { version: 6 as const, bytes };
      assert.deepEqual(ip(formatIp(a)).bytes, bytes);
    }),
    { numRuns: 2000 },
  );
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 4, maxLength: 4 }), (bytes) => {
      assert.deepEqual(ip(formatIp({ version: 4, bytes })).bytes, bytes);
    }),
  );
});

Deno.test("cidr: membership for IPv4, IPv6 and IPv4-mapped addresses", async (t) => {
  const cases: Array<[string, string, boolean]> = [
    ["10.0.0.0/8", "10.255.1.2", true],
    ["10.0.0.0/8", "11.0.0.1", false],
    ["192.168.1.77/24", "192.168.1.1", true],
    ["172.16.0.0/12", "172.31.255.255", true],
    ["172.16.0.0/12", "172.32.0.0", false],
    ["0.0.0.0/0", "1.2.3.4", true],
    ["1.2.3.4", "1.2.3.4", true],
    ["1.2.3.4", "1.2.3.5", false],
    ["2001:db8::/32", "2001:db8:ffff::1", true],
    ["2001:db8::/33", "2001:db8:8000::1", false],
    ["::/0", "::1", true],
    ["10.0.0.0/8", "::ffff:10.1.2.3", true],
    ["::ffff:10.0.0.0/104", "10.9.9.9", true],
    ["10.0.0.0/8", "2001:db8::1", false],
    ["2001:db8::/32", "10.0.0.1", false],
  ];
  for (const [range, address, want] of cases) {
    await t.step(`${address} in ${range}: ${want}`, () => {
      assert.equal(cidrContains(parseCidr(range)!, ip(address)), want);
    });
  }
  for (const bad of ["10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/-1", "x/8", "10/8"]) {
    assert.equal(parseCidr(bad), null, bad);
  }
});

Deno.test("ip: isPublicAddress refuses every non-public form", async (t) => {
  const blocked = [
    "127.0.0.1",
    "127.255.0.9",
    "0.0.0.0",
    "0.1.2.3",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.0.1",
    "169.254.169.254",
    "169.254.1.1",
    "100.64.0.1",
    "100.127.255.255",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "240.0.0.1",
    "192.0.2.1",
    "198.18.0.1",
    "::",
    "::1",
    "[::1]",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "::127.0.0.1",
    "64:ff9b::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::",
    "2002:a9fe:a9fe::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%lo",
    "febf::1",
    "ff02::1",
    "2001:db8::1",
    "2001::1",
    "2130706433",
    "0x7f000001",
    "127.1",
    "0177.0.0.1",
    "0",
    "localhost",
    "",
    "not an ip",
  ];
  for (const a of blocked) {
    await t.step(`blocks ${a}`, () => assert.equal(isPublicAddress(a), false));
  }
  const allowed = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "172.32.0.1",
    "100.128.0.1",
    "169.253.255.255",
    "2001:4860:4860::8888",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
    "2002:808:808::1",
  ];
  for (const a of allowed) {
    await t.step(`allows ${a}`, () => assert.equal(isPublicAddress(a), true));
  }
});

Deno.test("ip: the IPv4 parser accepts exactly the strict dotted quad", () => {
  const octet = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
  const strict = (s: string) =>
    s.split(".").length === 4 && s.split(".").every((p) => octet.test(p));
  const text = fc.stringMatching(/^[0-9.a]{0,17}$/);
  const quads = fc.tuple(fc.nat(300), fc.nat(300), fc.nat(300), fc.nat(300))
    .map((parts) => parts.join("."));
  fc.assert(
    fc.property(fc.oneof(text, quads), (s) => {
      const parsed = parseIp(s);
      assert.equal(parsed !== null, strict(s), s);
      if (parsed) assert.equal(formatIp(parsed), s);
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("ip: IPv4 addresses kept across many parses keep their own bytes", () => {
  // More addresses than one slab holds, invalid ones in between: none overwrites another.
  const texts = Array.from(
    { length: 5000 },
    (_, i) => `${i % 223 + 1}.${i % 256}.${(i * 7) % 256}.${i % 250}`,
  );
  const kept = texts.map((text, i) => {
    if (i % 3 === 0) assert.equal(parseIp(`${text}.9`), null);
    return parseIp(text)!;
  });
  kept.forEach((address, i) => {
    assert.equal(address.bytes.length, 4);
    assert.equal(formatIp(address), texts[i]);
  });
});
