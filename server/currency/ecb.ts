/**
 * The European Central Bank's euro reference rates (decision 162): fetch the
 * feed, read its `<Cube time="YYYY-MM-DD"><Cube currency="USD" rate="1.0856"/>`
 * entries (the daily, 90-day and full-history files share that shape), and
 * store them with source `ecb`. A rate an operator set (by hand or CSV) is
 * never overwritten. A feed that cannot be fetched or read changes nothing.
 */
import type { Db } from "../db/connection.ts";
import { transaction } from "../db/connection.ts";
import { type RateActor, ratesBetween, rateWriter } from "./store.ts";
import { type Allow, checkedAddress } from "../triggers/egress.ts";

/** One day of the feed: currency → units per euro. */
export type EcbDay = { day: string; rates: Map<string, number> };

/** Time limit of one fetch. */
export const ECB_TIMEOUT_MS = 20_000;
/** Largest feed read: the full history since 1999 is about 6 MB. */
const MAX_BYTES = 32 * 1024 * 1024;

const TAG = /<(\/?)(?:[\w.-]+:)?Cube\b([^>]*?)(\/?)>/g;
const ATTR = /([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(ATTR)) out[m[1]] = m[3] ?? m[4];
  return out;
}

/**
 * The days of an ECB feed, oldest first. Throws a readable error when the
 * text is not XML, not an ECB feed, or holds a rate that cannot be right.
 */
export function parseEcbXml(text: string): EcbDay[] {
  const body = text.replace(/^\uFEFF/, "").trimStart();
  if (!body.startsWith("<")) throw new Error("the answer is not XML");
  const days = new Map<string, Map<string, number>>();
  let current: Map<string, number> | null = null;
  for (const m of body.matchAll(TAG)) {
    const [, closing, attrText, selfClosing] = m;
    if (closing) {
      // Closing a day's Cube ends it; closing the outer Cubes changes nothing.
      current = null;
      continue;
    }
    const attrs = attributes(attrText);
    if (attrs.time !== undefined) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(attrs.time)) {
        throw new Error(`the feed has a day '${attrs.time}' that is not YYYY-MM-DD`);
      }
      current = days.get(attrs.time) ?? new Map();
      days.set(attrs.time, current);
      if (selfClosing) current = null;
    } else if (attrs.currency !== undefined) {
      if (!current) throw new Error(`the feed has a rate for ${attrs.currency} outside a day`);
      const currency = attrs.currency.trim().toUpperCase();
      const rate = Number(attrs.rate);
      if (!/^[A-Z]{3}$/.test(currency)) {
        throw new Error(`the feed has a currency '${attrs.currency}' that is not a 3-letter code`);
      }
      if (!/^\s*\d+(\.\d+)?\s*$/.test(attrs.rate ?? "") || !(rate > 0)) {
        throw new Error(`the feed's rate '${attrs.rate}' for ${currency} is not a number above 0`);
      }
      if (currency !== "EUR") current.set(currency, rate);
    }
  }
  if (days.size === 0) {
    throw new Error('the answer is not an ECB rates feed: no <Cube time="…"> days in it');
  }
  return [...days].map(([day, rates]) => ({ day, rates })).sort((a, b) => a.day < b.day ? -1 : 1);
}

/** Reads at most `max` bytes of a body as text; more is an error. */
async function readText(res: Response, max: number): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${max / 1024 / 1024} MB`);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(all);
}

/** Where the fetch may go besides public addresses, and how long it may take. */
export type FeedOptions = { allow?: Allow; timeoutMs?: number };

/**
 * Fetches and reads the feed at `url`; throws a readable error (network,
 * status, content). Like every outgoing call (decision 032) it goes only to a
 * public address, or one `allow` names (`ROTOR_FEED_ALLOW`), pinned to the
 * address checked, and follows no redirect.
 */
export async function fetchEcbFeed(url: string, options: FeedOptions = {}): Promise<EcbDay[]> {
  const timeoutMs = options.timeoutMs ?? ECB_TIMEOUT_MS;
  let client: Deno.HttpClient | null = null;
  let res: Response;
  try {
    const target = new URL(url);
    if (target.protocol !== "http:" && target.protocol !== "https:") {
      throw new Error(`refused: scheme ${target.protocol}`);
    }
    const hostname = await checkedAddress(target.hostname, options.allow ?? (() => false));
    const port = Number(target.port) || (target.protocol === "https:" ? 443 : 80);
    client = Deno.createHttpClient({ proxy: { transport: "tcp", hostname, port } });
    const init: RequestInit & { client: Deno.HttpClient } = {
      client,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: "application/xml, text/xml" },
    };
    res = await fetch(target.href, init);
  } catch (err) {
    client?.close();
    const reason = err instanceof DOMException && err.name === "TimeoutError"
      ? `no answer within ${timeoutMs / 1000} s`
      : (err as Error).message;
    throw new Error(`could not fetch ${url}: ${reason}`);
  }
  try {
    if (!res.ok) {
      await res.body?.cancel();
      const moved = res.status >= 300 && res.status < 400 ? " (redirects are not followed)" : "";
      throw new Error(`${url} answered ${res.status}${moved}`);
    }
    return parseEcbXml(await readText(res, MAX_BYTES));
  } finally {
    client?.close();
  }
}

/** What storing a feed did. */
export type EcbCounts = { added: number; changed: number; unchanged: number; kept: number };

/** The ECB fetch as the author of its changes. */
export const ECB_ACTOR: RateActor = { userId: null, username: "ecb", source: "ecb" };

/** Stores a feed's rates in one transaction, keeping every rate an operator set. */
export function storeEcbDays(db: Db, days: EcbDay[]): EcbCounts {
  const counts: EcbCounts = { added: 0, changed: 0, unchanged: 0, kept: 0 };
  if (days.length === 0) return counts;
  transaction(db, () => {
    const stored = ratesBetween(db, days[0].day, days[days.length - 1].day);
    const put = rateWriter(db, ECB_ACTOR);
    for (const { day, rates } of days) {
      for (const [currency, perEur] of rates) {
        const before = stored.get(`${currency} ${day}`);
        if (before && before.source !== "ecb") counts.kept++;
        else counts[put({ currency, day, perEur }, before)]++;
      }
    }
  });
  return counts;
}
