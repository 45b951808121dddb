/**
 * Reading currency rates (issue 13 item 2, migration 110): each currency's
 * rate per UTC day in units per euro, a missing day taking the latest earlier
 * one. `factors` turns them into one multiplier per (day, currency) into a
 * target currency, the form the report reader joins against.
 */
import type { Db } from "../db/connection.ts";
import { MS_DAY } from "../reports/rollup_schema.ts";
import { getStatsSettings } from "../settings/sections.ts";

/** A UTC day number (days since the epoch) as `YYYY-MM-DD`. */
export function dayText(day: number): string {
  return new Date(day * MS_DAY).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` as a UTC day number. */
export function dayNumber(text: string): number {
  return Math.floor(Date.parse(`${text}T00:00:00Z`) / MS_DAY);
}

/** One currency's rates, ascending by day: `[day number, units per euro]`. */
type Series = [number, number][];

/** The rates of `currencies` up to `toDay` (exclusive), each with the latest one before `fromDay`. */
function series(db: Db, currencies: string[], fromDay: number, toDay: number) {
  const out = new Map<string, Series>();
  const rows = db.prepare(
    `SELECT currency, day, per_eur FROM currency_rates
     WHERE currency IN (SELECT value FROM json_each(?)) AND day < ?
       AND (day >= ? OR day = (SELECT max(day) FROM currency_rates r
         WHERE r.currency = currency_rates.currency AND r.day < ?))
     ORDER BY currency, day`,
  ).all(JSON.stringify(currencies), dayText(toDay), dayText(fromDay), dayText(fromDay));
  for (const r of rows) {
    const list = out.get(String(r.currency)) ?? [];
    list.push([dayNumber(String(r.day)), Number(r.per_eur)]);
    out.set(String(r.currency), list);
  }
  return out;
}

/** A day whose rate came from an earlier day, or from no day at all. */
export type RateGap = { currency: string; day: string; usedDay: string | null };

/** Multipliers into `target` for every day in `[fromDay, toDay)` and currency. */
export type Factors = {
  /** `[day, currency, factor]`; a (day, currency) without any rate is left out. */
  rows: [number, string, number][];
  /** Days that used an earlier day's rate (or none), per currency other than `target`. */
  gaps: RateGap[];
};

/**
 * The factor turning an amount in `currency` on each day into `target`:
 * 1 for the target itself; else per_eur(target) / per_eur(currency), each
 * the latest rate on or before that day (EUR is 1).
 */
export function factors(
  db: Db,
  target: string,
  currencies: string[],
  fromDay: number,
  toDay: number,
): Factors {
  const others = [...new Set([...currencies, target])].filter((c) => c !== "EUR");
  const rates = series(db, others, fromDay, toDay);
  const rows: Factors["rows"] = [];
  const gaps: RateGap[] = [];
  const cursor = new Map<string, number>();
  /** The rate of `currency` on `day` and the day it was set, or null. */
  const rateOn = (currency: string, day: number): [number, number] | null => {
    if (currency === "EUR") return [1, day];
    const list = rates.get(currency) ?? [];
    let i = cursor.get(currency) ?? -1;
    while (i + 1 < list.length && list[i + 1][0] <= day) i++;
    cursor.set(currency, i);
    return i >= 0 ? [list[i][1], list[i][0]] : null;
  };
  for (let day = fromDay; day < toDay; day++) {
    const to = rateOn(target, day);
    for (const currency of new Set([...currencies, target])) {
      if (currency === target) {
        rows.push([day, currency, 1]);
        continue;
      }
      const from = rateOn(currency, day);
      for (const [code, found] of [[currency, from], [target, to]] as const) {
        if (!found || found[1] < day) {
          gaps.push({
            currency: code,
            day: dayText(day),
            usedDay: found ? dayText(found[1]) : null,
          });
        }
      }
      if (from && to) rows.push([day, currency, to[0] / from[0]]);
    }
  }
  return { rows, gaps: dedupe(gaps) };
}

function dedupe(gaps: RateGap[]): RateGap[] {
  const seen = new Map<string, RateGap>();
  for (const g of gaps) seen.set(`${g.currency}|${g.day}`, g);
  return [...seen.values()];
}

/**
 * The currency of figures that belong to no one user (trigger conditions):
 * the first account's Settings → Stats currency, else USD.
 */
export function installCurrency(db: Db): string {
  const row = db.prepare("SELECT min(id) AS id FROM users").get();
  return row?.id == null ? "USD" : getStatsSettings(db, Number(row.id)).currency;
}
