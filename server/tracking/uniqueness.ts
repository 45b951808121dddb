/**
 * Is this visitor (IP + user agent) new to the campaign within its
 * `uniquenessHours`? Answered from memory: a bounded LRU of campaign + IP +
 * user-agent hash → last click time, filled as clicks are made (so clicks
 * still waiting for their commit count) and rebuilt from the stored clicks
 * of the longest window at start. No index on the clicks table is needed, so
 * inserts only append (docs/decisions/050-click-storage.md).
 */
import type { Db } from "../db/connection.ts";
import { LruMap } from "./enrich/lru.ts";
import { clickIdBound } from "./click_id.ts";

/** Visitors remembered at most; beyond it the least recent count as new again. */
export const MAX_VISITORS = 1_000_000;

/** FNV-1a, 32 bits: a user agent's short stand-in inside the visitor key. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Remembers visitors per campaign. */
export class Uniqueness {
  #recent: LruMap<string, number>;
  #uaHashes = new LruMap<string, number>(20_000);

  constructor(capacity = MAX_VISITORS) {
    this.#recent = new LruMap(capacity);
  }

  #key(campaignId: number, ip: string, userAgent: string): string {
    let h = this.#uaHashes.get(userAgent);
    if (h === undefined) {
      h = hash(userAgent);
      this.#uaHashes.set(userAgent, h);
    }
    return `${campaignId}|${ip}|${h}`;
  }

  /**
   * Whether the visit at `ts` is unique, and remembers it. A visitor counts as
   * unique again once `windowMs` has passed since their previous click.
   */
  check(
    visit: { campaignId: number; ip: string; userAgent: string; ts: number },
    windowMs: number,
  ): boolean {
    const key = this.#key(visit.campaignId, visit.ip, visit.userAgent);
    const last = this.#recent.get(key);
    this.#recent.set(key, visit.ts);
    return last === undefined || visit.ts - last >= windowMs;
  }

  /** Refills the memory from the clicks of the longest campaign window (at start). */
  load(db: Db, now: number = Date.now()): number {
    const hours = Number(
      db.prepare("SELECT coalesce(max(uniqueness_hours), 0) AS h FROM campaigns").get()?.h ?? 0,
    );
    if (hours === 0) return 0;
    const rows = db.prepare(
      `SELECT c.campaign_id, c.ip, c.ts, coalesce(u.text, '') AS ua FROM clicks c
       LEFT JOIN user_agents u ON u.id = c.ua_id
       WHERE c.id >= ? AND c.campaign_id IS NOT NULL ORDER BY c.id DESC LIMIT ?`,
    ).all(clickIdBound(now - hours * 3_600_000), this.#recent.capacity);
    for (let i = rows.length - 1; i >= 0; i--) {
      const r = rows[i];
      this.#recent.set(
        this.#key(Number(r.campaign_id), String(r.ip ?? ""), String(r.ua)),
        Number(r.ts),
      );
    }
    return rows.length;
  }

  /** Forgets every visitor. */
  clear(): void {
    this.#recent.clear();
  }
}
