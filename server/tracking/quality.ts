/**
 * Traffic quality (decision 165): every click gets a verdict — null (clean) or
 * the reason it looks like no person: a declared bot (isbot), a HEAD request
 * (a link checker or monitor: no browser navigates with one), missing headers,
 * a headless browser (signals a tracking script may send), a data-centre
 * network (the AS, enrich/connection.ts), or too many clicks from one IP in a
 * short window. The campaign's bot policy then routes, flags or blocks it
 * (click.ts). Everything here is in memory and O(1) a click.
 */
import type { SettingsValue } from "../../contracts/settings.ts";
import type { Visitor } from "./enrich/visitor.ts";
import { ipv4ToNumber } from "./ip.ts";

/** Settings → LP protect → Traffic quality. */
export type QualitySettings = SettingsValue<"traffic-quality">;

/**
 * What a page script reports about the browser: the `navigator.webdriver` flag, a headless
 * user agent inside the page, no languages. The direct-tracking script sends them (`s=` on
 * `/rt/:key`, decision 164); a click carrying any of them true is a headless browser.
 */
export type ClientSignals = {
  webdriver?: boolean;
  headless?: boolean;
  noLanguages?: boolean;
};

/** Request facts beyond the visitor. */
export type QualityFacts = {
  /** The Accept-Language header; null when the request had none, undefined when unknown. */
  acceptLanguage?: string | null;
  signals?: ClientSignals | null;
  /** The request was a HEAD: a link checker or an uptime monitor, never a browser's visit. */
  head?: boolean;
  /** Clicks from the visitor's IP in the window, this one included (`IpFrequency.count`). */
  ipClicks: number;
};

/**
 * Networks of privacy relays (iCloud Private Relay's egress: Cloudflare, Akamai's relay AS,
 * Fastly): people browse through them, so they are no data-centre verdict even when the
 * connection type calls the AS hosting.
 */
const RELAY_ASNS: ReadonlySet<number> = new Set([13335, 36183, 54113]);

/** The click's quality reason, or null when nothing speaks against a person. */
export function judgeQuality(
  visitor: Visitor,
  facts: QualityFacts,
  settings: QualitySettings,
): string | null {
  if (visitor.botReason !== null) return visitor.botReason;
  if (facts.head) return "HEAD request";
  if (settings.emptyHeaders && facts.acceptLanguage !== undefined) {
    const value = (facts.acceptLanguage ?? "").trim();
    if (value === "") return "no Accept-Language header";
    // What HTTP libraries send (fetch in Deno and Node: `*`); no browser does.
    if (value === "*") return 'Accept-Language "*"';
  }
  const signals = facts.signals;
  if (signals) {
    const seen = (["webdriver", "headless", "noLanguages"] as const).filter((k) => signals[k]);
    if (seen.length > 0) return `headless browser: ${seen.join(", ")}`;
  }
  if (
    settings.dataCentre && visitor.connection === "hosting" && visitor.asn !== null &&
    !RELAY_ASNS.has(visitor.asn)
  ) {
    return `data centre: AS${visitor.asn} ${visitor.isp}`;
  }
  if (settings.ipClickLimit > 0 && facts.ipClicks > settings.ipClickLimit) {
    return `more than ${settings.ipClickLimit} clicks from one IP in ${settings.ipWindowSeconds} s`;
  }
  return null;
}

/**
 * One window's clicks per IPv4 address: open addressing over typed arrays,
 * growing by doubling. A click from a new address (nearly every click of
 * varied traffic) adds no object for the collector to keep and mark, as a
 * `Map` of a million address strings would.
 */
class V4Counts {
  #keys = new Uint32Array(1024);
  /** 0: an empty slot. */
  #counts = new Uint32Array(1024);
  size = 0;

  #slot(ip: number): number {
    const mask = this.#keys.length - 1;
    let slot = Math.imul(ip, 0x9e3779b1) >>> 0 & mask;
    while (this.#counts[slot] !== 0 && this.#keys[slot] !== ip) slot = (slot + 1) & mask;
    return slot;
  }

  get(ip: number): number {
    return this.#counts[this.#slot(ip)];
  }

  /** Stores `count` for `ip`. */
  set(ip: number, count: number): void {
    let slot = this.#slot(ip);
    if (this.#counts[slot] === 0) {
      if (2 * (this.size + 1) > this.#keys.length) {
        this.#grow();
        slot = this.#slot(ip);
      }
      this.size++;
      this.#keys[slot] = ip;
    }
    this.#counts[slot] = count;
  }

  #grow(): void {
    const keys = this.#keys, counts = this.#counts;
    this.#keys = new Uint32Array(keys.length * 2);
    this.#counts = new Uint32Array(keys.length * 2);
    for (let i = 0; i < keys.length; i++) {
      if (counts[i] === 0) continue;
      const slot = this.#slot(keys[i]);
      this.#keys[slot] = keys[i];
      this.#counts[slot] = counts[i];
    }
  }
}

/** One window's clicks per IP key: IPv4 addresses as numbers, anything else by its text. */
class WindowCounts {
  readonly v4 = new V4Counts();
  readonly other = new Map<string, number>();

  get size(): number {
    return this.v4.size + this.other.size;
  }

  get(key: number | string): number | undefined {
    if (typeof key === "string") return this.other.get(key);
    return this.v4.get(key) || undefined;
  }

  set(key: number | string, count: number): void {
    if (typeof key === "string") this.other.set(key, count);
    else this.v4.set(key, count);
  }
}

/** IPs (IPv6: /64 networks) counted in one window at most; past it, new ones are not counted. */
const MAX_KEYS = 1_000_000;

/**
 * Clicks per IP in a sliding window, estimated from two fixed windows (the current count plus
 * the previous window's, weighted by how much of it the sliding window still covers). Two
 * tables, swapped when a window ends: memory holds two windows' distinct IPs, nothing is swept.
 */
export class IpFrequency {
  #current = new WindowCounts();
  #previous = new WindowCounts();
  #start = 0;
  #windowMs = 0;

  /**
   * Counts a click from `key` (`ipKey`: an IPv4 address as a number, else text) at `ts`;
   * answers the clicks from it in the last `windowMs`.
   */
  count(key: number | string, ts: number, windowMs: number): number {
    const start = ts - ts % windowMs;
    if (windowMs !== this.#windowMs) {
      this.#windowMs = windowMs;
      this.#start = start;
      this.#previous = new WindowCounts();
      this.#current = new WindowCounts();
    } else if (start > this.#start) {
      this.#previous = start - this.#start === windowMs ? this.#current : new WindowCounts();
      this.#current = new WindowCounts();
      this.#start = start;
    }
    const n = (this.#current.get(key) ?? 0) + 1;
    if (n > 1 || this.#current.size < MAX_KEYS) this.#current.set(key, n);
    const before = this.#previous.get(key);
    if (before === undefined) return n;
    // A click stamped before the current window (a late one) counts the whole previous window.
    const covered = Math.min(1, Math.max(0, 1 - (ts - this.#start) / windowMs));
    return n + before * covered;
  }
}

/** The key an IP is counted under: an IPv4 address as a number, an IPv6 one's /64 network. */
export function ipKey(visitor: Visitor): number | string {
  const address = visitor.ipAddress;
  if (address === null) return visitor.ip;
  if (address.version === 4) return ipv4ToNumber(address);
  let key = "";
  for (let i = 0; i < 8; i++) key += address.bytes[i].toString(16).padStart(2, "0");
  return key;
}
