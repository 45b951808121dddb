/**
 * Which addresses an outgoing request may reach. Everything that is not
 * globally routable unicast is refused: loopback, private, link-local (with
 * the 169.254.169.254 cloud metadata address), CGNAT, multicast, reserved,
 * documentation ranges, and IPv6 forms that embed such an IPv4 address.
 */
import {
  formatIp,
  type IpAddress,
  ipv4ToNumber,
  parseCidr,
  parseIpLoose,
  samePrefix,
} from "./ip.ts";

/** IPv4 ranges that are not public unicast (IANA special-purpose registry). */
const V4_BLOCKED: ReadonlyArray<readonly [number, number]> = [
  "0.0.0.0/8", // "this network", incl. 0.0.0.0 which connects to the local host
  "10.0.0.0/8",
  "100.64.0.0/10", // CGNAT
  "127.0.0.0/8",
  "169.254.0.0/16", // link-local, incl. the metadata address
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, incl. 255.255.255.255
].map((text) => {
  const c = parseCidr(text)!;
  return [ipv4ToNumber(c.address), c.prefix] as const;
});

/** IPv6 ranges inside 2000::/3 that are still not public unicast. */
const V6_BLOCKED = [
  "2001::/32", // Teredo
  "2001:10::/28", // ORCHID
  "2001:20::/28", // ORCHIDv2
  "2001:db8::/32", // documentation
  "3fff::/20", // documentation
].map((text) => parseCidr(text)!);

const NAT64 = parseCidr("64:ff9b::/96")!;
const SIX_TO_FOUR = parseCidr("2002::/16")!;

/** The blocked ranges as parallel arrays of masks and bases (every click checks its IP). */
const V4_MASKS = Int32Array.from(V4_BLOCKED, ([, p]) => (p === 0 ? 0 : -1 << (32 - p)));
const V4_BASES = Int32Array.from(V4_BLOCKED, ([base]) => base | 0);

function isPublicV4(value: number): boolean {
  for (let i = 0; i < V4_MASKS.length; i++) {
    if ((value & V4_MASKS[i]) === V4_BASES[i]) return false;
  }
  return true;
}

function v4At(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) |
    bytes[offset + 3]) >>> 0;
}

function isPublicV6(b: Uint8Array): boolean {
  const zeroTo = (n: number) => b.subarray(0, n).every((x) => x === 0);
  // ::ffff:0:0/96 (mapped) and ::/96 (deprecated "compatible", incl. :: and ::1)
  if (zeroTo(10) && b[10] === 0xff && b[11] === 0xff) return isPublicV4(v4At(b, 12));
  if (zeroTo(12)) return false;
  if (samePrefix(b, NAT64.address.bytes, 96)) return isPublicV4(v4At(b, 12));
  if (samePrefix(b, SIX_TO_FOUR.address.bytes, 16)) return isPublicV4(v4At(b, 2));
  if ((b[0] & 0xe0) !== 0x20) return false; // only 2000::/3 is global unicast
  return !V6_BLOCKED.some((c) => samePrefix(b, c.address.bytes, c.prefix));
}

/**
 * Whether an outgoing connection to `address` may go out: true only for
 * globally routable unicast. A string is parsed like a URL host (so
 * `2130706433` is loopback); text that is not an address answers false.
 */
export function isPublicAddress(address: string | IpAddress): boolean {
  const a = typeof address === "string" ? parseIpLoose(address) : address;
  if (!a) return false;
  return a.version === 4 ? isPublicV4(ipv4ToNumber(a)) : isPublicV6(a.bytes);
}

/**
 * Why `host` (a name, or an address literal) is refused: it resolved to
 * `address`, which is not public. An address is not named twice.
 */
export function notPublic(host: string, address: IpAddress): string {
  const ip = formatIp(address);
  return host.replace(/^\[|\]$/g, "") === ip
    ? `${host} is not a public address`
    : `${host} is ${ip}, not a public address`;
}
