/**
 * The figures a trigger reads: report metrics (formula columns included) of
 * each subject in its scope over time windows. It runs as a read job (off the
 * click thread) and sums through the report's own query and metric code, so a
 * trigger sees exactly the numbers the report shows for the same range.
 */
import type { ReportFilter } from "../../contracts/report_query.ts";
import type { SubjectType } from "../../contracts/report.ts";
import type { Scope } from "../../contracts/trigger.ts";
import type { FormulaColumn } from "../../contracts/report_query.ts";
import type { Db } from "../db/connection.ts";
import { compileFormulas, computeMetrics } from "../reports/metrics.ts";
import { querySums, type SumsRow, type SumsSpec } from "../reports/query.ts";
import { SCOPE_TABLES } from "./definition.ts";

/** A time range `[start, end)` in ms. */
export type Span = { start: number; end: number };

/** Input of the `triggerFigures` read job. */
export type FiguresInput = {
  scope: Scope;
  formulas: FormulaColumn[];
  spans: Span[];
  /** The currency money conditions are in (the install's, `installCurrency`). */
  currency?: string;
};

/** Per span: subject key → metric name → value; `labels`: subject key → name. */
export type FiguresOutput = {
  spans: Record<string, Record<string, number>>[];
  labels: Record<string, string>;
};

/** How each entity scope is a report subject and grouped. */
const REPORT_OF: Partial<Record<Scope["type"], { subject: SubjectType; dim: string }>> = {
  campaign: { subject: "campaign", dim: "campaign" },
  offer: { subject: "offer", dim: "offer" },
  landing: { subject: "landing", dim: "landing" },
  "traffic-source": { subject: "traffic-source", dim: "trafficSource" },
  "affiliate-network": { subject: "affiliate-network", dim: "affiliateNetwork" },
};

/**
 * The live entities of an entity scope (its ids, or every live one), with names, by id: the
 * order firings, notifications and actions come in. Unordered, PostgreSQL answered them in
 * its heap's order, which an edit changes (an edited campaign came last).
 */
export function scopeEntities(db: Db, scope: Scope): Map<number, string> {
  const table = SCOPE_TABLES[scope.type];
  if (!table) return new Map();
  const rows = scope.ids.length
    ? db.prepare(
      `SELECT id, name FROM ${table}
       WHERE archived = 0 AND id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    ).all(JSON.stringify(scope.ids))
    : db.prepare(`SELECT id, name FROM ${table} WHERE archived = 0 ORDER BY id`).all();
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

/** A subject's key in cooldowns and records: `campaign:3`, `token:zone42`. */
export function subjectKey(type: string, value: string | number): string {
  return `${type}:${value}`;
}

const HOUR = 3_600_000;

/**
 * Sums per group over `[start, end)`: the whole hours in the middle from the
 * rollups (the planner picks them for hour-aligned ranges), the partial
 * hours at the edges from raw rows. Sums add up, so the figures are the
 * report's for the same range, at the cost of two hours of raw rows at most.
 */
function sumsOver(db: Db, spec: SumsSpec): SumsRow[] {
  const first = Math.ceil(spec.start / HOUR) * HOUR;
  const last = Math.floor(spec.end / HOUR) * HOUR;
  const pieces = first < last
    ? [[spec.start, first], [first, last], [last, spec.end]]
    : [[spec.start, spec.end]];
  const merged = new Map<string, SumsRow>();
  for (const [start, end] of pieces) {
    if (start >= end) continue;
    for (const row of querySums(db, { ...spec, start, end }).rows) {
      const key = JSON.stringify(row.values);
      const into = merged.get(key);
      if (!into) merged.set(key, { values: row.values, sums: { ...row.sums } });
      else for (const [name, value] of Object.entries(row.sums)) into.sums[name] += value;
    }
  }
  return [...merged.values()];
}

/** Figures of every subject of `input.scope` for each span. */
export function triggerFigures(db: Db, input: FiguresInput): FiguresOutput {
  const { scope } = input;
  const formulas = compileFormulas(input.formulas, { hideProfit: false });
  const metricOptions = { hideProfit: false, formulas };
  const labels: Record<string, string> = {};
  let subject: { type: SubjectType; ids: number[] };
  let dim: string;
  const filters: ReportFilter[] = [];
  if (scope.type === "token") {
    subject = { type: "campaign", ids: scope.campaignId ? [scope.campaignId] : [] };
    dim = scope.token ?? "t1";
  } else {
    const report = REPORT_OF[scope.type];
    if (!report) return { spans: input.spans.map(() => ({})), labels };
    const entities = scopeEntities(db, scope);
    for (const [id, name] of entities) labels[subjectKey(scope.type, id)] = name;
    subject = { type: report.subject, ids: [...entities.keys()] };
    dim = report.dim;
  }
  const spans = input.spans.map((span) => {
    const out: Record<string, Record<string, number>> = {};
    // Entities with no traffic still have figures: zeros.
    for (const key of Object.keys(labels)) out[key] = computeMetrics({}, metricOptions);
    if (subject.ids.length === 0) return out;
    const rows = sumsOver(db, {
      subject,
      groupBy: [dim],
      filters,
      start: span.start,
      end: span.end,
      tz: "UTC",
      currency: input.currency ?? "USD",
    });
    for (const row of rows) {
      const key = subjectKey(scope.type, row.values[0]);
      if (scope.type === "token") {
        if (row.values[0] === "") continue;
        labels[key] = String(row.values[0]);
      } else if (!(key in labels)) continue;
      out[key] = computeMetrics(row.sums, metricOptions);
    }
    return out;
  });
  return { spans, labels };
}
