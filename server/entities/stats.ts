/**
 * Per-item stats for list answers, computed from the clicks and conversions
 * tables (zeros when there are none). Money sums stay integer micro-units
 * until the final division, so totals are exact.
 */
import { COUNTED_STATUSES, PROFIT_FIELDS, type Stats, ZERO_STATS } from "../../contracts/stats.ts";
import type { Db } from "../db/connection.ts";
import type { EntityDef } from "./definition.ts";
import { fromMicros } from "../money.ts";
import { clickIdBound } from "../tracking/click_id.ts";
import { SUBJECT_TYPES, type SubjectType } from "../../contracts/report.ts";
import { querySums } from "../reports/query.ts";
import type { RateNotes } from "../currency/report_rates.ts";
import { clickCostSql, shareJoin, sharesIn } from "../costs/share_sql.ts";
import { MS_HOUR } from "../reports/rollup_schema.ts";

/** Integer sums for one item. */
export type RawStats = {
  clicks: number;
  uniqueClicks: number;
  lpClicks: number;
  cost: number;
  conversions: number;
  revenue: number;
  approvedRevenue: number;
  pendingRevenue: number;
};

const EMPTY: RawStats = {
  clicks: 0,
  uniqueClicks: 0,
  lpClicks: 0,
  cost: 0,
  conversions: 0,
  revenue: 0,
  approvedRevenue: 0,
  pendingRevenue: 0,
};

const STATUSES = COUNTED_STATUSES.map((s) => `'${s}'`).join(", ");

/** How clicks are keyed to an entity type (its definition's `stats`). */
export type StatsKey = NonNullable<EntityDef["stats"]>;

/** A time range in ms, `[start, end)`, and optionally the items wanted. */
export type StatsRange = {
  start: number;
  end: number;
  ids?: number[];
  /** The currency money is summed in (the viewer's); USD when not given. */
  currency?: string;
};

/**
 * Sums by item over `[start, end)`: clicks by click time, conversions by
 * conversion time. `ids` limits the items (all items when absent). Runs in
 * the read worker (`server/reads/jobs.ts`), never on the server's thread.
 */
export function rawStats(db: Db, stats: StatsKey, range: StatsRange): Map<number, RawStats> {
  const result = new Map<number, RawStats>();
  const { key, join = "" } = stats;
  const only = range.ids ? ` AND ${key} IN (SELECT value FROM json_each(?))` : "";
  const ids = range.ids ? [JSON.stringify(range.ids)] : [];
  // Click ids start with their time, so the range reads the clustered key, not a time index.
  // A click's cost through its hour's cost-update share (decision 160, update 3).
  const shared = sharesIn(db, Math.floor(range.start / MS_HOUR), Math.ceil(range.end / MS_HOUR));
  const clicks = db.prepare(
    `SELECT ${key} AS k, count(*) AS clicks, total(c.is_unique) AS uniq,
       count(c.lp_click_ts) AS lp, sum(${shared ? clickCostSql("c") : "c.cost"}) AS cost
     FROM clicks c ${join}${
      shared ? ` ${shareJoin("c")}` : ""
    } WHERE c.id >= ? AND c.id < ? AND c.ts >= ? AND c.ts < ?${only}
     GROUP BY k`,
  ).all(clickIdBound(db, range.start), clickIdBound(db, range.end), range.start, range.end, ...ids);
  for (const row of clicks) {
    result.set(Number(row.k), {
      ...EMPTY,
      clicks: Number(row.clicks),
      uniqueClicks: Number(row.uniq),
      lpClicks: Number(row.lp),
      cost: Number(row.cost ?? 0),
    });
  }
  const conversions = db.prepare(
    `SELECT ${key} AS k, count(*) AS n, sum(v.payout) AS revenue,
       total(CASE WHEN v.status = 'sale' THEN v.payout END) AS approved,
       total(CASE WHEN v.status = 'lead' THEN v.payout END) AS pending
     FROM conversions v JOIN clicks c ON c.id = v.click_id ${join}
     WHERE v.ts >= ? AND v.ts < ? AND v.current = 1 AND v.status IN (${STATUSES})${only}
     GROUP BY k`,
  ).all(range.start, range.end, ...ids);
  for (const row of conversions) {
    const k = Number(row.k);
    const item = result.get(k) ?? { ...EMPTY };
    result.set(k, {
      ...item,
      conversions: Number(row.n),
      revenue: Number(row.revenue ?? 0),
      approvedRevenue: Number(row.approved),
      pendingRevenue: Number(row.pending),
    });
  }
  return result;
}

/** Each stats key's report subject and the dimension naming its items (decision 112). */
const SUBJECTS: Record<string, { type: SubjectType; dim: string }> = {
  "c.campaign_id": { type: "campaign", dim: "campaign" },
  "c.offer_id": { type: "offer", dim: "offer" },
  "c.landing_id": { type: "landing", dim: "landing" },
  "c.traffic_source_id": { type: "traffic-source", dim: "trafficSource" },
  "c.rotation_id": { type: "rotation", dim: "rotation" },
  "o.affiliate_network_id": { type: "affiliate-network", dim: "affiliateNetwork" },
};

/**
 * The same sums as `rawStats`, read from the rollups (whole sealed UTC days
 * from the daily tier, the edges from hourly rows) when the range is whole
 * hours; the report planner decides, and reads raw rows otherwise (a
 * half-hour zone). Clicks count at their click hour, conversions at theirs,
 * as in `rawStats`.
 */
export function entityStats(db: Db, stats: StatsKey, range: StatsRange): Map<number, RawStats> {
  return notedEntityStats(db, stats, range).stats;
}

/**
 * `entityStats` with the notes of what converting to `range.currency` could not do (amounts
 * left out for want of a rate), for the list to say so as reports do.
 */
export function notedEntityStats(
  db: Db,
  stats: StatsKey,
  range: StatsRange,
): { stats: Map<number, RawStats>; rates: RateNotes } {
  const subject = SUBJECTS[stats.key];
  if (!subject) return { stats: rawStats(db, stats, range), rates: { gaps: [], unrated: [] } };
  const ids = range.ids ??
    db.prepare(`SELECT id FROM ${SUBJECT_TYPES[subject.type].table}`).all().map((r) =>
      Number(r.id)
    );
  const { rows, rates } = querySums(db, {
    subject: { type: subject.type, ids },
    groupBy: [subject.dim],
    filters: [],
    start: range.start,
    end: range.end,
    tz: "UTC",
    currency: range.currency ?? "USD",
  });
  const result = new Map<number, RawStats>();
  for (const { values, sums } of rows) {
    result.set(Number(values[0]), {
      clicks: sums.clicks,
      uniqueClicks: sums.unique_clicks,
      lpClicks: sums.lp_clicks,
      cost: sums.cost,
      conversions: sums.leads + sums.sales, // the counted statuses, as in rawStats
      revenue: sums.revenue,
      approvedRevenue: sums.approved_revenue,
      pendingRevenue: sums.pending_revenue,
    });
  }
  return { stats: result, rates };
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** The answer's stats from integer sums; without profit figures for a hide-profit user. */
export function toStats(raw: RawStats | undefined, hideProfit: boolean): Stats {
  if (!raw) return hideProfit ? withoutProfit(ZERO_STATS) : { ...ZERO_STATS };
  const profit = raw.revenue - raw.cost;
  const stats: Stats = {
    clicks: raw.clicks,
    uniqueClicks: raw.uniqueClicks,
    lpClicks: raw.lpClicks,
    conversions: raw.conversions,
    revenue: fromMicros(raw.revenue),
    approvedRevenue: fromMicros(raw.approvedRevenue),
    pendingRevenue: fromMicros(raw.pendingRevenue),
    cost: fromMicros(raw.cost),
    profit: fromMicros(profit),
    roi: raw.cost > 0 ? round((profit / raw.cost) * 100, 2) : 0,
    cr: raw.clicks > 0 ? round((raw.conversions / raw.clicks) * 100, 2) : 0,
    epc: raw.clicks > 0 ? round(fromMicros(raw.revenue) / raw.clicks, 4) : 0,
  };
  return hideProfit ? withoutProfit(stats) : stats;
}

function withoutProfit(stats: Stats): Stats {
  const copy = { ...stats };
  for (const field of PROFIT_FIELDS) delete copy[field];
  return copy;
}
