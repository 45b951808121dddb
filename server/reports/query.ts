/**
 * The report query builder: picks the smallest rollup table that holds every
 * column a query needs (grouping, filters, subject), else reads raw clicks and
 * conversions, and answers summed base columns per group (money in
 * micro-units). Both paths share the dimension SQL of contracts/report.ts.
 */
import type { SQLInputValue } from "node:sqlite";
import {
  type Dimension,
  DIMENSION_BY_NAME,
  SUBJECT_TYPES,
  type SubjectType,
} from "../../contracts/report.ts";
import type { ReportFilter } from "../../contracts/report_query.ts";
import type { Db } from "../db/connection.ts";
import { clickIdBound } from "../tracking/click_id.ts";
import { CUBES, SUMS } from "./rollup_schema.ts";
import { localTimeSql, wholeHourOffsets, zoneSegments } from "./time.ts";

const MS_HOUR = 3_600_000;

/** What to sum, over which clicks. */
export type SumsSpec = {
  subject: { type: SubjectType; ids: readonly number[] };
  /** Dimension names to group by (none: one total row). */
  groupBy: readonly string[];
  filters: readonly ReportFilter[];
  start: number;
  end: number;
  tz: string;
  /** Read raw rows even where a rollup could answer (tests compare the two). */
  forceRaw?: boolean;
};

/** Summed base columns of one group. */
export type SumsRow = { values: (string | number)[]; sums: Record<string, number> };

/** Where each base column comes from in the raw tables (k: clicks, p: places, u: user agents). */
const RAW_COLUMNS: Record<string, string> = {
  campaign_id: "k.campaign_id",
  traffic_source_id: "k.traffic_source_id",
  rotation_id: "k.rotation_id",
  rule: "k.rule",
  path: "k.path",
  landing_id: "k.landing_id",
  offer_id: "k.offer_id",
  external_id: "k.external_id",
  language: "k.language",
  referrer: "k.referrer",
  is_bot: "k.is_bot",
  is_unique: "k.is_unique",
  country: "p.country",
  region: "p.region",
  city: "p.city",
  isp: "p.isp",
  connection: "''",
  device_type: "u.device_type",
  brand: "u.brand",
  model: "u.model",
  os: "u.os",
  os_version: "u.os_version",
  browser: "u.browser",
  browser_version: "u.browser_version",
  ...Object.fromEntries(
    Array.from({ length: 30 }, (_, i) => [`t${i + 1}`, `(k.tokens ->> '$[${i}]')`]),
  ),
};

const CLICK_SUMS = [
  "1",
  "k.is_unique",
  "k.is_bot",
  "(k.lp_click_ts IS NOT NULL)",
  "k.cost",
  "0",
  "0",
  "0",
  "0",
  "0",
];
const CONVERSION_SUMS = [
  "0",
  "0",
  "0",
  "0",
  "0",
  "(v.status = 'lead')",
  "(v.status = 'sale')",
  "(v.status = 'rejected')",
  "(v.status = 'hold')",
  "(CASE WHEN v.status IN ('lead', 'sale') THEN v.payout ELSE 0 END)",
];

const JOINS = "LEFT JOIN places p ON p.id = k.place_id LEFT JOIN user_agents u ON u.id = k.ua_id";

function dimension(name: string): Dimension {
  const dim = DIMENSION_BY_NAME.get(name);
  if (!dim) throw new Error(`unknown dimension ${name}`);
  return dim;
}

/** The subject's condition over a row `c` (a rollup or the raw union). */
function subjectSql(spec: SumsSpec, params: SQLInputValue[]): string {
  const { column } = SUBJECT_TYPES[spec.subject.type];
  params.push(JSON.stringify(spec.subject.ids));
  if (spec.subject.type === "affiliate-network") {
    return `c.offer_id IN (SELECT id FROM offers WHERE affiliate_network_id IN (SELECT value FROM json_each(?)))`;
  }
  return `c.${column} IN (SELECT value FROM json_each(?))`;
}

function filterSql(filter: ReportFilter, expr: string, params: SQLInputValue[]): string {
  if (filter.op === "contains") {
    const parts = filter.values.map((v) => {
      params.push(String(v).toLowerCase());
      return `instr(lower(${expr}), ?) > 0`;
    });
    return `(${parts.join(" OR ")})`;
  }
  params.push(JSON.stringify(filter.values));
  const not = filter.op === "isNot" ? "NOT " : "";
  return `${expr} ${not}IN (SELECT value FROM json_each(?))`;
}

/** Picks the rollup table for the needed columns, or null for raw. */
export function pickCube(spec: SumsSpec): string | null {
  if (spec.forceRaw) return null;
  const segments = zoneSegments(spec.start, spec.end, spec.tz);
  const hourly = wholeHourOffsets(segments) && spec.start % MS_HOUR === 0 &&
    spec.end % MS_HOUR === 0;
  const needed = new Set<string>([SUBJECT_TYPES[spec.subject.type].column]);
  for (const name of [...spec.groupBy, ...spec.filters.map((f) => f.dim)]) {
    for (const col of dimension(name).columns) needed.add(col);
  }
  if (needed.has("time") && !hourly) return null;
  needed.delete("time");
  // The hour bounds of a rollup read must be exact too.
  if (!hourly) return null;
  const cube = CUBES.find((c) => [...needed].every((col) => c.keys.some((k) => k.name === col)));
  return cube?.table ?? null;
}

/** The raw source: clicks in range plus current conversions in range, as one row set `c`. */
function rawSource(spec: SumsSpec, columns: Set<string>, params: SQLInputValue[]): string {
  const cols = [...columns].filter((c) => c !== "time" && c !== "status");
  const project = cols.map((c) => `${RAW_COLUMNS[c] ?? "NULL"} AS ${c}`);
  const sumNames = SUMS as readonly string[];
  const clickSums = CLICK_SUMS.map((s, i) => `${s} AS ${sumNames[i]}`);
  const convSums = CONVERSION_SUMS.map((s, i) => `${s} AS ${sumNames[i]}`);
  const clickPart = [
    "k.ts AS ts",
    "'' AS status",
    ...project,
    ...clickSums,
  ].join(", ");
  const convPart = ["v.ts AS ts", "v.status AS status", ...project, ...convSums].join(", ");
  params.push(clickIdBound(spec.start), clickIdBound(spec.end), spec.start, spec.end);
  return `(SELECT ${clickPart} FROM clicks k ${JOINS} WHERE k.id >= ? AND k.id < ?
    UNION ALL
    SELECT ${convPart} FROM conversions v JOIN clicks k ON k.id = v.click_id ${JOINS}
    WHERE v.ts >= ? AND v.ts < ? AND v.current = 1)`;
}

/** Runs the sums query. */
export function querySums(db: Db, spec: SumsSpec): { rows: SumsRow[]; source: string } {
  const cube = pickCube(spec);
  const segments = zoneSegments(spec.start, spec.end, spec.tz);
  const params: SQLInputValue[] = [];
  const time = localTimeSql(cube ? `(c.hour * ${MS_HOUR})` : "c.ts", segments);
  const exprOf = (name: string) => dimension(name).sql.replaceAll("{t}", time);

  const columns = new Set<string>([SUBJECT_TYPES[spec.subject.type].column]);
  for (const name of [...spec.groupBy, ...spec.filters.map((f) => f.dim)]) {
    for (const col of dimension(name).columns) columns.add(col);
  }
  if (spec.subject.type === "affiliate-network") columns.add("offer_id");

  let from: string;
  const where: string[] = [];
  if (cube) {
    from = `${cube} c`;
    // The primary key is (campaign_id, hour, …): other subjects read every campaign's hours.
    if (spec.subject.type !== "campaign") {
      where.push("c.campaign_id IN (SELECT 0 UNION ALL SELECT id FROM campaigns)");
    }
    where.push("c.hour >= ? AND c.hour < ?");
    params.push(spec.start / MS_HOUR, spec.end / MS_HOUR);
  } else {
    from = `${rawSource(spec, columns, params)} c`;
  }
  where.push(subjectSql(spec, params));
  for (const filter of spec.filters) where.push(filterSql(filter, exprOf(filter.dim), params));

  const dims = spec.groupBy.map((name, i) => `${exprOf(name)} AS d${i}`);
  const sums = SUMS.map((s) => `sum(c.${s}) AS ${s}`);
  // Rows a moved click left behind sum to zero: they are no group.
  const groupBy = spec.groupBy.length
    ? ` GROUP BY ${spec.groupBy.map((_, i) => `d${i}`).join(", ")} HAVING ${
      SUMS.map((s) => `sum(c.${s}) != 0`).join(" OR ")
    }`
    : "";
  const sql = `SELECT ${[...dims, ...sums].join(", ")} FROM ${from} WHERE ${
    where.join(" AND ")
  }${groupBy}`;
  const rows = db.prepare(sql).all(...params).map((row) => ({
    values: spec.groupBy.map((_, i) => row[`d${i}`] as string | number),
    sums: Object.fromEntries(SUMS.map((s) => [s, Number(row[s] ?? 0)])),
  }));
  return { rows, source: cube ? `rollup:${cube}` : "raw" };
}
