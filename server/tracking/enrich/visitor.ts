/**
 * One call that turns a request's raw facts into the typed `Visitor` the rule
 * engine and the click record use. Costs a few µs once the user agent is cached
 * (see tests/bench/enrich.ts); nothing here touches the network or the database.
 */
import { formatIp, type IpAddress, ipv4ToNumber, parseIp, unmapIpv4 } from "../ip.ts";
import { isPublicAddress } from "../ip_public.ts";
import { type GeoInfo, lookupGeo, lookupGeoNetwork, openGeoDatabase } from "./geo.ts";
import { type IspInfo, lookupIsp, lookupIspV4Block, openIspDatabase } from "./isp.ts";
import { type ConnectionType, connectionType } from "./connection.ts";
import { cachedZoneOffset } from "../time_zone.ts";
import { primaryLanguage } from "./language.ts";
import {
  detectBot,
  MAX_USER_AGENT_LENGTH,
  parseUserAgent,
  type UserAgentInfo,
} from "./user_agent.ts";

/** Raw request facts; the route layer extracts them (client IP per ROTOR_TRUST_PROXY). */
export interface VisitorInput {
  readonly ip: string;
  readonly userAgent: string | null | undefined;
  readonly acceptLanguage?: string | null;
  readonly referrer?: string | null;
  /** Click time. */
  readonly now: Date | number;
  /** Traffic-source tokens by macro name (`t1`…`t30`), already read from the query. */
  readonly tokens?: Readonly<Record<string, string>>;
  /** Query parameters (first value of each), for `param` criteria. */
  readonly params?: Readonly<Record<string, string>>;
  /** Decided by the caller from the click store (uniqueness per campaign). */
  readonly isUnique?: boolean;
  /** IANA zone for `weekday` and `hour` criteria; UTC when omitted. */
  readonly timeZone?: string;
}

/** Everything a rule can test about a visitor; strings are "" when unknown. */
export interface Visitor extends UserAgentInfo, GeoInfo {
  /** Canonical text of the address (IPv4-mapped IPv6 shown as IPv4), or the raw text if unparseable. */
  readonly ip: string;
  readonly ipAddress: IpAddress | null;
  readonly ipVersion: 4 | 6 | null;
  readonly asn: number | null;
  readonly isp: string;
  /** Connection type from the AS: cellular, broadband, hosting, or "" when unknown. */
  readonly connection: ConnectionType;
  /** Primary language subtag, lower case (`en`). */
  readonly language: string;
  readonly userAgent: string;
  readonly referrer: string;
  readonly isBot: boolean;
  readonly botReason: string | null;
  readonly isUnique: boolean;
  readonly tokens: Readonly<Record<string, string>>;
  readonly params: Readonly<Record<string, string>>;
  /** Click time, ms since the epoch. */
  readonly ts: number;
  /** ISO weekday in `timeZone`: 1 = Monday … 7 = Sunday. */
  readonly weekday: number;
  /** Hour of day in `timeZone`, 0–23. */
  readonly hour: number;
  /**
   * Objects that stand for the user agent's text and for the place's facts
   * while they are alive: the same ones come back for the same user agent and
   * /24 block, so the click writer finds their dictionary entries by identity
   * (`Dictionary.internFor`). Absent on visitors made elsewhere.
   */
  readonly agentRef?: object;
  readonly placeRef?: object;
}

const EMPTY: Readonly<Record<string, string>> = Object.freeze({});

/** ISO weekday and hour of the instant `ts` in `timeZone`. */
function localTime(ts: number, timeZone: string): { weekday: number; hour: number } {
  const local = ts + cachedZoneOffset(ts, timeZone);
  const days = Math.floor(local / 86_400_000); // 1970-01-01 was a Thursday (ISO 4)
  return {
    weekday: ((days + 3) % 7 + 7) % 7 + 1,
    hour: (Math.floor(local / 3_600_000) % 24 + 24) % 24,
  };
}

/** Loads the geo and ASN databases now; call once at start so no click pays for it. */
export function loadEnrichmentData(options: { dir?: string } = {}): void {
  openGeoDatabase(options);
  openIspDatabase(options);
  blocks.clear();
}

/**
 * A visitor's geo and ISP answers. `lasting`: the same object comes back for
 * every address of its /24 (held by the block cache), so it can stand for the
 * place (`placeRef`); a place made for one click (IPv6, a block the cache
 * cannot hold) is not.
 */
type Place = { geo: GeoInfo; net: IspInfo; lasting: boolean };

/**
 * Places by /24 block number in a two-way set-associative table: a hit is two
 * typed-array reads, with no list of recent entries to relink (an LRU's
 * bookkeeping cost more than its lookup on every click). A new block takes
 * the less recently used of its set's two slots.
 */
class BlockCache {
  readonly #keys: Int32Array;
  readonly #places: (Place | undefined)[];
  /** Per set: the way used last. */
  readonly #recent: Uint8Array;
  readonly #shift: number;

  /** @param sets a power of two; twice as many blocks are kept at most */
  constructor(sets: number) {
    this.#keys = new Int32Array(sets * 2).fill(-1);
    this.#places = new Array(sets * 2).fill(undefined);
    this.#recent = new Uint8Array(sets);
    this.#shift = 32 - Math.log2(sets);
  }

  #set(block: number): number {
    return Math.imul(block, 0x9e3779b1) >>> this.#shift;
  }

  get(block: number): Place | undefined {
    const set = this.#set(block);
    const at = set * 2;
    if (this.#keys[at] === block) {
      this.#recent[set] = 0;
      return this.#places[at];
    }
    if (this.#keys[at + 1] === block) {
      this.#recent[set] = 1;
      return this.#places[at + 1];
    }
    return undefined;
  }

  set(block: number, place: Place): void {
    const set = this.#set(block);
    const way = this.#keys[set * 2] === -1 ? 0 : this.#recent[set] ^ 1;
    this.#keys[set * 2 + way] = block;
    this.#places[set * 2 + way] = place;
    this.#recent[set] = way;
  }

  clear(): void {
    this.#keys.fill(-1);
    this.#places.fill(undefined);
  }
}
const UNKNOWN_PLACE: Place = {
  geo: { country: "", region: "", city: "" },
  net: { asn: null, isp: "" },
  lasting: true,
};

/**
 * Geo and ISP answers per IPv4 /24, kept only when the databases give every
 * address of that /24 the same answer (the mmdb network is /24 or wider and
 * no ASN range starts or ends inside it), so a hit is exact. Visitors come in
 * clusters (carriers, NAT, retargeting, refreshes): a hit costs ~0.2 µs, a
 * lookup ~3.5 µs. 64k blocks ≈ 10 MB at most.
 */
const blocks = new BlockCache(32_768);

function locate(address: IpAddress | null): Place {
  if (!address || !isPublicAddress(address)) return UNKNOWN_PLACE;
  if (address.version !== 4) {
    return { geo: lookupGeo(address), net: lookupIsp(address), lasting: false };
  }
  const value = ipv4ToNumber(address);
  const block = value >>> 8;
  const cached = blocks.get(block);
  if (cached) return cached;
  const { geo, prefix } = lookupGeoNetwork(address);
  const { info, wholeBlock } = lookupIspV4Block(value);
  const lasting = prefix <= 24 && wholeBlock;
  const place = { geo, net: info, lasting };
  if (lasting) blocks.set(block, place);
  return place;
}

/** Enriches one visit: user agent (cached), bot verdict, geo, ISP, language, local time. */
export function enrichVisitor(input: VisitorInput): Visitor {
  const parsed = parseIp(input.ip);
  const address = parsed ? unmapIpv4(parsed) : null;
  const userAgent = (input.userAgent ?? "").slice(0, MAX_USER_AGENT_LENGTH);
  const ua = parseUserAgent(userAgent);
  const bot = detectBot(userAgent);
  const place = locate(address);
  const { geo, net } = place;
  const ts = typeof input.now === "number" ? input.now : input.now.getTime();
  const time = localTime(ts, input.timeZone ?? "UTC");
  // Spelt out, not spread: one object shape for every visitor is cheaper on the click path.
  return {
    deviceType: ua.deviceType,
    brand: ua.brand,
    model: ua.model,
    os: ua.os,
    osVersion: ua.osVersion,
    browser: ua.browser,
    browserVersion: ua.browserVersion,
    country: geo.country,
    region: geo.region,
    city: geo.city,
    ip: address ? formatIp(address) : input.ip.trim(),
    ipAddress: address,
    ipVersion: address?.version ?? null,
    asn: net.asn,
    isp: net.isp,
    connection: connectionType(net.asn, net.isp),
    language: primaryLanguage(input.acceptLanguage),
    userAgent,
    referrer: (input.referrer ?? "").slice(0, 2048),
    isBot: bot.isBot,
    botReason: bot.reason,
    isUnique: input.isUnique ?? true,
    tokens: input.tokens ?? EMPTY,
    params: input.params ?? EMPTY,
    ts,
    weekday: time.weekday,
    hour: time.hour,
    agentRef: ua,
    placeRef: place.lasting ? place : undefined,
  };
}
