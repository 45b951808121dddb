/**
 * What a cost update will do, worked out in the read worker off the click
 * path (decision 160, update 3): the clicks it covers, each receiver's share,
 * the before/after totals, and which campaign-hours take a read-time share
 * (whole hours where every click gets the same share and the cubes count
 * them) — so the server's thread handles a few rows per hour, not every
 * matched click. The clicks of the other hours come back to be written.
 */
import type { SQLInputValue } from "node:sqlite";
import type { ReportFilter } from "../../contracts/report_query.ts";
import type { Db } from "../db/connection.ts";
import { HttpError } from "../errors.ts";
import { dayText, factors } from "../currency/rates.ts";
import { FLOW, HOURLY, MS_DAY, MS_HOUR } from "../reports/rollup_schema.ts";
import { matchClicks, type MatchedClick, shares } from "./match.ts";
import type { HourShare } from "./shares.ts";
import { holdsRemainder, sharedCubeSql, sharesIn } from "./share_sql.ts";
import { clickIdBound } from "../tracking/click_id.ts";

/** An update to plan: its clicks, how it spreads and which hours may take a share. */
export type PlanInput = {
  campaignIds: readonly number[];
  start: number;
  end: number;
  tz: string;
  filters: readonly ReportFilter[];
  uniqueOnly: boolean;
  mode: "replace" | "add";
  /** Micro-units. */
  amount: number;
  currency: string;
  /** When the clicks were matched: an hour ended by then can be whole. */
  matchedAt: number;
  /** Campaigns whose whole hours may take a read-time share (none on PostgreSQL). */
  shareable: readonly number[];
};

/** The plan: totals (micro-units), the shared hours, and the clicks written as before. */
export type CostPlan = {
  clicks: number;
  receivers: number;
  costBefore: number;
  costAfter: number;
  shared: HourShare[];
  /** The clicks of the hours written, with each receiver's share. */
  written: MatchedClick[];
  receiving: [string, number][];
};

/** A cost (micro-units) in its currency on its UTC day: a click's, or a day's sum. */
type DayCost = { cost: number; currency: string; day: number };

/** A matched click's cost on its day. */
const dayCost = (c: MatchedClick): DayCost => ({
  cost: c.cost,
  currency: c.currency,
  day: Math.floor(c.ts / MS_DAY),
});

/**
 * Adding to clicks whose cost is in another currency would mix two
 * currencies in one amount: refused (replace sets cost and currency anew).
 */
function assertAddable(costs: readonly DayCost[], currency: string): void {
  const other = costs.find((c) => c.cost !== 0 && c.currency !== currency);
  if (!other) return;
  throw new HttpError(
    422,
    "CURRENCY_MISMATCH",
    `These clicks' cost is in ${other.currency}: add in ${other.currency}, or replace the cost`,
  );
}

/**
 * The costs in `currency`, each at its day's rate (as reports convert it);
 * refused when a rate is missing.
 */
function costIn(db: Db, costs: readonly DayCost[], currency: string): number {
  const foreign = costs.filter((c) => c.cost !== 0 && c.currency !== currency);
  let total = costs.reduce((sum, c) => sum + (c.currency === currency ? c.cost : 0), 0);
  if (foreign.length === 0) return total;
  const days = foreign.map((c) => c.day);
  const table = factors(
    db,
    currency,
    [...new Set(foreign.map((c) => c.currency))],
    Math.min(...days),
    Math.max(...days) + 1,
  );
  const factor = new Map(table.rows.map(([day, cur, f]) => [`${day}|${cur}`, f]));
  for (const c of foreign) {
    const f = factor.get(`${c.day}|${c.currency}`);
    if (f === undefined) throw noRate(c.currency, currency, c.day);
    total += c.cost * f;
  }
  return Math.round(total);
}

/** The matched clicks by campaign and UTC hour, in order. */
export function campaignHours(clicks: readonly MatchedClick[]): MatchedClick[][] {
  const groups = new Map<string, MatchedClick[]>();
  for (const c of clicks) {
    const key = `${c.campaignId}|${Math.floor(c.ts / MS_HOUR)}`;
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  return [...groups.values()];
}

/**
 * True when the flow cube counts exactly `n` non-bot clicks in the
 * campaign-hour: every matched click is in the rollups (none cleared by
 * retention, none flagged since), so a share over the cube rows is the share
 * over those clicks.
 */
function cubesCount(db: Db, campaignId: number, hour: number, n: number): boolean {
  const row = db.prepare(
    `SELECT coalesce(sum(clicks) - sum(bots), 0) AS n FROM ${HOURLY[0].table}
     WHERE campaign_id = ? AND hour = ?`,
  ).get(campaignId, hour);
  return Number(row?.n ?? 0) === n;
}

/**
 * The campaign-hour's share when every click of `group` (in id order) gets
 * one: the same amount, or one micro-unit more for its first clicks (the
 * remainder's, kept as the id range they span). Null when a click gets none,
 * or when adding a remainder to an hour that already holds one.
 */
function hourShare(
  db: Db,
  group: readonly MatchedClick[],
  receiving: ReadonlyMap<string, number>,
  mode: "replace" | "add",
): HourShare | null {
  const first = receiving.get(group[0].id);
  const last = receiving.get(group.at(-1)!.id);
  if (first === undefined || last === undefined) return null;
  const campaignId = group[0].campaignId, hour = Math.floor(group[0].ts / MS_HOUR);
  if (first === last) {
    return group.every((c) => receiving.get(c.id) === first)
      ? { campaignId, hour, share: first }
      : null;
  }
  // The remainder is a prefix of the receivers: first + 1 … then first.
  const split = group.findIndex((c) => receiving.get(c.id) !== first);
  if (first !== last + 1 || group.slice(split).some((c) => receiving.get(c.id) !== last)) {
    return null;
  }
  if (mode === "add" && holdsRemainder(db, campaignId, hour)) return null;
  return {
    campaignId,
    hour,
    share: last,
    extraFrom: clickIdBound(db, hour * MS_HOUR),
    extraTo: group[split].id,
  };
}

/** The rate notes' error when a foreign amount has no rate on or before its day. */
function noRate(currency: string, target: string, day: number): HttpError {
  return new HttpError(
    422,
    "NO_RATE",
    `No ${currency}/${target} rate on or before ${
      dayText(day)
    }: add one in Settings → Stats → Currency rates`,
  );
}

/** How long after an hour's end its clicks are surely stored and in the cubes (flushed each ~1 s). */
const SETTLED_MS = 10_000;

/**
 * True when the flow cube counts every live click of `[start, end)` of the
 * campaigns: each stored click up to `end` is in it (none after the rollup
 * watermark) and auto-clearing removed none of those campaigns' clicks there
 * (`clicks_cleared`). Then an hour's cube rows are its clicks.
 */
function cubesCountClicks(db: Db, campaigns: string, start: number, end: number): boolean {
  const mark = db.prepare("SELECT coalesce(max(click_id), '') AS id FROM rollup_watermark").get();
  const unflushed = db.prepare("SELECT 1 AS x FROM clicks WHERE id > ? AND id < ? LIMIT 1")
    .get(String(mark?.id ?? ""), clickIdBound(db, end));
  if (unflushed) return false;
  return db.prepare(
    `SELECT 1 AS x FROM clicks_cleared WHERE before_ts > ?
       AND (campaign_id = 0 OR campaign_id IN (SELECT value FROM json_each(?))) LIMIT 1`,
  ).get(start, campaigns) === undefined;
}

/**
 * The plan of an update over whole ended hours with no filter, from the flow
 * cube (counts per campaign-hour, cost sums per currency and day through the
 * shares already laid on) without reading the clicks, but for the one hour
 * the remainder ends in: every hour takes a read-time share. Null when the
 * update is not such a one, when the cube may not count the clicks
 * (`cubesCountClicks`), or when an hour would have to be written (a second
 * remainder in an hour): then the clicks are planned one by one.
 */
export function planWholeHours(db: Db, input: PlanInput): CostPlan | null {
  // Ended a while ago: a click answered just before the hour's end is stored and summed by then
  // (else the cube could count it after the plan read it; the clicks are read instead).
  const ended = Math.floor((input.matchedAt - SETTLED_MS) / MS_HOUR) * MS_HOUR;
  if (
    input.filters.length > 0 || input.uniqueOnly || input.start % MS_HOUR !== 0 ||
    input.end % MS_HOUR !== 0 || input.end > ended ||
    input.campaignIds.some((id) => !input.shareable.includes(id))
  ) return null;
  const campaigns = JSON.stringify(input.campaignIds);
  if (!cubesCountClicks(db, campaigns, input.start, input.end)) return null;
  const live = `k.id >= ? AND k.id < ? AND k.ts >= ? AND k.ts < ? AND k.is_bot = 0
    AND k.campaign_id IN (SELECT value FROM json_each(?))`;
  const range = (from: number, to: number) => [
    clickIdBound(db, from),
    clickIdBound(db, to),
    from,
    to,
    campaigns,
  ];
  const from = input.start / MS_HOUR, to = input.end / MS_HOUR;
  const cube = sharesIn(db, from, to) ? sharedCubeSql(FLOW, from, to) : FLOW.table;
  const rows = db.prepare(
    `SELECT t.campaign_id AS c, t.hour AS h, t.currency AS cur, sum(t.clicks - t.bots) AS n,
       sum(t.cost) AS cost
     FROM ${cube} t WHERE t.campaign_id IN (SELECT value FROM json_each(?))
       AND t.hour >= ? AND t.hour < ?
     GROUP BY 1, 2, 3 ORDER BY 2, 1`,
  ).all(campaigns, from, to);
  const hours: { campaignId: number; hour: number; n: number }[] = [];
  const byDay = new Map<string, DayCost>();
  for (const r of rows) {
    const campaignId = Number(r.c), hour = Number(r.h), n = Number(r.n);
    const last = hours.at(-1);
    if (last && last.campaignId === campaignId && last.hour === hour) last.n += n;
    else hours.push({ campaignId, hour, n });
    const day = Math.floor((hour * MS_HOUR) / MS_DAY), currency = String(r.cur);
    const sums = byDay.get(`${day}|${currency}`) ?? { currency, day, cost: 0 };
    sums.cost += Number(r.cost);
    byDay.set(`${day}|${currency}`, sums);
  }
  // An hour of bots or conversions only has no receiver.
  const receiving = hours.filter((h) => h.n > 0);
  const total = receiving.reduce((sum, h) => sum + h.n, 0);
  if (total === 0) {
    throw new HttpError(422, "NO_CLICKS", "No clicks match this period and these filters");
  }
  const money = [...byDay.values()];
  if (input.mode === "add") assertAddable(money, input.currency);
  const stored = money.reduce((sum, m) => sum + m.cost, 0);
  const plan: CostPlan = {
    clicks: total,
    receivers: total,
    costBefore: costIn(db, money, input.currency),
    costAfter: input.mode === "add" ? stored + input.amount : input.amount,
    shared: [],
    written: [],
    receiving: [],
  };
  // Receivers in id order (time first): the first `extra` get one micro-unit more.
  const base = Math.floor(input.amount / total), extra = input.amount - base * total;
  let seen = 0;
  for (let i = 0; i < receiving.length;) {
    const hour = receiving[i].hour;
    const bucket: typeof receiving = [];
    for (; i < receiving.length && receiving[i].hour === hour; i++) bucket.push(receiving[i]);
    const size = bucket.reduce((sum, h) => sum + h.n, 0);
    if (seen < extra && seen + size > extra) {
      const split = splitHour(
        db,
        bucket,
        extra - seen,
        live,
        range(hour * MS_HOUR, (hour + 1) * MS_HOUR),
        input.mode,
      );
      if (!split) return null;
      plan.shared.push(...split.map((s) => ({ ...s, share: s.share + base })));
    } else {
      const share = seen < extra ? base + 1 : base;
      for (const h of bucket) plan.shared.push({ campaignId: h.campaignId, hour, share });
    }
    seen += size;
  }
  return plan;
}

/**
 * The shares (over the base) of the hour the remainder ends in: its first
 * `extra` receivers in id order, across the campaigns, get one micro-unit
 * more. A campaign whose first receiver gets none takes 0; one whose every
 * receiver gets one takes 1; one split between keeps the id range of its
 * receivers that do. Null when the hour's clicks are not the ones the cube
 * counts, or when an add would put a second remainder in an hour.
 */
function splitHour(
  db: Db,
  bucket: readonly { campaignId: number; hour: number; n: number }[],
  extra: number,
  live: string,
  args: SQLInputValue[],
  mode: "replace" | "add",
): HourShare[] | null {
  const ids = db.prepare(`SELECT k.id, k.campaign_id FROM clicks k WHERE ${live} ORDER BY k.id`)
    .all(...args);
  const counts = new Map<number, number>();
  const firstOf = new Map<number, string>(), firstWithout = new Map<number, string>();
  ids.forEach((r, j) => {
    const c = Number(r.campaign_id), id = String(r.id);
    counts.set(c, (counts.get(c) ?? 0) + 1);
    if (!firstOf.has(c)) firstOf.set(c, id);
    if (j >= extra && !firstWithout.has(c)) firstWithout.set(c, id);
  });
  if (bucket.some((h) => counts.get(h.campaignId) !== h.n) || counts.size !== bucket.length) {
    return null;
  }
  const shares: HourShare[] = [];
  for (const h of bucket) {
    const without = firstWithout.get(h.campaignId);
    const share: HourShare = { campaignId: h.campaignId, hour: h.hour, share: without ? 0 : 1 };
    if (without && without !== firstOf.get(h.campaignId)) {
      if (mode === "add" && holdsRemainder(db, h.campaignId, h.hour)) return null;
      share.extraFrom = clickIdBound(db, h.hour * MS_HOUR);
      share.extraTo = without;
    }
    shares.push(share);
  }
  return shares;
}

/** Plans one cost update (a read job: it writes nothing). */
export function planCostUpdate(db: Db, input: PlanInput): CostPlan {
  return planWholeHours(db, input) ?? planByClicks(db, input);
}

/** Plans an update from its matched clicks, one by one (any period, filter or mode). */
export function planByClicks(db: Db, input: PlanInput): CostPlan {
  const clicks = matchClicks(db, input);
  const receivers = clicks.filter((c) => !input.uniqueOnly || c.unique);
  if (receivers.length === 0) {
    throw new HttpError(422, "NO_CLICKS", "No clicks match this period and these filters");
  }
  const costs = clicks.map(dayCost);
  if (input.mode === "add") assertAddable(costs, input.currency);
  const share = shares(input.amount, receivers.length);
  const receiving = new Map(receivers.map((c, i) => [c.id, share(i)]));
  const next = (id: string, cost: number) => {
    const part = receiving.get(id) ?? 0;
    return input.mode === "add" ? cost + part : part;
  };
  const plan: CostPlan = {
    clicks: clicks.length,
    receivers: receivers.length,
    costBefore: costIn(db, costs, input.currency),
    costAfter: clicks.reduce((sum, c) => sum + next(c.id, c.cost), 0),
    shared: [],
    written: [],
    receiving: [],
  };
  const shareable = new Set(input.shareable);
  const whole = input.filters.length === 0 && !input.uniqueOnly;
  for (const group of campaignHours(clicks)) {
    const hour = Math.floor(group[0].ts / MS_HOUR);
    const campaignId = group[0].campaignId;
    const shared = whole && shareable.has(campaignId) && hour * MS_HOUR >= input.start &&
      (hour + 1) * MS_HOUR <= Math.min(input.end, input.matchedAt) &&
      hourShare(db, group, receiving, input.mode);
    if (shared && cubesCount(db, campaignId, hour, group.length)) {
      plan.shared.push(shared);
      continue;
    }
    for (const c of group) {
      plan.written.push(c);
      const part = receiving.get(c.id);
      if (part !== undefined) plan.receiving.push([c.id, part]);
    }
  }
  return plan;
}
