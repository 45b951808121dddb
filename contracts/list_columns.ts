/**
 * The columns each list and the report can show, by the names a saved column
 * set (Settings → Columns, decision 087) stores. The entity lists' column keys
 * are typed by this table, and the server refuses a set that names a column
 * its list does not have (decision 182). The report's event type columns depend
 * on stored settings: the server adds them from the same definitions the report uses.
 */
import { METRICS } from "./report.ts";
import { FormulaColumn } from "./report_query.ts";
import { eventColumns, NUMERIC_EVENTS, numericEventColumn } from "./conversion_events.ts";
import { Stats } from "./stats.ts";
import type { ColumnSet } from "./settings.ts";

/** A list a column set can be saved for (`ColumnList` of `contracts/settings.ts`). */
type ColumnList = ColumnSet["list"];

/** The entity lists: the lists of `ColumnList` that are not the report, conversions or click log. */
export type EntityColumnList = Exclude<ColumnList, "report" | "conversions" | "clicklog">;

/** The columns every entity list starts with: id, name, group. */
export const ENTITY_BASE_COLUMNS = ["id", "name", "group"] as const;

/** Each entity list's own columns, shown after the base columns and before the stats. */
export const ENTITY_OWN_COLUMNS = {
  campaigns: ["status", "source", "costModel", "destination", "key"],
  offers: ["network", "payout", "cap", "country", "url"],
  landings: ["url", "offerCount", "protect"],
  "affiliate-networks": ["currency", "token", "template"],
  "traffic-sources": ["tokens", "postback"],
  rotations: ["rules", "paths"],
} as const satisfies Record<EntityColumnList, readonly string[]>;

/**
 * The lists whose screens show a saved set's columns (their Columns menu): the
 * entity lists, the report and the click log. The conversions list has no
 * column choice, so the panel offers no set for it (a set would change nothing).
 */
export const LISTS_WITH_SETS: readonly ColumnList[] = [
  ...Object.keys(ENTITY_OWN_COLUMNS) as EntityColumnList[],
  "report",
  "clicklog",
];

/** An entity list's own column key (any string for lists that save no column sets). */
export type OwnColumnKey<L extends string> = L extends EntityColumnList
  ? (typeof ENTITY_OWN_COLUMNS)[L][number]
  : string;

/** The stats columns of the entity lists: the keys of `Stats`. */
export const STAT_COLUMNS = Object.keys(Stats.shape) as (keyof Stats)[];

/** Every column an entity list can show. */
export function entityListColumns(list: EntityColumnList): string[] {
  return [...ENTITY_BASE_COLUMNS, ...ENTITY_OWN_COLUMNS[list], ...STAT_COLUMNS];
}

/** The report's columns every tracker has: the metrics and the numeric events 1–10. */
export const REPORT_COLUMNS: readonly string[] = [
  ...METRICS.map((m) => m.name),
  ...Array.from({ length: NUMERIC_EVENTS }, (_, i) => numericEventColumn(i + 1)),
];

/** The report columns of the configured event types (count, revenue, CR of each). */
export function eventTypeColumns(types: readonly { name: string }[]): string[] {
  return types.flatMap((t) => Object.values(eventColumns(t.name)));
}

/**
 * Whether `name` is a formula column's (`f_…`). Formula columns are kept in
 * the operator's browser (`client/reports/formulas.tsx`), so the server knows
 * their names' shape, not which ones a browser holds.
 */
export function isFormulaColumnName(name: string): boolean {
  return FormulaColumn.shape.name.safeParse(name).success;
}
