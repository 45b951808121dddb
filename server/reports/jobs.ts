/**
 * The read jobs the report reader runs, by name: pure functions of a
 * connection and a structured-cloneable input, so they run the same in the
 * server's thread (tests, in-memory databases) and in the read worker.
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
import { type ReportOptions, reportTable, runReport } from "./service.ts";
import { runTrends } from "./trends.ts";

type Viewer = { hideProfit: boolean };

/** Every job: name → function. */
export const JOBS = {
  report: (db: Db, input: { query: ReportQuery; options: ReportOptions }) =>
    runReport(db, input.query, input.options),
  reportTable: (db: Db, input: { query: ReportQuery; options: ReportOptions }) =>
    reportTable(db, input.query, input.options),
  trends: (db: Db, input: { query: TrendsQuery; options: Viewer }) =>
    runTrends(db, input.query, input.options),
  conversions: (db: Db, input: { query: ConversionsQuery; options: Viewer }) =>
    listConversions(db, input.query, input.options),
  clicks: (db: Db, input: { query: ClicksQuery }) => listClicks(db, input.query),
};

export type Jobs = typeof JOBS;
export type JobName = keyof Jobs;
export type JobInput<K extends JobName> = Parameters<Jobs[K]>[1];
export type JobOutput<K extends JobName> = ReturnType<Jobs[K]>;
