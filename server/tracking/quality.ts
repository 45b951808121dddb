/**
 * Traffic quality (decision 165): every click gets a verdict — null (clean) or
 * the reason it looks like no person: a declared bot (isbot), missing headers,
 * a headless browser (signals a tracking script may send), a data-centre
 * network (the AS, enrich/connection.ts), or too many clicks from one IP in a
 * short window. The campaign's bot policy then routes, flags or blocks it
 * (click.ts). Everything here is in memory and O(1) a click.
 */
import type { SettingsValue } from "../../contracts/settings.ts";
import type { Visitor } from "./enrich/visitor.ts";

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

/** IPs (IPv6: /64 networks) counted in one window at most; past it, new ones are not counted. */
const MAX_KEYS = 1_000_000;

/**
 * Clicks per IP in a sliding window, estimated from two fixed windows (the current count plus
 * the previous window's, weighted by how much of it the sliding window still covers). Two maps,
 * swapped when a window ends: memory holds two windows' distinct IPs, nothing is swept.
 */
export class IpFrequency {
  #current = new Map<string, number>();
  #previous = new Map<string, number>();
  #start = 0;
  #windowMs = 0;

  /** Counts a click from `key` at `ts`; answers the clicks from it in the last `windowMs`. */
  count(key: string, ts: number, windowMs: number): number {
    const start = ts - ts % windowMs;
    if (windowMs !== this.#windowMs) {
      this.#windowMs = windowMs;
      this.#start = start;
      this.#previous = new Map();
      this.#current = new Map();
    } else if (start > this.#start) {
      this.#previous = start - this.#start === windowMs ? this.#current : new Map();
      this.#current = new Map();
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

/** The key an IP is counted under: the address, or its /64 network for IPv6. */
export function ipKey(visitor: Visitor): string {
  const address = visitor.ipAddress;
  if (address?.version !== 6) return visitor.ip;
  let key = "";
  for (let i = 0; i < 8; i++) key += address.bytes[i].toString(16).padStart(2, "0");
  return key;
}
