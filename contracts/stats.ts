/**
 * Per-item statistics carried by list answers, and conversion statuses.
 * Ratios are 0 when their denominator is 0. For a user with `hideProfit`,
 * revenue, profit, roi and epc are absent from every answer.
 */
import { z } from "zod";

/** Rotor's conversion statuses (DESIGN §3); lead and sale count as conversions. */
export const ConversionStatus = z.enum(["lead", "sale", "rejected", "hold"]);
export type ConversionStatus = z.infer<typeof ConversionStatus>;

/** The statuses that count as conversions and revenue in stats. */
export const COUNTED_STATUSES: readonly ConversionStatus[] = ["lead", "sale"];

/** The money figures a hide-profit user never receives. */
export const PROFIT_FIELDS = [
  "revenue",
  "approvedRevenue",
  "pendingRevenue",
  "profit",
  "roi",
  "epc",
] as const;

/** Stats of one item over a date range. */
export const Stats = z.object({
  clicks: z.number().int(),
  uniqueClicks: z.number().int(),
  lpClicks: z.number().int(),
  conversions: z.number().int(),
  /** Sum of counted conversions' payouts (lead and sale): approvedRevenue + pendingRevenue. */
  revenue: z.number().optional(),
  /** Payouts of conversions with status sale. */
  approvedRevenue: z.number().optional(),
  /** Payouts of conversions with status lead. */
  pendingRevenue: z.number().optional(),
  cost: z.number(),
  /** revenue − cost. */
  profit: z.number().optional(),
  /** profit ÷ cost × 100, in percent, 2 decimals. */
  roi: z.number().optional(),
  /** conversions ÷ clicks × 100, in percent, 2 decimals. */
  cr: z.number(),
  /** revenue ÷ clicks, 4 decimals. */
  epc: z.number().optional(),
});
export type Stats = z.infer<typeof Stats>;

/** Stats with every figure at zero. */
export const ZERO_STATS: Stats = {
  clicks: 0,
  uniqueClicks: 0,
  lpClicks: 0,
  conversions: 0,
  revenue: 0,
  approvedRevenue: 0,
  pendingRevenue: 0,
  cost: 0,
  profit: 0,
  roi: 0,
  cr: 0,
  epc: 0,
};
