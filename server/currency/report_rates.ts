/**
 * Reports in the user's currency (issue 13 item 2, decision 163): the per-day
 * rate table a converted query joins, and the notes of what the conversion
 * could not do exactly.
 */
import type { Db } from "../db/connection.ts";
import { MS_DAY } from "../reports/rollup_schema.ts";
import type { SumsSpec } from "../reports/query.ts";
import { factors, type RateGap } from "./rates.ts";

/** What a conversion to the target currency could not do exactly. */
export type RateNotes = {
  /** Days that used an earlier day's rate, or had none, for the currencies the sums hold. */
  gaps: RateGap[];
  /** Currencies with amounts but no rate at all: those amounts are left out. */
  unrated: string[];
};

/** The summed columns holding money, converted when a currency is asked. */
export const MONEY = new Set(["cost", "revenue", "approved_revenue", "pending_revenue"]);

/** Any money in the row's currency (a row of counts only needs no rate). */
const HAS_MONEY = [...MONEY].map((s) => `c.${s} != 0`).join(" OR ");

/**
 * Per group: the first and last currency holding money (equal: only that
 * one), and the currencies among them without a rate. The list is not made
 * DISTINCT in SQL (`NoteSink` drops repeats): PostgreSQL cannot group a
 * DISTINCT aggregate by hashing and sorts every row instead (a by-city report
 * at 10M clicks took 221 ms for it), while without a rate missing the list is
 * empty and costs nothing (rows without money or with a rate add no entry).
 */
export const NOTE_COLUMNS = [
  `min(CASE WHEN ${HAS_MONEY} THEN c.currency END) AS used_min`,
  `max(CASE WHEN ${HAS_MONEY} THEN c.currency END) AS used_max`,
  `group_concat(CASE WHEN (${HAS_MONEY}) AND f.factor IS NULL THEN c.currency END) AS unrated`,
];

/** Gathers the rate notes of the rows a converted query answers. */
export class NoteSink {
  /** The currencies holding money seen (the first and last of each group). */
  readonly used = new Set<string>();
  /** Some group held money in more than one currency. */
  mixed = false;
  readonly unrated = new Set<string>();
  gaps: RateGap[] = [];

  add(row: Record<string, unknown>): void {
    const [first, last] = [row.used_min, row.used_max];
    if (typeof first === "string") this.used.add(first);
    if (typeof last === "string") this.used.add(last);
    if (first !== last) this.mixed = true;
    if (typeof row.unrated === "string") {
      for (const c of row.unrated.split(",")) if (c) this.unrated.add(c);
    }
  }

  /**
   * The gaps that matter: none when every amount is in the target already;
   * else those of the currencies seen (all of them when a group mixed more).
   */
  result(target: string): RateNotes {
    const converted = this.mixed || [...this.used].some((c) => c !== target);
    const involved = new Set([...this.used, target]);
    const gaps = this.mixed ? this.gaps : this.gaps.filter((g) => involved.has(g.currency));
    return { gaps: converted ? gaps : [], unrated: [...this.unrated].sort() };
  }
}

/**
 * Fills the rate table `temp.fx(day, currency, factor)` that `sql` joins:
 * every currency with rates, for each UTC day the rows can fall on (the
 * conversions of a click-time report come up to now). A temporary table with
 * its primary key, not a CTE: each row's rate is one index lookup, where the
 * planner would scan a CTE for every rollup row (~2 µs a row at 120 rates).
 */
export function fillRates(
  db: Db,
  spec: Pick<SumsSpec, "currency" | "start" | "end" | "attribution">,
  notes: NoteSink,
): void {
  if (spec.currency === undefined) return;
  const fromDay = Math.floor(spec.start / MS_DAY);
  // No row falls after now (clicks and conversions are never in the future; a day's
  // margin for clocks): a range ending in year 9999 needs no rates for 3 million days.
  const now = Date.now();
  const end = Math.min(
    spec.attribution === "click" ? Math.max(spec.end, now) : spec.end,
    now + MS_DAY,
  );
  const toDay = Math.max(fromDay, Math.ceil(end / MS_DAY));
  const table = factors(db, spec.currency, ratedCurrencies(db), fromDay, toDay);
  // Not `push(...gaps)`: decades of days without a rate are more arguments than a call takes.
  for (const gap of table.gaps) notes.gaps.push(gap);
  // Temporary tables live with the connection: a read-only one may write them too.
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS fx (day INTEGER NOT NULL, currency TEXT NOT NULL,
    factor REAL NOT NULL, PRIMARY KEY (day, currency)) WITHOUT ROWID`);
  db.exec("DELETE FROM temp.fx");
  db.prepare(
    `INSERT INTO temp.fx (day, currency, factor)
     SELECT CAST(value ->> 0 AS INTEGER), value ->> 1, CAST(value ->> 2 AS REAL)
     FROM json_each(?) WHERE true
     ON CONFLICT (day, currency) DO UPDATE SET factor = excluded.factor`,
  ).run(JSON.stringify(table.rows));
}

/** Every currency with a rate, and the euro. */
function ratedCurrencies(db: Db): string[] {
  const rows = db.prepare("SELECT DISTINCT currency FROM currency_rates").all();
  return ["EUR", ...rows.map((r) => String(r.currency))];
}
