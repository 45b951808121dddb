/**
 * Offer daily caps (decision 124): once an offer has `dailyCap` conversions
 * (lead or sale, current) today in the tracker's report time zone, clicks that
 * would go to it go to its fallback offer, or skip it when it has none.
 * Today's counts per offer live in memory and are recounted (one indexed
 * query over today's conversions) when the day changes or `conversion_version`
 * moved; a click that reaches no capped offer reads nothing.
 */
import type { Db, Statement } from "../db/connection.ts";
import { dayRange, today } from "../entities/range.ts";
import type { EntityCache } from "./cache.ts";
import type { OfferResolver } from "./rules.ts";

/** How many fallbacks are followed before an offer counts as skipped (loops end sooner). */
const MAX_FALLBACKS = 5;

/** One capped offer's day so far. */
export type CapState = { offerId: number; dailyCap: number; conversions: number; capped: boolean };

/** Today's conversions per offer, and where a capped offer's traffic goes. */
export class OfferCaps {
  #counts = new Map<number, number>();
  #until = -Infinity;
  #zone = "";
  #version = -1;
  #readVersion: Statement;
  #count: Statement;

  #versionAt = -Infinity;
  /** The conversion version read last (at `#versionAt`). */
  #latest = -1;

  /**
   * `versionFreshMs`: a conversion version read this recently is trusted
   * without reading it again (PostgreSQL: the click's probe read it a moment
   * before, asynchronously; 0 on SQLite: read every time).
   */
  constructor(
    readonly db: Db,
    readonly cache: EntityCache,
    readonly versionFreshMs = 0,
  ) {
    this.#readVersion = db.prepare("SELECT n FROM conversion_version");
    this.#count = db.prepare(
      `SELECT k.offer_id AS offer, count(*) AS n FROM conversions v JOIN clicks k ON k.id = v.click_id
       WHERE v.ts >= ? AND v.ts < ? AND v.current = 1 AND v.status IN ('lead', 'sale')
       GROUP BY k.offer_id`,
    );
  }

  /** Conversions of `offerId` today (recounted when the day or any conversion changed). */
  conversionsToday(offerId: number, now = Date.now()): number {
    const zone = this.cache.trackerTimeZone();
    const at = performance.now();
    if (at - this.#versionAt >= this.versionFreshMs) {
      this.#latest = Number(this.#readVersion.get()!.n);
      this.#versionAt = at;
    }
    const version = this.#latest;
    if (now >= this.#until || zone !== this.#zone || version !== this.#version) {
      const day = today(zone, now);
      const { start, end } = dayRange({ tz: zone, from: day, to: day });
      this.#counts.clear();
      for (const row of this.#count.all(start, end)) {
        if (row.offer !== null) this.#counts.set(Number(row.offer), Number(row.n));
      }
      this.#until = end;
      this.#zone = zone;
      this.#version = version;
    }
    return this.#counts.get(offerId) ?? 0;
  }

  /** `resolve` at the current time, for `routeFlow` and `pickOffer`. */
  readonly resolver: OfferResolver = (offerId) => this.resolve(offerId);

  /** Whether `offerId` reached its cap today. */
  isCapped(offerId: number, now = Date.now()): boolean {
    const cap = this.cache.offer(offerId)?.dailyCap ?? null;
    return cap !== null && this.conversionsToday(offerId, now) >= cap;
  }

  /**
   * The offer a click picked as `offerId` goes to: itself while under its cap,
   * else its fallback (followed while capped), or null to skip it.
   */
  resolve(offerId: number, now?: number): number | null {
    let id = offerId;
    for (let hop = 0; hop <= MAX_FALLBACKS; hop++) {
      // As `isCapped`, reading the clock only for an offer with a cap (most have none, and
      // every click resolves each offer of its path).
      const offer = this.cache.offer(id);
      const cap = offer?.dailyCap ?? null;
      if (cap === null || this.conversionsToday(id, now ??= Date.now()) < cap) return id;
      const next = offer?.capFallbackOfferId ?? null;
      if (next === null) return null;
      id = next;
    }
    return null;
  }

  /**
   * Every offer with a cap, and how far its day has gone (the offer list's "capped today"), by
   * id (unordered, PostgreSQL answered in its heap's order: an edited offer came last).
   */
  today(now = Date.now()): CapState[] {
    return this.db.prepare(
      "SELECT id, daily_cap FROM offers WHERE daily_cap IS NOT NULL ORDER BY id",
    ).all()
      .map((row) => {
        const offerId = Number(row.id), dailyCap = Number(row.daily_cap);
        const conversions = this.conversionsToday(offerId, now);
        return { offerId, dailyCap, conversions, capped: conversions >= dailyCap };
      });
  }
}
