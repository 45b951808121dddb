/**
 * Currency rates (issue 13 item 2, decision 162): one rate per currency per
 * UTC day in the European Central Bank's convention, how many units of the
 * currency one euro buys (EUR itself is always 1 and never stored). Set by
 * hand, from a CSV, or fetched from the ECB; every change is kept with its
 * author, before and after.
 */
import { z } from "zod";
import { Currency, Id } from "./fields.ts";

/** A currency that takes a rate: any 3-letter code but EUR. */
export const RateCurrency = z.string().trim().toUpperCase().pipe(Currency).refine(
  (c) => c !== "EUR",
  "EUR is always 1 and takes no rate",
);

/** A UTC day `YYYY-MM-DD` that exists. */
export const RateDay = z.string().trim().regex(
  /^\d{4}-\d{2}-\d{2}$/,
  "must be a day like 2026-11-20",
)
  .refine(isRealDay, "is not a real date");

function isRealDay(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
}

/** Units of the currency one euro buys: above 0, up to a billion. */
export const PerEur = z.number({ error: "must be a number" }).finite()
  .gt(0, "must be above 0").max(1_000_000_000, "must be at most 1,000,000,000");

/** Where a rate came from. */
export const RateSource = z.enum(["manual", "csv", "ecb"]);
export type RateSource = z.infer<typeof RateSource>;

/** What storing a rate does (or would do) to the stored rate. */
export const RateOutcome = z.enum(["added", "changed", "unchanged"]);
export type RateOutcome = z.infer<typeof RateOutcome>;

/** One stored rate. */
export const CurrencyRate = z.object({
  currency: z.string(),
  day: z.string(),
  perEur: z.number(),
  source: RateSource,
  updatedAt: z.number(),
});
export type CurrencyRate = z.infer<typeof CurrencyRate>;

/** `GET /api/currency-rates`: newest day first, then by currency. */
export const CurrencyRatesQuery = z.object({
  currency: RateCurrency.optional(),
  /** First day shown (inclusive). */
  from: RateDay.optional(),
  /** Last day shown (inclusive). */
  to: RateDay.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  path: ["to"],
  message: "must not be before from",
});
export type CurrencyRatesQuery = z.infer<typeof CurrencyRatesQuery>;

export const CurrencyRatesAnswer = z.object({
  items: z.array(CurrencyRate),
  /** Rates matching the filters, all pages together. */
  total: z.number().int(),
});
export type CurrencyRatesAnswer = z.infer<typeof CurrencyRatesAnswer>;

/** `PUT /api/currency-rates`: set one rate by hand (added, or replacing the day's rate). */
export const CurrencyRateInput = z.object({
  currency: RateCurrency,
  day: RateDay,
  perEur: PerEur,
});
export type CurrencyRateInput = z.infer<typeof CurrencyRateInput>;

/** What setting one rate did. */
export const CurrencyRateSetAnswer = z.object({
  rate: CurrencyRate,
  outcome: RateOutcome,
  /** The day's rate before, null when there was none. */
  before: z.number().nullable(),
});

/** `DELETE /api/currency-rates?currency=USD&day=2026-11-20`. */
export const CurrencyRateKey = z.object({ currency: RateCurrency, day: RateDay });

/** The rate a deletion removed. */
export const CurrencyRateDeleteAnswer = z.object({ deleted: CurrencyRate });

/** One recorded change: `before` null for an addition, `after` null for a deletion. */
export const CurrencyRateChange = z.object({
  id: Id,
  ts: z.number(),
  userId: Id.nullable(),
  username: z.string(),
  source: z.string(),
  currency: z.string(),
  day: z.string(),
  before: z.number().nullable(),
  after: z.number().nullable(),
});
export type CurrencyRateChange = z.infer<typeof CurrencyRateChange>;

/** `GET /api/currency-rates/changes`: newest first. */
export const CurrencyRateChangesQuery = z.object({
  currency: RateCurrency.optional(),
  day: RateDay.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export type CurrencyRateChangesQuery = z.infer<typeof CurrencyRateChangesQuery>;

export const CurrencyRateChangesAnswer = z.object({ items: z.array(CurrencyRateChange) });

/** `POST /api/currency-rates/csv`: rows `day, currency, per_eur`, an optional header first. */
export const CurrencyRateCsvInput = z.object({
  csv: z.string().min(1, "must not be empty").max(5_000_000),
  /** Check every row and answer what would change; change nothing. */
  dryRun: z.boolean().default(true),
});
export type CurrencyRateCsvInput = z.infer<typeof CurrencyRateCsvInput>;

/** One CSV row's outcome (line numbers count a header as line 1). */
export const CurrencyRateCsvRow = z.object({
  line: z.number().int(),
  ok: z.boolean(),
  error: z.string().optional(),
  currency: z.string().optional(),
  day: z.string().optional(),
  perEur: z.number().optional(),
  before: z.number().nullable().optional(),
  outcome: RateOutcome.optional(),
});
export type CurrencyRateCsvRow = z.infer<typeof CurrencyRateCsvRow>;

export const CurrencyRateCsvAnswer = z.object({
  /** True when the rows were stored: never for a dry run or when any row is refused. */
  applied: z.boolean(),
  rows: z.array(CurrencyRateCsvRow),
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
});
export type CurrencyRateCsvAnswer = z.infer<typeof CurrencyRateCsvAnswer>;

/** One fetch of the ECB feed (scheduled or "Fetch now"). */
export const EcbRun = z.object({
  startedAt: z.number(),
  finishedAt: z.number(),
  trigger: z.enum(["schedule", "manual"]),
  url: z.string(),
  /** Days the feed carried. */
  days: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Rates an operator set (by hand or CSV) that the feed did not overwrite. */
  kept: z.number().int(),
  error: z.string().optional(),
});
export type EcbRun = z.infer<typeof EcbRun>;

export const EcbRunAnswer = z.object({ lastRun: EcbRun.nullable() });
