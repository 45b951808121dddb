/**
 * Trends: chosen metrics of chosen campaigns per local day or hour, every
 * bucket of the range up to now present (zeros included; the future is not
 * drawn), and the same number of buckets just before for comparison.
 */
import { mergeNotes, rateNoteLines } from "../currency/notes.ts";
import type { RateNotes } from "../currency/report_rates.ts";
import type { TrendsAnswer, TrendsQuery } from "../../contracts/report_query.ts";
import type { Db } from "../db/connection.ts";
import { dayRange, today } from "../entities/range.ts";
import { compileFormulas, computeMetrics } from "./metrics.ts";
import { querySums } from "./query.ts";
import { dateHourLabel, dayLabel, zoneOffset } from "./time.ts";

const MS_HOUR = 3_600_000;
const MS_DAY = 86_400_000;

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_DAY).toISOString().slice(0, 10);
}

function series(
  db: Db,
  query: TrendsQuery & { from: string; to: string },
  options: { hideProfit: boolean; campaignIds: number[]; until?: number; currency: string },
): { buckets: string[]; series: Record<string, number[]>; rates: RateNotes } {
  const range = dayRange({ from: query.from, to: query.to, tz: query.tz });
  const dim = query.interval === "day" ? "day" : "dateHour";
  const result = querySums(db, {
    subject: { type: "campaign", ids: options.campaignIds },
    groupBy: [dim],
    filters: [],
    start: range.start,
    end: range.end,
    tz: query.tz,
    currency: options.currency,
  });
  const byKey = new Map(result.rows.map((r) => [Number(r.values[0]), r.sums]));
  const keys: number[] = [];
  if (query.interval === "day") {
    const first = Date.parse(`${query.from}T00:00:00Z`) / MS_DAY;
    // Days after today have happened to no one: they are not drawn as zeros.
    const today = options.until === undefined ? Infinity : Date.parse(
      `${new Intl.DateTimeFormat("en-CA", { timeZone: query.tz }).format(options.until)}T00:00:00Z`,
    ) / MS_DAY;
    const last = Math.min(Date.parse(`${query.to}T00:00:00Z`) / MS_DAY, today);
    for (let d = first; d <= last; d++) keys.push(d);
  } else {
    const seen = new Set<number>();
    const end = Math.min(range.end, options.until ?? Infinity);
    for (let t = range.start; t < end; t += MS_HOUR) {
      const local = Math.floor((t + zoneOffset(t, query.tz)) / MS_HOUR);
      if (!seen.has(local)) keys.push(local);
      seen.add(local);
    }
  }
  const metricOptions = { hideProfit: options.hideProfit, formulas: compileFormulas([], options) };
  const out: Record<string, number[]> = {};
  for (const m of query.metrics) out[m] = [];
  for (const key of keys) {
    const figures = computeMetrics(byKey.get(key) ?? {}, metricOptions);
    for (const m of query.metrics) out[m].push(figures[m] ?? 0);
  }
  for (const m of Object.keys(out)) {
    if (options.hideProfit && !(m in computeMetrics({}, metricOptions))) delete out[m];
  }
  const label = query.interval === "day" ? dayLabel : dateHourLabel;
  return { buckets: keys.map(label), series: out, rates: result.rates };
}

/** The trends answer. */
export function runTrends(
  db: Db,
  query: TrendsQuery,
  options: { hideProfit: boolean; now?: number; currency?: string },
): TrendsAnswer {
  const currency = options.currency ?? "USD";
  const to = query.to ?? today(query.tz);
  const from = query.from ?? to;
  const campaignIds = query.campaignIds ??
    db.prepare("SELECT id FROM campaigns").all().map((r) => Number(r.id));
  const { rates, ...current } = series(db, { ...query, from, to }, {
    ...options,
    campaignIds,
    until: options.now ?? Date.now(),
    currency,
  });
  const answer: TrendsAnswer = {
    interval: query.interval,
    ...current,
    currency,
    rateNotes: rateNoteLines(rates, currency),
  };
  if (query.compare) {
    const days = Math.round((Date.parse(to) - Date.parse(from)) / MS_DAY) + 1;
    const previous = series(db, {
      ...query,
      from: shiftDay(from, -days),
      to: shiftDay(from, -1),
    }, { ...options, campaignIds, currency });
    answer.previous = { buckets: previous.buckets, series: previous.series };
    answer.rateNotes = rateNoteLines(mergeNotes(rates, previous.rates), currency);
  }
  return answer;
}
