/**
 * The WHERE conditions reports, trends, events and cost-update matching
 * share: a query's subject over a row `c` and a filter over a dimension's SQL,
 * their values pushed as parameters.
 */
import type { SQLInputValue } from "node:sqlite";
import { SUBJECT_TYPES } from "../../contracts/report.ts";
import type { ReportFilter } from "../../contracts/report_query.ts";
import type { SumsSpec } from "./query.ts";
import { DIMENSION_BY_NAME } from "./dimensions.ts";
import { RAW_COLUMNS } from "./raw_columns.ts";

/** The subject's condition over a row `c` (a rollup or the raw union). */
export function subjectSql(spec: SumsSpec, params: SQLInputValue[]): string {
  const { column } = SUBJECT_TYPES[spec.subject.type];
  params.push(JSON.stringify(spec.subject.ids));
  if (spec.subject.type === "affiliate-network") {
    return `c.offer_id IN (SELECT id FROM offers WHERE affiliate_network_id IN (SELECT value FROM json_each(?)))`;
  }
  // Typed ids: PostgreSQL seeks the rollups' (campaign_id, …) keys only for a bigint list (a
  // text comparison would read the whole table); SQLite's values are integers already.
  return `c.${column} IN (SELECT CAST(value AS INTEGER) FROM json_each(?))`;
}

/** Dimension formats whose SQL value is a number (the others' is text). */
const NUMERIC_FORMATS = new Set([
  "day",
  "hour",
  "dateHour",
  "weekday",
  "entity",
  "rule",
  "path",
  "flag",
]);

/**
 * A filter's values as its dimension's SQL holds them: digits for a number, a number as text.
 * SQLite compares an integer with text as unequal and PostgreSQL compared both as text, so
 * `hour is "14"` (or `osVersion is 13`) found nothing on one and the clicks on the other.
 */
function typedValues(filter: ReportFilter): Array<string | number> {
  const numeric = NUMERIC_FORMATS.has(DIMENSION_BY_NAME.get(filter.dim)?.format ?? "");
  return filter.values.map((v) => {
    if (!numeric) return String(v);
    return typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;
  });
}

/** A filter's condition on the SQL `expr`, its values pushed onto `params`. */
export function filterSql(filter: ReportFilter, expr: string, params: SQLInputValue[]): string {
  if (filter.op === "contains") {
    const parts = filter.values.map((v) => {
      params.push(String(v).toLowerCase());
      return `instr(lower(${expr}), ?) > 0`;
    });
    return `(${parts.join(" OR ")})`;
  }
  params.push(JSON.stringify(typedValues(filter)));
  const not = filter.op === "isNot" ? "NOT " : "";
  return `${expr} ${not}IN (SELECT value FROM json_each(?))`;
}

/**
 * A filter's condition straight on a stored click joined as `k` (its place `p`, its user
 * agent `u`; `RAW_COLUMNS`), where the report's raw query projects them as `c`: the
 * dimension's columns read from the click, its time from `time`.
 */
export function clickFilterSql(
  filter: ReportFilter,
  time: string,
  params: SQLInputValue[],
): string {
  const expr = DIMENSION_BY_NAME.get(filter.dim)!.sql.replaceAll("{t}", time)
    .replace(/\bc\.(\w+)/g, (_, column: string) => `(${RAW_COLUMNS[column] ?? "NULL"})`);
  return filterSql(filter, expr, params);
}
