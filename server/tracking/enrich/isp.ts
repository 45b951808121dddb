/**
 * Autonomous system and organisation (the "ISP") of an IP address, from the
 * CSV ranges of `@ip-location-db/asn`. Loaded once into sorted typed arrays
 * (~11 MB for ~515k ranges) and binary-searched; see
 * docs/decisions/031-enrichment-data.md.
 */
import { type IpAddress, ipv4ToNumber, parseIp, unmapIpv4 } from "../ip.ts";
import { isPublicAddress } from "../ip_public.ts";
import { readPackageFile } from "./data_files.ts";

/** Network of a visitor; "" and null when unknown. */
export interface IspInfo {
  readonly asn: number | null;
  readonly isp: string;
}

/** The npm package holding the data (CC BY 4.0: RouteViews, NRO, DB-IP). */
export const ASN_PACKAGE = "@ip-location-db/asn";

/** Ranges of one IP version; a v6 address is 4 words, compared most significant first. */
interface RangeTable {
  readonly words: 1 | 4;
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  readonly asns: Uint32Array;
  readonly names: Uint32Array;
  readonly nameList: readonly string[];
}

const UNKNOWN: IspInfo = Object.freeze({ asn: null, isp: "" });
let v4: RangeTable | null = null;
let v6: RangeTable | null = null;

function toWords(address: IpAddress): number[] {
  if (address.version === 4) return [ipv4ToNumber(address)];
  const b = address.bytes, out: number[] = [];
  for (let i = 0; i < 16; i += 4) {
    out.push(((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0);
  }
  return out;
}

/** Compares rows `a` and `b` of one array of `words`-word values. */
function compareRows(array: Uint32Array, a: number, b: number, words: number): number {
  for (let i = 0; i < words; i++) {
    const d = array[a * words + i] - array[b * words + i];
    if (d !== 0) return d;
  }
  return 0;
}

/** Compares the `words`-word value at `index` of `array` with `key`: <0, 0 or >0. */
function compareAt(array: Uint32Array, index: number, key: readonly number[]): number {
  const w = key.length;
  for (let i = 0; i < w; i++) {
    const d = array[index * w + i] - key[i];
    if (d !== 0) return d;
  }
  return 0;
}

/** Reads a range bound into `out` at `at`: a number in the IPv4 "-num" file, an address in the IPv6 one. */
function readBound(text: string, words: 1 | 4, out: Uint32Array, at: number): boolean {
  if (words === 1) {
    const n = Number(text);
    out[at] = n;
    return Number.isInteger(n) && n >= 0 && n <= 0xffffffff;
  }
  const a = parseIp(text);
  if (!a || a.version !== 6) return false;
  const b = a.bytes;
  for (let i = 0; i < 4; i++) {
    out[at + i] = ((b[i * 4] << 24) | (b[i * 4 + 1] << 16) | (b[i * 4 + 2] << 8) | b[i * 4 + 3]) >>>
      0;
  }
  return true;
}

/** Parses `start,end,asn,name` lines (name maybe quoted, with "" escapes). */
function loadTable(file: string, words: 1 | 4, dir?: string): RangeTable {
  const text = new TextDecoder().decode(readPackageFile(ASN_PACKAGE, file, dir));
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  const starts = new Uint32Array(n * words), ends = new Uint32Array(n * words);
  const asns = new Uint32Array(n), names = new Uint32Array(n);
  const nameIndex = new Map<string, number>(), nameList: string[] = [];
  let count = 0;
  for (let pos = 0; pos < text.length;) {
    let eol = text.indexOf("\n", pos);
    if (eol < 0) eol = text.length;
    const c1 = text.indexOf(",", pos),
      c2 = text.indexOf(",", c1 + 1),
      c3 = text.indexOf(",", c2 + 1);
    const line = pos;
    pos = eol + 1;
    if (c1 < 0 || c3 < 0 || c3 > eol) continue;
    const at = count * words;
    if (
      !readBound(text.slice(line, c1), words, starts, at) ||
      !readBound(text.slice(c1 + 1, c2), words, ends, at)
    ) continue;
    if (count > 0 && compareRows(starts, count - 1, count, words) > 0) {
      throw new Error(`${ASN_PACKAGE}/${file} is not sorted at "${text.slice(line, eol)}"`);
    }
    let name = text.slice(c3 + 1, eol).trimEnd();
    if (name.startsWith('"')) name = name.slice(1, -1).replaceAll('""', '"');
    let id = nameIndex.get(name);
    if (id === undefined) nameIndex.set(name, id = nameList.push(name) - 1);
    asns[count] = Number(text.slice(c2 + 1, c3));
    names[count++] = id;
  }
  return {
    words,
    starts: starts.subarray(0, count * words),
    ends: ends.subarray(0, count * words),
    asns: asns.subarray(0, count),
    names: names.subarray(0, count),
    nameList,
  };
}

/** Loads both tables now (at start; ~0.5 s), instead of on the first lookup. */
export function openIspDatabase(options: { dir?: string } = {}): void {
  v4 = loadTable("asn-ipv4-num.csv", 1, options.dir);
  v6 = loadTable("asn-ipv6.csv", 4, options.dir);
}

/** The index of the last range of `table` starting at or before `key`, or -1. */
function lastStartingAtOrBefore(table: RangeTable, key: readonly number[]): number {
  let lo = 0, hi = table.asns.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (compareAt(table.starts, mid, key) <= 0) [found, lo] = [mid, mid + 1];
    else hi = mid - 1;
  }
  return found;
}

function v4Table(): RangeTable {
  return v4 ??= loadTable("asn-ipv4-num.csv", 1);
}

/** The AS number and organisation of an address; unknown for non-public or unlisted ones. */
export function lookupIsp(ip: string | IpAddress): IspInfo {
  const parsed = typeof ip === "string" ? parseIp(ip) : ip;
  if (!parsed || !isPublicAddress(parsed)) return UNKNOWN;
  const address = unmapIpv4(parsed);
  const table = address.version === 4 ? v4Table() : v6 ??= loadTable("asn-ipv6.csv", 4);
  const key = toWords(address);
  const found = lastStartingAtOrBefore(table, key);
  if (found < 0 || compareAt(table.ends, found, key) < 0) return UNKNOWN;
  return { asn: table.asns[found], isp: table.nameList[table.names[found]] };
}

/**
 * `lookupIsp` of a public IPv4 address, and whether every address of its /24
 * gets the same answer (no range starts or ends inside the /24), so the
 * answer can be cached per /24 (see `enrichVisitor`).
 */
export function lookupIspV4Block(value: number): { info: IspInfo; wholeBlock: boolean } {
  const table = v4Table();
  const first = (value & 0xffffff00) >>> 0, last = (first | 0xff) >>> 0;
  const found = lastStartingAtOrBefore(table, [value]);
  const next = found + 1 < table.asns.length ? table.starts[found + 1] : Infinity;
  const sameRange = (found < 0 || table.starts[found] <= first) && next > last;
  if (found < 0 || table.ends[found] < value) {
    return { info: UNKNOWN, wholeBlock: sameRange && (found < 0 || table.ends[found] < first) };
  }
  return {
    info: { asn: table.asns[found], isp: table.nameList[table.names[found]] },
    wholeBlock: sameRange && table.ends[found] >= last,
  };
}
