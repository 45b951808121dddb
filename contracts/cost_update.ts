/**
 * Cost updates (issue 13 item 1): the real spend of campaigns over a period,
 * optionally narrowed by report filters (a source token, a country, …), spread
 * over the matching clicks. See docs/decisions/160-cost-updates.md.
 */
import { z } from "zod";
import { Currency, Id, Money } from "./fields.ts";
import { isTimeZone } from "./list.ts";
import { ReportFilter } from "./report_query.ts";

/** A day (whole local day) or a local minute: `2026-11-20` or `2026-11-20 14:30`. */
export const CostMoment = z.string().trim().regex(
  /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/,
  "must be a date like 2026-11-20 or a time like 2026-11-20 14:30",
).refine((s) => {
  // Round-tripped: Date.parse takes 2026-02-30 as March 2nd.
  const day = s.slice(0, 10);
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
}, "is not a real date");

/** How the amount meets the clicks' current cost. */
export const CostMode = z.enum(["replace", "add"]);
export type CostMode = z.infer<typeof CostMode>;

/** One cost update, as the panel, the CSV rows and the API send it. */
export const CostUpdateInput = z.object({
  campaignIds: z.array(Id).min(1, "choose at least one campaign").max(500),
  /** First day (or minute) of the period, in `tz`. */
  from: CostMoment,
  /** Last day (inclusive) or the minute the period ends (exclusive), in `tz`. */
  to: CostMoment,
  tz: z.string().max(64).refine(isTimeZone, "is not a known time zone").default("UTC"),
  /** Narrow the clicks like a report filter: `t3` is the source's third token, `country`, …. */
  filters: z.array(ReportFilter).max(30).default([]),
  /** A source token's value, by its parameter or name: `zone=123` (or `t3=123`). */
  token: z.string().trim().max(600).default(""),
  amount: Money,
  currency: Currency.default("USD"),
  mode: CostMode.default("replace"),
  /** Spread over unique clicks only (the others get no cost when replacing). */
  uniqueOnly: z.boolean().default(false),
  /** Count and show what would change, change nothing. */
  dryRun: z.boolean().default(false),
}).refine((u) => u.from.slice(0, 10) <= u.to.slice(0, 10), {
  path: ["to"],
  message: "must not be before the start",
});
export type CostUpdateInput = z.infer<typeof CostUpdateInput>;

/** What an update did (or would do): money in decimals of `currency`. */
export const CostUpdateResult = z.object({
  /** The recorded update; null for a dry run. */
  id: Id.nullable(),
  dryRun: z.boolean(),
  /** Clicks the period and filters match (bots excluded: they cost nothing). */
  clicks: z.number().int(),
  /** Clicks the amount is spread over (unique ones with `uniqueOnly`). */
  receivers: z.number().int(),
  costBefore: z.number(),
  costAfter: z.number(),
  currency: Currency,
});
export type CostUpdateResult = z.infer<typeof CostUpdateResult>;

/** One recorded update, for the history. */
export const CostUpdateRecord = z.object({
  id: Id,
  ts: z.number(),
  username: z.string(),
  source: z.enum(["panel", "api", "csv", "keitaro"]),
  campaignIds: z.array(Id),
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  filters: z.array(ReportFilter),
  mode: CostMode,
  uniqueOnly: z.boolean(),
  amount: z.number(),
  currency: Currency,
  clicks: z.number().int(),
  costBefore: z.number(),
  costAfter: z.number(),
  /** Written in parts: 'applying' until the last one; 'failed' (rolled back) if cut short. */
  state: z.enum(["applying", "done", "failed", "undoing"]),
  undoneAt: z.number().nullable(),
  undoneBy: z.string().nullable(),
});
export type CostUpdateRecord = z.infer<typeof CostUpdateRecord>;

/** `GET /api/cost-updates`. */
export const CostUpdatesQuery = z.object({
  campaignId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const CostUpdatesAnswer = z.object({ items: z.array(CostUpdateRecord) });

/** `POST /api/cost-updates/csv`: rows `campaign, from, to[, token], amount, currency`. */
export const CostCsvInput = z.object({
  csv: z.string().min(1, "must not be empty").max(2_000_000),
  tz: z.string().max(64).refine(isTimeZone, "is not a known time zone").default("UTC"),
  mode: CostMode.default("replace"),
  dryRun: z.boolean().default(true),
});
export type CostCsvInput = z.infer<typeof CostCsvInput>;

/** One CSV row's outcome (its line number counts the header as line 1). */
export const CostCsvRow = z.object({
  line: z.number().int(),
  ok: z.boolean(),
  error: z.string().optional(),
  result: CostUpdateResult.optional(),
});

export const CostCsvAnswer = z.object({
  applied: z.boolean(),
  rows: z.array(CostCsvRow),
});
export type CostCsvAnswer = z.infer<typeof CostCsvAnswer>;

const KeitaroZone = z.string().max(64).refine(isTimeZone, "is not a known time zone");
const KeitaroCost = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/, "must be a number")])
  .transform(Number).pipe(Money);
const KeitaroUniques = z.union([z.boolean(), z.literal(0), z.literal(1)]).optional()
  .transform(Boolean);
/**
 * `{ "sub_id_3": "zone-1" }` (Keitaro's sub ids are Rotor's tokens) or `{ "country": "DE" }`;
 * a comma-separated value is a list (`"zone-1,zone-2"`).
 */
const KeitaroFilters = z.record(z.string(), z.union([z.string(), z.number()])).default({});

/**
 * Keitaro Admin API's `POST /admin_api/v1/campaigns/{id}/update_costs` body, so
 * tools that push ad spend to Keitaro push it here unchanged. As in Keitaro,
 * `end_date` is a moment (a date alone is its midnight) and the period
 * includes its second: `2026-11-20 00:00` to `2026-11-20 23:59:59`, or to
 * `2026-11-21`, is the 20th.
 */
export const KeitaroCostInput = z.object({
  start_date: CostMoment,
  end_date: CostMoment,
  timezone: KeitaroZone.default("UTC"),
  cost: KeitaroCost,
  currency: Currency.optional(),
  only_campaign_uniques: KeitaroUniques,
  filters: KeitaroFilters,
});
export type KeitaroCostInput = z.infer<typeof KeitaroCostInput>;

/**
 * Keitaro Admin API's `POST /admin_api/v1/clicks/update_costs` body: several
 * periods (each with its own filters, and optionally its own time zone and
 * currency) over the same campaigns, in one call.
 */
export const KeitaroClicksCostInput = z.object({
  campaign_ids: z.array(Id).min(1, "name at least one campaign").max(500),
  costs: z.array(z.object({
    start_date: CostMoment,
    end_date: CostMoment,
    cost: KeitaroCost,
    timezone: KeitaroZone.optional(),
    currency: Currency.optional(),
    filters: KeitaroFilters,
  })).min(1, "must hold at least one cost").max(1000),
  timezone: KeitaroZone.optional(),
  currency: Currency.optional(),
  only_campaign_uniques: KeitaroUniques,
});
export type KeitaroClicksCostInput = z.infer<typeof KeitaroClicksCostInput>;
