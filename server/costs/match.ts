/**
 * Which clicks a cost update covers, and each one's share of the amount: the
 * campaigns' clicks in the period (bots excluded: they cost nothing, decision
 * 125), narrowed by report filters over the same dimension SQL reports use.
 */
import type { SQLInputValue } from "node:sqlite";
import { DIMENSION_BY_NAME } from "../reports/dimensions.ts";
import type { ReportFilter } from "../../contracts/report_query.ts";
import type { Db } from "../db/connection.ts";
import { localInstant, startOfDay } from "../entities/range.ts";
import { HttpError } from "../errors.ts";
import { filterSql } from "../reports/conditions.ts";
import { JOINS, RAW_COLUMNS } from "../reports/raw_columns.ts";
import { localTimeSql, zoneSegments } from "../reports/time.ts";
import { clickIdBound } from "../tracking/click_id.ts";
import { MS_HOUR } from "../reports/rollup_schema.ts";
import { clickCostSql, clickCurrencySql, shareJoin, sharesIn } from "./share_sql.ts";

/** `[start, end)` of a period: a whole last day when `to` is a date, else up to the minute. */
export function periodRange(from: string, to: string, tz: string): { start: number; end: number } {
  const start = localInstant(from, tz);
  const end = to.length > 10 ? localInstant(to, tz) : startOfDay(nextDay(to), tz);
  if (end <= start) {
    throw new HttpError(400, "VALIDATION_ERROR", "The period ends before it starts");
  }
  return { start, end };
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** `zone=123` (a source token's parameter or name), `t3=123` or `country=DE` → a filter. */
export function tokenFilter(db: Db, campaignId: number, text: string): ReportFilter {
  const eq = text.indexOf("=");
  if (eq < 1) throw new Error(`token '${text}' must look like zone=123`);
  const key = text.slice(0, eq).trim();
  const value = text.slice(eq + 1).trim();
  if (/^t([1-9]|[12]\d|30)$/.test(key) || (DIMENSION_BY_NAME.has(key) && !key.endsWith("_id"))) {
    return { dim: key, op: "is", values: [value] };
  }
  const row = db.prepare(
    `SELECT s.tokens FROM campaigns c JOIN traffic_sources s ON s.id = c.traffic_source_id
     WHERE c.id = ?`,
  ).get(campaignId);
  const tokens = JSON.parse(String(row?.tokens ?? "[]")) as { param: string; name: string }[];
  const index = tokens.findIndex((t) => t.param === key || (t.name !== "" && t.name === key));
  if (index < 0) throw new Error(`the campaign's traffic source has no token '${key}'`);
  return { dim: `t${index + 1}`, op: "is", values: [value] };
}

/**
 * The filter a token text names for every campaign of an update; campaigns
 * whose sources put that token at different places are refused together.
 */
export function sharedTokenFilter(db: Db, campaignIds: readonly number[], text: string) {
  let found: ReportFilter | undefined;
  for (const id of campaignIds) {
    let filter: ReportFilter;
    try {
      filter = tokenFilter(db, id, text);
    } catch (err) {
      throw new HttpError(
        400,
        "VALIDATION_ERROR",
        `token: campaign #${id}: ${(err as Error).message}`,
      );
    }
    if (found && found.dim !== filter.dim) {
      throw new HttpError(
        400,
        "VALIDATION_ERROR",
        "token: these campaigns' sources keep this token in different places; update them one by one",
      );
    }
    found = filter;
  }
  return found!;
}

/** A matched click: its id, campaign, time, its cost now (micro-units) and whether it is unique. */
export type MatchedClick = {
  id: string;
  campaignId: number;
  ts: number;
  cost: number;
  /** The currency of `cost`. */
  currency: string;
  unique: boolean;
};

/** Which clicks: the campaigns', in `[start, end)`, passing `filters` (in `tz`). */
export type MatchSpec = {
  campaignIds: readonly number[];
  start: number;
  end: number;
  tz: string;
  filters: readonly ReportFilter[];
};

/** The columns the matching source selects for every click. */
const SOURCE_COLUMNS = ["id", "campaign_id", "ts", "cost", "currency", "is_unique"];

/** The clicks of `spec.campaignIds` in `[start, end)` passing its filters, oldest first. */
export function matchClicks(db: Db, spec: MatchSpec): MatchedClick[] {
  const params: SQLInputValue[] = [];
  const columns = new Set<string>();
  for (const filter of spec.filters) {
    const dim = DIMENSION_BY_NAME.get(filter.dim)!;
    if (dim.columns.includes("status")) {
      throw new HttpError(400, "VALIDATION_ERROR", `'${dim.label}' belongs to conversions`);
    }
    for (const col of dim.columns) if (col !== "time") columns.add(col);
  }
  // A filter on a column the source selects anyway (campaign, unique) reads that one: a second
  // `campaign_id` made PostgreSQL refuse `c.campaign_id` as ambiguous (a 500; SQLite took either).
  const project = [...columns].filter((c) => !SOURCE_COLUMNS.includes(c))
    .map((c) => `${RAW_COLUMNS[c] ?? "NULL"} AS ${c}`);
  params.push(
    clickIdBound(db, spec.start),
    clickIdBound(db, spec.end),
    JSON.stringify(spec.campaignIds),
  );
  // A click's cost now: through its hour's share when it has one (decision 160, update 3).
  const shared = sharesIn(db, Math.floor(spec.start / MS_HOUR), Math.ceil(spec.end / MS_HOUR));
  const source = `SELECT ${
    [
      "k.id AS id",
      "k.campaign_id AS campaign_id",
      "k.ts AS ts",
      `${shared ? clickCostSql("k") : "k.cost"} AS cost`,
      `${shared ? clickCurrencySql("k") : "k.cost_currency"} AS currency`,
      "k.is_unique AS is_unique",
      ...project,
    ]
      .join(", ")
  } FROM clicks k ${project.some((p) => /\b[pu]\./.test(p)) ? JOINS : ""}${
    shared ? ` ${shareJoin("k")}` : ""
  }
    WHERE k.id >= ? AND k.id < ? AND k.is_bot = 0
      AND k.campaign_id IN (SELECT value FROM json_each(?))`;
  const time = localTimeSql("c.ts", zoneSegments(spec.start, spec.end, spec.tz));
  const where = ["c.ts >= ?", "c.ts < ?"];
  params.push(spec.start, spec.end);
  for (const filter of spec.filters) {
    const expr = DIMENSION_BY_NAME.get(filter.dim)!.sql.replaceAll("{t}", time);
    where.push(filterSql(filter, expr, params));
  }
  const rows = db.prepare(
    `SELECT c.id, c.campaign_id, c.ts, c.cost, c.currency, c.is_unique FROM (${source}) c WHERE ${
      where.join(" AND ")
    } ORDER BY c.id`,
  ).all(...params);
  return rows.map((r) => ({
    id: String(r.id),
    campaignId: Number(r.campaign_id),
    ts: Number(r.ts),
    cost: Number(r.cost),
    currency: String(r.currency),
    unique: r.is_unique === 1,
  }));
}

/**
 * `amount` (micro-units) in `n` shares that sum to it exactly: the first
 * `amount mod n` shares get one micro-unit more (largest remainder).
 */
export function shares(amount: number, n: number): (i: number) => number {
  const base = Math.floor(amount / n);
  const extra = amount - base * n;
  return (i) => base + (i < extra ? 1 : 0);
}
