/**
 * Queries and answers of the analytics calls (DESIGN §5): `/api/report`,
 * `/api/report/leads`, `/api/trends`, `/api/conversions`, `/api/clicks`.
 * Query values arrive as strings; lists are comma-separated and structured
 * values (filters, drill-down parents, formula columns) are JSON.
 */
import { z } from "zod";
import { Day, isTimeZone } from "./list.ts";
import { DIMENSION_BY_NAME, METRIC_BY_NAME, SUBJECT_TYPES, type SubjectType } from "./report.ts";
import { ConversionStatus } from "./stats.ts";
import { ExtraColumn } from "./conversion_events.ts";

const TimeZone = z.string().max(64).refine(isTimeZone, "is not a known time zone").default("UTC");

function json<T extends z.ZodType>(schema: T) {
  return z.string().max(20_000).transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be JSON" });
      return z.NEVER;
    }
  }).pipe(schema);
}

/** `1,2,3` → [1, 2, 3]. */
export const IdList = z.string().regex(/^\d{1,15}(,\d{1,15}){0,499}$/, "must be ids like 1,2,3")
  .transform((s) => s.split(",").map(Number));

const SubjectTypeSchema = z.enum(Object.keys(SUBJECT_TYPES) as [SubjectType, ...SubjectType[]]);

/** A filter on one dimension. */
/** Whether dimension `name` is a time (day, hour, weekday…): its report reads in time order. */
export function isTimeDimension(name: string): boolean {
  const format = DIMENSION_BY_NAME.get(name)?.format;
  return format === "day" || format === "hour" || format === "dateHour" || format === "weekday" ||
    format === "month";
}

export const ReportFilter = z.object({
  dim: z.string().refine((d) => DIMENSION_BY_NAME.has(d), "is not a dimension"),
  op: z.enum(["is", "isNot", "contains"]).default("is"),
  values: z.array(z.union([z.string().max(500), z.number()])).min(1).max(100),
});
export type ReportFilter = z.infer<typeof ReportFilter>;

/** An operator's formula column. */
export const FormulaColumn = z.object({
  name: z.string().regex(/^f_[a-zA-Z0-9_]{1,40}$/, "must look like f_name"),
  label: z.string().trim().min(1).max(64),
  expr: z.string().min(1).max(300),
  format: z.enum(["count", "money", "percent", "decimal"]).default("decimal"),
});
export type FormulaColumn = z.infer<typeof FormulaColumn>;

const dateRange = {
  from: Day.optional(),
  to: Day.optional(),
  tz: TimeZone,
};

/** A range whose last day comes before its first is a mistake, not an empty answer. */
const FROM_NOT_AFTER_TO = { path: ["to"], message: "must not be before from" };

function inOrder(q: { from?: string; to?: string }): boolean {
  return !q.from || !q.to || q.from <= q.to;
}

/** The entity filters of the click log and the conversions, by id. */
const entityFilters = {
  campaignId: z.coerce.number().int().positive().optional(),
  offerId: z.coerce.number().int().positive().optional(),
  trafficSourceId: z.coerce.number().int().positive().optional(),
};

/** `GET /api/report`. `parents` holds the values of the levels above the one asked for. */
export const ReportQuery = z.object({
  subjectType: SubjectTypeSchema,
  subjectIds: IdList,
  groupBy: z.string().default("day").transform((s) => s.split(",").filter(Boolean)).pipe(
    z.array(z.string().refine((d) => DIMENSION_BY_NAME.has(d), "is not a dimension")).min(1)
      .max(3, "at most 3 grouping levels"),
  ),
  parents: json(z.array(z.union([z.string(), z.number()])).max(2)).default([]),
  filters: json(z.array(ReportFilter).max(30)).default([]),
  formulas: json(z.array(FormulaColumn).max(20)).default([]),
  ...dateRange,
  /** Conversions counted at their own time (default) or at their click's time. */
  attribution: z.enum(["conversion", "click"]).default("conversion"),
  /**
   * A metric, formula or grouped dimension (`name`: the level's own). Default: a time level
   * (day, hour, …) in time order, any other by clicks.
   */
  sort: z.string().max(64).optional(),
  /** Default: ascending for the time order, else descending. */
  order: z.enum(["asc", "desc"]).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Metric and formula names for CSV; all visible ones when absent. */
  columns: z.string().max(2000).optional().transform((s) => s?.split(",").filter(Boolean)),
  format: z.enum(["json", "csv"]).default("json"),
}).refine((q) => q.parents.length < q.groupBy.length, {
  path: ["parents"],
  message: "must name fewer values than grouping levels",
});
export type ReportQuery = z.infer<typeof ReportQuery>;

/** One report row: its dimension values (raw and printed) and its figures. */
export const ReportRow = z.object({
  values: z.array(z.union([z.string(), z.number()])),
  labels: z.array(z.string()),
  metrics: z.record(z.string(), z.number()),
});
export type ReportRow = z.infer<typeof ReportRow>;

/** `GET /api/report` answer. */
export const ReportAnswer = z.object({
  groupBy: z.array(z.string()),
  level: z.number().int(),
  rows: z.array(ReportRow),
  totals: z.record(z.string(), z.number()),
  /** The metric and formula columns this user may see, in order. */
  metrics: z.array(z.string()),
  /** Rows dropped past `limit`. */
  truncated: z.boolean(),
  /** `rollup:<table>` or `raw`: which data answered (decision 060). */
  source: z.string(),
  /** The currency of every money figure: the user's (Settings → Stats). */
  currency: z.string(),
  /** What converting to it could not do exactly: days without a rate, currencies without any. */
  rateNotes: z.array(z.string()),
  /** Columns of `metrics` beyond the report table's own: the event columns (decision 167). */
  columns: z.array(ExtraColumn).default([]),
});
export type ReportAnswer = z.infer<typeof ReportAnswer>;

/**
 * The longest range a trend draws, in days, per interval: every bucket is drawn (zeros
 * too), so 1970 to 9999 by hour would be 70 million of them, twice with `compare`.
 */
export const TREND_DAYS = { hour: 93, day: 3700 } as const;

function withinTrendSpan(q: { from?: string; to?: string; interval: "hour" | "day" }): boolean {
  if (!q.from) return true;
  // Without `to` the range ends today (a day's slack for the time zone).
  const to = q.to ?? new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1;
  return days <= TREND_DAYS[q.interval];
}

/** `GET /api/trends`. */
export const TrendsQuery = z.object({
  campaignIds: IdList.optional(),
  metrics: z.string().default("clicks,conversions,revenue").transform((s) => s.split(",")).pipe(
    z.array(z.string().refine((m) => METRIC_BY_NAME.has(m), "is not a metric")).min(1).max(8),
  ),
  interval: z.enum(["hour", "day"]).default("day"),
  compare: z.enum(["true", "false"]).default("false").transform((s) => s === "true"),
  ...dateRange,
  format: z.enum(["json", "csv"]).default("json"),
}).refine(inOrder, FROM_NOT_AFTER_TO).refine(withinTrendSpan, {
  path: ["from"],
  message: `an hourly trend covers at most ${TREND_DAYS.hour} days, a daily one ${TREND_DAYS.day}`,
});
export type TrendsQuery = z.infer<typeof TrendsQuery>;

/** `GET /api/trends` answer: one value per bucket and metric; `previous` is the period before. */
export const TrendsAnswer = z.object({
  interval: z.enum(["hour", "day"]),
  buckets: z.array(z.string()),
  series: z.record(z.string(), z.array(z.number())),
  previous: z.object({
    buckets: z.array(z.string()),
    series: z.record(z.string(), z.array(z.number())),
  }).optional(),
  currency: z.string(),
  rateNotes: z.array(z.string()),
});
export type TrendsAnswer = z.infer<typeof TrendsAnswer>;

/** A stored value of a click or conversion as the API answers it. */
export const Cell = z.union([z.string(), z.number(), z.null()]);

/** `GET /api/conversions` and `/api/report/leads`: newest first, cursor paging. */
export const ConversionsQuery = z.object({
  subjectType: SubjectTypeSchema.optional(),
  subjectIds: IdList.optional(),
  ...entityFilters,
  status: ConversionStatus.optional(),
  search: z.string().trim().max(255).optional(),
  /** The report's filters (JSON), over each conversion's click: the leads of a filtered report. */
  filters: json(z.array(ReportFilter).max(30)).default([]),
  ...dateRange,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  format: z.enum(["json", "csv"]).default("json"),
}).refine(inOrder, FROM_NOT_AFTER_TO);
export type ConversionsQuery = z.infer<typeof ConversionsQuery>;

/**
 * A recorded change of a conversion, or of its click's cost the conversion charged (CPA,
 * RevShare: field "click cost", by the postback or the admin): who, when, before and after.
 */
export const ConversionChange = z.object({
  ts: z.number(),
  username: z.string(),
  field: z.string(),
  before: z.string(),
  after: z.string(),
  /** What became of the traffic source postback the change called for. */
  postbackOutcome: z.string(),
});
export type ConversionChange = z.infer<typeof ConversionChange>;

/** One conversion with its click's details. */
export const ConversionItem = z.object({
  id: z.number().int(),
  ts: z.number(),
  status: ConversionStatus,
  originalStatus: z.string(),
  payout: z.number().optional(),
  currency: z.string(),
  txid: z.string(),
  isUpsell: z.boolean(),
  /** False once a later postback replaced it (it no longer counts). */
  current: z.boolean(),
  postbackOutcome: z.string(),
  clickId: z.string(),
  clickTs: z.number().nullable(),
  campaignId: z.number().nullable(),
  campaign: z.string(),
  offerId: z.number().nullable(),
  offer: z.string(),
  landingId: z.number().nullable(),
  landing: z.string(),
  click: z.record(z.string(), Cell),
  /** Recorded changes (manual ones, and cost charges), oldest first (empty when none). */
  changes: z.array(ConversionChange).default([]),
});
export type ConversionItem = z.infer<typeof ConversionItem>;

/** A page of conversions. */
export const ConversionsAnswer = z.object({
  items: z.array(ConversionItem),
  nextCursor: z.string().nullable(),
});
export type ConversionsAnswer = z.infer<typeof ConversionsAnswer>;

/** `PATCH /api/conversions/:id` (admins): a manual status change. */
export const ConversionPatch = z.object({ status: ConversionStatus });
export type ConversionPatch = z.infer<typeof ConversionPatch>;

/** `PATCH /api/conversions/mass` (admins): one status for several conversions. */
export const ConversionMassPatch = z.object({
  ids: z.array(z.number().int().positive()).min(1, "Select at least one conversion").max(1000),
  status: ConversionStatus,
});
export type ConversionMassPatch = z.infer<typeof ConversionMassPatch>;

/** The answer to a status change: each changed conversion with its new status. */
export const ConversionStatusAnswer = z.object({
  items: z.array(
    z.object({ id: z.number(), status: ConversionStatus, postbackOutcome: z.string() }),
  ),
});
export type ConversionStatusAnswer = z.infer<typeof ConversionStatusAnswer>;

/** `GET /api/clicks`: the click log, newest first, cursor paging. */
export const ClicksQuery = z.object({
  ...entityFilters,
  country: z.string().regex(/^[A-Za-z]{2}$/, "must be a 2-letter country code").optional(),
  bot: z.enum(["true", "false"]).optional(),
  /** A click id, an IP address or an external id, matched exactly. */
  search: z.string().trim().max(255).optional(),
  ...dateRange,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  format: z.enum(["json", "csv"]).default("json"),
  /**
   * CSV: the columns to export, comma-separated, in order (the panel sends those its
   * Columns menu shows); each named id brings its name column. All when absent.
   */
  columns: z.string().max(2000).optional().transform((s) => s?.split(",").filter(Boolean)),
}).refine(inOrder, FROM_NOT_AFTER_TO);
export type ClicksQuery = z.infer<typeof ClicksQuery>;

/**
 * A page of the click log: every stored field of each click, camelCase, and beside each entity
 * id its name (`campaignName`, `trafficSourceName`, `rotationName`, `landingName`, `offerName`).
 */
export const ClicksAnswer = z.object({
  columns: z.array(z.string()),
  items: z.array(z.record(z.string(), Cell)),
  nextCursor: z.string().nullable(),
});
export type ClicksAnswer = z.infer<typeof ClicksAnswer>;
