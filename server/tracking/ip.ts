/**
 * IP addresses and CIDR ranges, IPv4 and IPv6, without allocation-heavy
 * libraries: an address is its version plus 4 or 16 bytes. Used by the click
 * path (client IP, `ip` criteria, geo/ISP lookups) and by outgoing requests
 * (`isPublicAddress`, see ip_public.ts).
 */

/** A parsed IP address: 4 bytes for IPv4, 16 for IPv6, network order. */
export interface IpAddress {
  readonly version: 4 | 6;
  readonly bytes: Uint8Array;
}

/** A CIDR range; host bits of `address` are ignored when testing membership. */
export interface Cidr {
  readonly address: IpAddress;
  readonly prefix: number;
}

/**
 * Four decimal octets (0–255, no leading zeros, nothing else), by character
 * codes: every click parses its client IP, and split + regex cost ~1.3 µs.
 */
function parseDottedQuad(text: string): Uint8Array | null {
  const n = text.length;
  if (n < 7 || n > 15) return null;
  const bytes = quad;
  let part = 0, value = 0, digits = 0;
  for (let i = 0; i <= n; i++) {
    const code = i < n ? text.charCodeAt(i) : 46; // the end closes the last octet like a dot
    if (code === 46) {
      if (digits === 0 || part > 3) return null;
      bytes[part++] = value;
      value = digits = 0;
    } else if (code >= 48 && code <= 57) {
      if (digits === 1 && value === 0) return null; // a leading zero
      value = value * 10 + code - 48;
      if (++digits > 3 || value > 255) return null;
    } else return null;
  }
  return part === 4 ? quadBytes(bytes) : null;
}

/** The octets being parsed. */
const quad = new Uint8Array(4);

/** Addresses per slab: a slab is freed once no address made from it is left. */
const SLAB_QUADS = 1024;
let slab = new ArrayBuffer(4 * SLAB_QUADS);
let slabAt = 0;

/**
 * A new address's 4 bytes, copied from `from`: a view into a shared slab, never
 * reused (a fresh slab when it is full). Every click parses its client's
 * address, and making a `Uint8Array` of its own costs ~190 ns, a view ~12 ns.
 */
function quadBytes(from: Uint8Array): Uint8Array {
  if (slabAt === SLAB_QUADS * 4) {
    slab = new ArrayBuffer(4 * SLAB_QUADS);
    slabAt = 0;
  }
  const bytes = new Uint8Array(slab, slabAt, 4);
  slabAt += 4;
  bytes.set(from);
  return bytes;
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1; // a-f
}

/** IPv6 text to 16 bytes with one pass over the characters (the ASN table parses ~200k). */
function parseIpv6(s: string): Uint8Array | null {
  const groups = new Uint16Array(8);
  const n = s.length;
  let count = 0, compressAt = -1, i = 0;
  if (s.startsWith("::")) [compressAt, i] = [0, 2];
  while (i < n) {
    if (count === 8) return null;
    let value = 0, j = i;
    for (let d; j < n && j - i < 5 && (d = hexValue(s.charCodeAt(j))) >= 0; j++) {
      value = value * 16 + d;
    }
    if (j < n && s[j] === ".") { // an IPv4 tail: the last two groups
      const tail = count <= 6 ? parseDottedQuad(s.slice(i)) : null;
      if (!tail) return null;
      groups[count++] = (tail[0] << 8) | tail[1];
      groups[count++] = (tail[2] << 8) | tail[3];
      break;
    }
    if (j === i || j - i > 4) return null;
    groups[count++] = value;
    if (j === n) break;
    if (s[j] !== ":" || j + 1 === n) return null;
    i = j + 1;
    if (s[i] === ":") {
      if (compressAt >= 0) return null;
      compressAt = count;
      i++;
    }
  }
  if (compressAt < 0 ? count !== 8 : count > 7) return null;
  const bytes = new Uint8Array(16);
  const shift = compressAt < 0 ? 0 : 8 - count;
  for (let k = 0; k < count; k++) {
    const at = k < compressAt || compressAt < 0 ? k : k + shift;
    bytes[at * 2] = groups[k] >> 8;
    bytes[at * 2 + 1] = groups[k] & 0xff;
  }
  return bytes;
}

/**
 * Parses a textual IP address strictly: IPv4 dotted quad (no leading zeros),
 * IPv6 in any RFC 4291 form (embedded IPv4 tail, optional `[…]` and `%zone`).
 * Returns null when the text is not an address.
 */
export function parseIp(text: string): IpAddress | null {
  let s = text.trim();
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  if (s.includes(":")) {
    const zone = s.indexOf("%");
    const bytes = parseIpv6(zone >= 0 ? s.slice(0, zone) : s);
    return bytes ? { version: 6, bytes } : null;
  }
  const bytes = parseDottedQuad(s);
  return bytes ? { version: 4, bytes } : null;
}

function parseInetAtonPart(part: string): number | null {
  if (/^0[xX][0-9a-fA-F]*$/.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part, 8);
  if (/^(0|[1-9]\d*)$/.test(part)) return Number(part);
  return null;
}

/**
 * Parses an address the way URL hosts and `inet_aton` do, so a check sees what
 * a connection would reach: besides `parseIp`'s forms it accepts one to four
 * decimal, octal (`0177`) or hex (`0x7f`) parts (`2130706433`, `127.1`).
 */
export function parseIpLoose(text: string): IpAddress | null {
  const strict = parseIp(text);
  if (strict) return strict;
  const s = text.trim();
  const parts = s.split(".");
  if (parts.at(-1) === "" && parts.length > 1) parts.pop(); // a trailing dot is allowed
  if (parts.length < 1 || parts.length > 4) return null;
  const nums = parts.map(parseInetAtonPart);
  if (nums.some((n) => n === null)) return null;
  const values = nums as number[];
  const last = values.pop()!;
  if (values.some((n) => n > 255) || last >= 2 ** (8 * (4 - values.length))) return null;
  let value = last;
  values.forEach((n, i) => (value += n * 2 ** (8 * (3 - i))));
  return { version: 4, bytes: ipv4Bytes(value) };
}

function ipv4Bytes(value: number): Uint8Array {
  return Uint8Array.of(value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
}

/** An IPv4 address as an unsigned 32-bit number. */
export function ipv4ToNumber(address: IpAddress): number {
  const b = address.bytes;
  return ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
}

/** IPv4 from the low 32 bits of an IPv6 address when it is IPv4-mapped (`::ffff:a.b.c.d`). */
export function unmapIpv4(address: IpAddress): IpAddress {
  if (address.version === 4) return address;
  const b = address.bytes;
  for (let i = 0; i < 10; i++) if (b[i] !== 0) return address;
  if (b[10] !== 0xff || b[11] !== 0xff) return address;
  return { version: 4, bytes: b.slice(12) };
}

/** Canonical text: dotted quad, or RFC 5952 IPv6 (`::ffff:a.b.c.d` for mapped addresses). */
export function formatIp(address: IpAddress): string {
  const b = address.bytes;
  if (address.version === 4) return `${b[0]}.${b[1]}.${b[2]}.${b[3]}`;
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((b[i] << 8) | b[i + 1]);
  if (unmapIpv4(address).version === 4) return `::ffff:${formatIp(unmapIpv4(address))}`;
  let bestStart = -1, bestLen = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [bestStart, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(":");
  const left = hex.slice(0, bestStart).join(":");
  const right = hex.slice(bestStart + bestLen).join(":");
  return `${left}::${right}`;
}

/**
 * Parses `address/prefix` (or a bare address, meaning a single host) with a
 * strict address. Returns null when malformed or the prefix is out of range.
 */
export function parseCidr(text: string): Cidr | null {
  const slash = text.indexOf("/");
  const address = parseIp(slash < 0 ? text : text.slice(0, slash));
  if (!address) return null;
  const max = address.version === 4 ? 32 : 128;
  if (slash < 0) return { address, prefix: max };
  const p = text.slice(slash + 1).trim();
  if (!/^\d{1,3}$/.test(p) || Number(p) > max) return null;
  return { address, prefix: Number(p) };
}

/** Whether the first `prefix` bits of two equal-length byte strings agree. */
export function samePrefix(a: Uint8Array, b: Uint8Array, prefix: number): boolean {
  const full = prefix >> 3;
  for (let i = 0; i < full; i++) if (a[i] !== b[i]) return false;
  const rest = prefix & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (a[full] & mask) === (b[full] & mask);
}

/** Whether `address` lies in `cidr`; IPv4-mapped IPv6 addresses count as their IPv4 address. */
export function cidrContains(cidr: Cidr, address: IpAddress): boolean {
  const range = unmappedCidr(cidr);
  const a = unmapIpv4(address);
  if (range.address.version !== a.version) return false;
  return samePrefix(range.address.bytes, a.bytes, range.prefix);
}

function unmappedCidr(cidr: Cidr): Cidr {
  if (cidr.prefix < 96) return cidr;
  const a = unmapIpv4(cidr.address);
  return a === cidr.address ? cidr : { address: a, prefix: cidr.prefix - 96 };
}
