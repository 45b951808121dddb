/**
 * Conversions entered by hand or uploaded as CSV (issue 13 item 3): the same
 * rules as `/postback` (status words, payout, the duplicate policy, once per
 * click, txid and status), with the signed-in user in place of the network's token.
 */
import { z } from "zod";
import { isTimeZone } from "./list.ts";
import { isIsoCurrency } from "./fields.ts";

/** A local time, `2026-11-20 14:30[:05]` (or with `T`), read in the entry's time zone. */
export const LocalTime = z.string().trim().regex(
  /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/,
  "must be a time like 2026-11-20 14:30",
);

const Tz = z.string().max(64).refine(isTimeZone, "is not a known time zone").default("UTC");

/** `POST /api/conversions`: one conversion by hand. */
export const ConversionEntry = z.object({
  clickId: z.string().trim().min(1, "is required").max(64),
  /** Rotor's status or a network's word for it (mapped as a postback's). */
  status: z.string().trim().min(1, "is required").max(64),
  /** Empty: the offer's payout, as for a postback without one. */
  payout: z.string().trim().regex(/^(\d+(\.\d{1,4})?)?$/, "must be an amount like 12.50")
    .default(""),
  // Typed by a user (unlike a network's postback, decision 187): a code no rate can exist for
  // is refused on its row.
  currency: z.string().trim().regex(/^([A-Za-z]{3})?$/, "must be a 3-letter code like USD")
    .refine(
      (v) => v === "" || isIsoCurrency(v.toUpperCase()),
      "is not a currency code (ISO 4217) like USD or EUR",
    )
    .default(""),
  txid: z.string().trim().max(255).default(""),
  /** When it happened (empty: now); never before its click, never in the future. */
  time: z.union([LocalTime, z.literal("")]).default(""),
  tz: Tz,
});
export type ConversionEntry = z.infer<typeof ConversionEntry>;

/** How one entry ended: recorded, a duplicate (nothing written), or refused with the reason. */
export const ConversionEntryResult = z.object({
  outcome: z.enum(["recorded", "duplicate", "refused"]),
  conversionId: z.number().int().nullable(),
  status: z.string(),
  error: z.string().optional(),
});
export type ConversionEntryResult = z.infer<typeof ConversionEntryResult>;

/** `POST /api/conversions/upload`: rows `clickid, status, payout, currency, txid, time`. */
export const ConversionUpload = z.object({
  csv: z.string().min(1, "must not be empty").max(5_000_000),
  tz: Tz,
  dryRun: z.boolean().default(true),
});
export type ConversionUpload = z.infer<typeof ConversionUpload>;

export const ConversionUploadAnswer = z.object({
  applied: z.boolean(),
  rows: z.array(ConversionEntryResult.extend({ line: z.number().int() })),
});
export type ConversionUploadAnswer = z.infer<typeof ConversionUploadAnswer>;
