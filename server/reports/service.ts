/**
 * The report service: one grouping level (drill-down passes the values of the
 * levels above as `parents`), rows with figures and labels, totals, sorting
 * and the row limit; and the full-depth table CSV export writes.
 */
import { DIMENSION_BY_NAME, METRIC_BY_NAME } from "../../contracts/report.ts";
import {
  isTimeDimension,
  type ReportAnswer,
  type ReportQuery,
  type ReportRow,
} from "../../contracts/report_query.ts";
import type { Db } from "../db/connection.ts";
import { dayRange } from "../entities/range.ts";
import { labeller } from "./labels.ts";
import { compileFormulas, computeMetrics, visibleMetrics } from "./metrics.ts";
import { querySums, type SumsRow } from "./query.ts";
import { SUMS } from "./rollup_schema.ts";
import { mergeNotes, rateNoteLines } from "../currency/notes.ts";
import { eventReportColumns } from "../../contracts/conversion_events.ts";
import { getEventsSettings } from "../settings/sections.ts";
import { addEventSums, anyNumericEvents, eventMetrics } from "./events.ts";

/** Options of a report read. */
export type ReportOptions = {
  hideProfit: boolean;
  /** The currency money figures are in (the user's, Settings → Stats); USD when not given. */
  currency?: string;
  forceRaw?: boolean;
  /** Group by every level at once (CSV export). */
  allLevels?: boolean;
};

function sortRows(rows: ReportRow[], query: ReportQuery, level: number): void {
  // Unsorted, a time level reads in time order (days, hours), any other by clicks.
  const inTime = query.sort === undefined && isTimeDimension(query.groupBy[level] ?? "");
  const sort = query.sort ?? (inTime ? "name" : "clicks");
  const dir = (query.order ?? (inTime ? "asc" : "desc")) === "asc" ? 1 : -1;
  const dimIndex = query.groupBy.slice(0, level + 1).indexOf(sort);
  const byDim = dimIndex >= 0 ? dimIndex : sort === "name" ? level : -1;
  rows.sort((a, b) => {
    let cmp: number;
    if (byDim >= 0) {
      const x = a.values[byDim], y = b.values[byDim];
      const format = DIMENSION_BY_NAME.get(query.groupBy[byDim])?.format;
      cmp = typeof x === "number" && typeof y === "number" && format !== "entity"
        ? x - y
        : a.labels[byDim].localeCompare(b.labels[byDim]);
    } else {
      cmp = (a.metrics[sort] ?? 0) - (b.metrics[sort] ?? 0);
    }
    return cmp * dir || a.labels.join("\u0000").localeCompare(b.labels.join("\u0000"));
  });
}

/** The total of rows: every sum they hold (base columns and event columns alike). */
function sumRows(rows: readonly SumsRow[]): SumsRow {
  const sums: Record<string, number> = Object.fromEntries(SUMS.map((s) => [s, 0]));
  for (const row of rows) {
    for (const [s, v] of Object.entries(row.sums)) sums[s] = (sums[s] ?? 0) + v;
  }
  return { values: [], sums };
}

/** One level of a report with totals. */
export function runReport(db: Db, query: ReportQuery, options: ReportOptions): ReportAnswer {
  const range = dayRange({ from: query.from, to: query.to, tz: query.tz });
  const formulas = compileFormulas(query.formulas, options);
  const level = options.allLevels ? query.groupBy.length - 1 : query.parents.length;
  const groupBy = query.groupBy.slice(0, level + 1);
  const parents = options.allLevels ? [] : query.parents;
  const parentFilters = parents.map((value, i) => ({
    dim: groupBy[i],
    op: "is" as const,
    values: [value],
  }));
  const base = {
    subject: { type: query.subjectType, ids: query.subjectIds },
    start: range.start,
    end: range.end,
    tz: query.tz,
    forceRaw: options.forceRaw,
    attribution: query.attribution,
    currency: options.currency ?? "USD",
  };
  const types = getEventsSettings(db).types;
  const columns = eventReportColumns(types, {
    hideProfit: options.hideProfit,
    numeric: anyNumericEvents(db),
  });
  const typeNames = types.map((t) => t.name);
  const spec = { ...base, groupBy, filters: [...query.filters, ...parentFilters] };
  const result = querySums(db, spec);
  result.rows = addEventSums(db, spec, { rows: result.rows, types: typeNames });
  // At the first level the groups partition the report: their sums are the totals.
  const totals = parents.length === 0 ? { rows: [sumRows(result.rows)] } : (() => {
    const totalSpec = { ...base, groupBy: [], filters: query.filters };
    const found = querySums(db, totalSpec);
    return { ...found, rows: addEventSums(db, totalSpec, { rows: found.rows, types: typeNames }) };
  })();
  const labels = groupBy.map((name, i) => labeller(db, name, result.rows.map((r) => r.values[i])));
  const metricOptions = { hideProfit: options.hideProfit, formulas };
  const figures = (sums: Record<string, number>) => ({
    ...computeMetrics(sums, metricOptions),
    ...eventMetrics(sums, columns),
  });
  const rows: ReportRow[] = result.rows.map((r) => ({
    values: r.values,
    labels: r.values.map((v, i) => labels[i](v)),
    metrics: figures(r.sums),
  }));
  sortRows(rows, query, level);
  return {
    groupBy: query.groupBy,
    level,
    rows: rows.slice(0, query.limit),
    totals: figures(totals.rows[0]?.sums ?? {}),
    metrics: [
      ...visibleMetrics(options.hideProfit, []),
      ...columns.map((c) => c.name),
      ...formulas.map((f) => f.name),
    ],
    columns,
    truncated: rows.length > query.limit,
    source: result.source,
    currency: base.currency,
    rateNotes: rateNoteLines(
      mergeNotes(result.rates, "rates" in totals ? totals.rates : null),
      base.currency,
    ),
  };
}

/** The CSV table of a report: every level's dimension, the chosen figures, and a totals line. */
export function reportTable(
  db: Db,
  query: ReportQuery,
  options: ReportOptions,
): { header: string[]; rows: unknown[][] } {
  const answer = runReport(db, { ...query, parents: [], limit: 1_000_000 }, {
    ...options,
    allLevels: true,
  });
  const wanted = query.columns?.length
    ? query.columns.filter((c) => answer.metrics.includes(c))
    : answer.metrics;
  const formulaLabels = new Map([
    ...query.formulas.map((f) => [f.name, f.label] as const),
    ...answer.columns.map((c) => [c.name, c.label] as const),
  ]);
  const header = [
    ...query.groupBy.map((d) => DIMENSION_BY_NAME.get(d)?.label ?? d),
    ...wanted.map((m) => METRIC_BY_NAME.get(m)?.label ?? formulaLabels.get(m) ?? m),
  ];
  return {
    header,
    rows: [
      ...answer.rows.map((r) => [...r.labels, ...wanted.map((m) => r.metrics[m])]),
      ["Total", ...query.groupBy.slice(1).map(() => ""), ...wanted.map((m) => answer.totals[m])],
    ],
  };
}
