/**
 * Is this visitor (IP + user agent) new to the campaign within its
 * `uniquenessHours`? Answered from memory: a bounded table of campaign + IP +
 * user-agent hash → last click time, filled as clicks are made (so clicks
 * still waiting for their commit count) and rebuilt from the stored clicks
 * of the longest window at start. No index on the clicks table is needed, so
 * inserts only append (docs/decisions/050-click-storage.md).
 */
import type { Db } from "../db/connection.ts";
import { clickIdBound } from "./click_id.ts";

/** Visitors remembered at most; beyond it the least recent count as new again. */
export const MAX_VISITORS = 1_000_000;

/** Slots per bucket: a visitor lives in one bucket, which forgets its oldest first. */
const WAYS = 8;

/**
 * Two 32-bit hashes (FNV-1a and a second multiply-xor) of campaign + IP + user
 * agent in one pass: 64 bits of which the bucket number and the stored tag
 * use ~51, so two visitors are confused about once in 2^51 comparisons.
 */
function visitorHash(campaignId: number, ip: string, userAgent: string, out: Uint32Array): void {
  let a = 0x811c9dc5 ^ campaignId, b = Math.imul(campaignId ^ 0x9e3779b9, 0x85ebca6b);
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0xcc9e2d51) ^ (b >>> 15);
  }
  a = Math.imul(a ^ 0x7c, 0x01000193); // a separator: "1.2.3.4" + "5…" ≠ "1.2.3.45" + "…"
  for (let i = 0; i < userAgent.length; i++) {
    const c = userAgent.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0xcc9e2d51) ^ (b >>> 15);
  }
  out[0] = a;
  out[1] = Math.imul(b ^ (b >>> 16), 0x85ebca6b) ^ a;
}

/**
 * Remembers visitors per campaign in typed arrays (~12 bytes a slot, twice
 * MAX_VISITORS slots): a bucket of WAYS slots per hash, each holding a tag
 * and the visitor's last click time; a new visitor takes the bucket's empty
 * or oldest slot. A lookup reads one cache line instead of hashing a string
 * key into a million-entry Map (~2 µs a click).
 */
export class Uniqueness {
  readonly capacity: number;
  #mask: number;
  #tags: Uint32Array;
  #times: Float64Array;
  #hash = new Uint32Array(2);

  constructor(capacity = MAX_VISITORS) {
    this.capacity = capacity;
    const buckets = 2 ** Math.ceil(Math.log2(Math.max(1, (2 * capacity) / WAYS)));
    this.#mask = buckets - 1;
    this.#tags = new Uint32Array(buckets * WAYS);
    this.#times = new Float64Array(buckets * WAYS); // 0: empty
  }

  /** The visitor's previous click time (undefined if none remembered), now set to `ts`. */
  #swap(campaignId: number, ip: string, userAgent: string, ts: number): number | undefined {
    visitorHash(campaignId, ip, userAgent, this.#hash);
    const first = (this.#hash[0] & this.#mask) * WAYS;
    const tag = this.#hash[1];
    let oldest = first;
    for (let slot = first; slot < first + WAYS; slot++) {
      const last = this.#times[slot];
      if (last !== 0 && this.#tags[slot] === tag) {
        if (ts > last) this.#times[slot] = ts;
        return last;
      }
      if (last < this.#times[oldest]) oldest = slot;
    }
    this.#tags[oldest] = tag;
    this.#times[oldest] = ts;
    return undefined;
  }

  /**
   * Whether the visit at `ts` is unique, and remembers it. A visitor counts as
   * unique again once `windowMs` has passed since their previous click.
   */
  check(
    visit: { campaignId: number; ip: string; userAgent: string; ts: number },
    windowMs: number,
  ): boolean {
    const last = this.#swap(visit.campaignId, visit.ip, visit.userAgent, visit.ts);
    return last === undefined || visit.ts - last >= windowMs;
  }

  /** Refills the memory from the clicks of the longest campaign window (at start). */
  load(db: Db, now: number = Date.now()): number {
    const hours = Number(
      db.prepare("SELECT coalesce(max(uniqueness_hours), 0) AS h FROM campaigns").get()?.h ?? 0,
    );
    if (hours === 0) return 0;
    // Only the newest `capacity` clicks of the window count: find where they start (a walk of
    // the primary key), then read them oldest first without the agents' text (decision 112).
    const bound = clickIdBound(db, now - hours * 3_600_000);
    const first = db.prepare(
      "SELECT id FROM clicks WHERE id >= ? ORDER BY id DESC LIMIT 1 OFFSET ?",
    )
      .get(bound, this.capacity - 1);
    const agents = new Map<number, string>();
    const agent = db.prepare("SELECT text FROM user_agents WHERE id = ?");
    const rows = db.prepare(
      `SELECT campaign_id, ip, ts, ua_id FROM clicks
       WHERE id >= ? AND campaign_id IS NOT NULL ORDER BY id`,
    );
    let n = 0;
    for (const r of rows.iterate(first ? String(first.id) : bound)) {
      const uaId = r.ua_id === null ? 0 : Number(r.ua_id);
      let ua = agents.get(uaId);
      if (ua === undefined) {
        ua = uaId ? String(agent.get(uaId)?.text ?? "") : "";
        agents.set(uaId, ua);
      }
      this.#swap(Number(r.campaign_id), String(r.ip ?? ""), ua, Number(r.ts));
      n++;
    }
    return n;
  }

  /** Forgets every visitor. */
  clear(): void {
    this.#times.fill(0);
  }
}
