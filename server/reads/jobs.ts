/**
 * The read jobs the read worker runs, by name: pure functions of a connection
 * and a structured-cloneable input, so they run the same in a read thread and
 * (in-memory test databases only) on the server's own connection. A job is a
 * name, not a function, because functions cannot cross to another thread.
 */
import type {
  ClicksQuery,
  ConversionsQuery,
  ReportQuery,
  TrendsQuery,
} from "../../contracts/report_query.ts";
import type { Db } from "../db/connection.ts";
import { listClicks } from "../clicklog/service.ts";
import { listConversions } from "../conversions/service.ts";
import {
  entityStats,
  notedEntityStats,
  type StatsKey,
  type StatsRange,
} from "../entities/stats.ts";
import { type ReportOptions, reportTable, runReport } from "../reports/service.ts";
import { runTrends } from "../reports/trends.ts";
import { type FiguresInput, triggerFigures } from "../triggers/figures.ts";
import { dryRun, type DryRunInput } from "../triggers/dry_run.ts";
import { matchClicks, type MatchSpec } from "../costs/match.ts";
import { planCostUpdate, type PlanInput } from "../costs/plan.ts";

type Viewer = { hideProfit: boolean; currency?: string };

/** Every job: name → function. */
export const READ_JOBS = {
  report: (db: Db, input: { query: ReportQuery; options: ReportOptions }) =>
    runReport(db, input.query, input.options),
  reportTable: (db: Db, input: { query: ReportQuery; options: ReportOptions }) =>
    reportTable(db, input.query, input.options),
  trends: (db: Db, input: { query: TrendsQuery; options: Viewer }) =>
    runTrends(db, input.query, input.options),
  conversions: (db: Db, input: { query: ConversionsQuery; options: Viewer }) =>
    listConversions(db, input.query, input.options),
  clicks: (db: Db, input: { query: ClicksQuery }) => listClicks(db, input.query),
  /** The entity lists' per-item sums (a Map crosses threads by structured clone). */
  entityStats: (db: Db, input: { key: StatsKey; range: StatsRange }) =>
    entityStats(db, input.key, input.range),
  /** The same with the notes of amounts the viewer's currency could not take. */
  notedEntityStats: (db: Db, input: { key: StatsKey; range: StatsRange }) =>
    notedEntityStats(db, input.key, input.range),
  /** The clicks a cost update covers (decision 160), matched off the click path. */
  costMatch: (db: Db, input: MatchSpec) => matchClicks(db, input),
  /** What a cost update will do: totals, read-time shares, clicks to write (decision 160). */
  costPlan: (db: Db, input: PlanInput) => planCostUpdate(db, input),
  /** A trigger's figures per subject and window (issue 15). */
  triggerFigures: (db: Db, input: FiguresInput) => triggerFigures(db, input),
  /** When a trigger would have fired over the last 7 days. */
  triggerDryRun: (db: Db, input: DryRunInput) => dryRun(db, input),
};

/** The jobs' names, inputs and outputs. */
export type ReadJobs = typeof READ_JOBS;
export type ReadJob = keyof ReadJobs;
export type ReadJobInput<K extends ReadJob> = Parameters<ReadJobs[K]>[1];
export type ReadJobOutput<K extends ReadJob> = ReturnType<ReadJobs[K]>;
