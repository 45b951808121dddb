/**
 * The report's event columns (issue 14 item 3, decision 167): per event type
 * of Settings → Postback processing → Events its count and revenue, and numeric events 1–10 summed.
 * No rollup holds them: they are read from the rows that carry them (event
 * conversions, ~2% of clicks or fewer; `click_events`), each joined to its
 * click for the report's grouping, subject and filters, and merged into the
 * rows `querySums` answered, the way click-time attribution merges its sums.
 * Event conversions count at their own time, or at their click's with
 * click-time attribution; numeric events are the click's, at its time.
 */
import type { SQLInputValue } from "node:sqlite";
import { DIMENSION_BY_NAME } from "./dimensions.ts";
import {
  eventColumns,
  type ExtraColumn,
  NUMERIC_EVENTS,
  numericEventColumn,
} from "../../contracts/conversion_events.ts";
import type { Db } from "../db/connection.ts";
import { clickIdBound } from "../tracking/click_id.ts";
import { neededColumns } from "./plan.ts";
import type { SumsRow, SumsSpec } from "./query.ts";
import { filterSql, subjectSql } from "./conditions.ts";
import { JOINS, RAW_COLUMNS } from "./raw_columns.ts";
import { MS_DAY, SUMS } from "./rollup_schema.ts";
import { fillRates, NoteSink } from "../currency/report_rates.ts";
import { localTimeSql, zoneSegments } from "./time.ts";

/** The click columns a grouping, subject and filters read, as `c.<name>`. */
function projection(spec: SumsSpec): string {
  return [...neededColumns(spec)].filter((c) => c !== "time" && c !== "status")
    .map((c) => `${RAW_COLUMNS[c] ?? "NULL"} AS ${c}`).join(", ");
}

/** `SELECT d0…, <sums> FROM (<source>) c … WHERE subject, filters GROUP BY d0…, <by>`. */
function groupedSql(
  spec: SumsSpec,
  q: { source: string; sums: string[]; by: string; join?: string },
  params: SQLInputValue[],
): string {
  const time = localTimeSql("c.ts", zoneSegments(spec.start, spec.end, spec.tz));
  const exprOf = (name: string) => DIMENSION_BY_NAME.get(name)!.sql.replaceAll("{t}", time);
  const where = [subjectSql(spec, params)];
  for (const filter of spec.filters) where.push(filterSql(filter, exprOf(filter.dim), params));
  const dims = spec.groupBy.map((name, i) => `${exprOf(name)} AS d${i}`);
  const groupBy = [...spec.groupBy.map((_, i) => `d${i}`), q.by].join(", ");
  return `SELECT ${[...dims, `${q.by} AS k`, ...q.sums].join(", ")} FROM ${q.source} c${
    q.join ?? ""
  } WHERE ${where.join(" AND ")} GROUP BY ${groupBy}`;
}

/** Count and revenue (micro-units, in `spec.currency`) per group and event type. */
function conversionEventRows(db: Db, spec: SumsSpec, types: readonly string[]) {
  const params: SQLInputValue[] = [];
  const byClick = spec.attribution === "click";
  const cols = projection(spec);
  params.push(JSON.stringify(types));
  const range = byClick
    ? "v.click_id >= ? AND v.click_id < ? AND k.ts >= ? AND k.ts < ?"
    : "v.ts >= ? AND v.ts < ?";
  if (byClick) params.push(clickIdBound(db, spec.start), clickIdBound(db, spec.end));
  params.push(spec.start, spec.end);
  const source = `(SELECT ${byClick ? "k.ts" : "v.ts"} AS ts, v.status AS status,
      v.currency AS currency, v.event AS event, v.event_payout AS event_payout${
    cols ? `, ${cols}` : ""
  }
    FROM conversions v JOIN clicks k ON k.id = v.click_id ${JOINS}
    WHERE v.event != '' AND v.event IN (SELECT value FROM json_each(?)) AND ${range}
      AND v.current = 1)`;
  const convert = spec.currency !== undefined;
  const sql = groupedSql(spec, {
    source,
    by: "c.event",
    sums: [
      "count(*) AS n",
      convert ? "sum(c.event_payout * f.factor) AS money" : "sum(c.event_payout) AS money",
    ],
    join: convert
      ? ` LEFT JOIN temp.fx f ON f.day = (c.ts / ${MS_DAY}) AND f.currency = c.currency`
      : "",
  }, params);
  fillRates(db, spec, new NoteSink());
  return db.prepare(sql).all(...params);
}

/** Numeric events summed per group and event number. */
function numericEventRows(db: Db, spec: SumsSpec) {
  const params: SQLInputValue[] = [];
  const cols = projection(spec);
  params.push(clickIdBound(db, spec.start), clickIdBound(db, spec.end), spec.start, spec.end);
  const source = `(SELECT k.ts AS ts, '' AS status, e.n AS n, e.value AS value${
    cols ? `, ${cols}` : ""
  }
    FROM click_events e JOIN clicks k ON k.id = e.click_id ${JOINS}
    WHERE e.click_id >= ? AND e.click_id < ? AND k.ts >= ? AND k.ts < ?)`;
  const sql = groupedSql(spec, { source, by: "c.n", sums: ["sum(c.value) AS total"] }, params);
  return db.prepare(sql).all(...params);
}

/** Whether any click has a numeric event (none: no columns, no query). */
export function anyNumericEvents(db: Db): boolean {
  return !!db.prepare("SELECT 1 FROM click_events LIMIT 1").get();
}

/**
 * Adds the event sums to `rows` (a group only events reached is added): per
 * event type `ev.<name>.count` and `ev.<name>.revenue`, and `event1`…`event10`.
 */
export function addEventSums(
  db: Db,
  spec: SumsSpec,
  options: { rows: SumsRow[]; types: readonly string[] },
): SumsRow[] {
  const byKey = new Map<string, SumsRow>();
  const blank = (): Record<string, number> => {
    const sums: Record<string, number> = Object.fromEntries(SUMS.map((s) => [s, 0]));
    for (const t of options.types) {
      const names = eventColumns(t);
      sums[names.count] = 0;
      sums[names.revenue] = 0;
    }
    for (let n = 1; n <= NUMERIC_EVENTS; n++) sums[numericEventColumn(n)] = 0;
    return sums;
  };
  for (const row of options.rows) {
    row.sums = { ...blank(), ...row.sums };
    byKey.set(JSON.stringify(row.values), row);
  }
  const rowOf = (found: Record<string, unknown>) => {
    const values = spec.groupBy.map((_, i) => found[`d${i}`] as string | number);
    const key = JSON.stringify(values);
    let row = byKey.get(key);
    if (!row) byKey.set(key, row = { values, sums: blank() });
    return row;
  };
  if (options.types.length > 0) {
    for (const found of conversionEventRows(db, spec, options.types)) {
      const names = eventColumns(String(found.k));
      const row = rowOf(found);
      row.sums[names.count] += Number(found.n);
      row.sums[names.revenue] += Math.round(Number(found.money ?? 0));
    }
  }
  if (anyNumericEvents(db)) {
    for (const found of numericEventRows(db, spec)) {
      const row = rowOf(found);
      row.sums[numericEventColumn(Number(found.k))] += Number(found.total);
    }
  }
  return [...byKey.values()];
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** The event columns' figures of one row from its sums (CR: count ÷ clicks × 100, 0 without clicks). */
export function eventMetrics(
  sums: Readonly<Record<string, number>>,
  columns: readonly ExtraColumn[],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of columns) {
    if (c.format === "percent") {
      const count = sums[c.name.replace(/\.cr$/, ".count")] ?? 0;
      const clicks = sums.clicks ?? 0;
      out[c.name] = clicks === 0 ? 0 : round((count / clicks) * 100, 2);
    } else if (c.format === "money") {
      out[c.name] = (sums[c.name] ?? 0) / 1_000_000;
    } else {
      out[c.name] = round(sums[c.name] ?? 0, 4);
    }
  }
  return out;
}
