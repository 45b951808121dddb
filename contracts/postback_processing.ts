/**
 * Postback processing: how incoming postbacks are read before a conversion
 * is written, and the tester that explains what one URL would do.
 */
import { z } from "zod";
import { CidrList } from "./fields.ts";
import { ConversionStatus } from "./stats.ts";

/**
 * What a second postback for an already converted click does (a repeat of
 * the same clickid + txid + status is always one conversion):
 * `replace` — the new one replaces the old (upsell offers still add);
 * `ignore` — the first conversion stands; `add` — every postback counts.
 */
export const DuplicatePolicy = z.enum(["replace", "ignore", "add"]);
export type DuplicatePolicy = z.infer<typeof DuplicatePolicy>;

/** Postback processing settings. */
export const PostbackProcessingSettings = z.object({
  /** Status text (case-insensitive) → Rotor status, after the network's own map. */
  statusAliases: z.record(
    z.string().trim().toLowerCase().min(1).max(64).regex(/^[\w .-]+$/, "letters, digits, _ . -"),
    ConversionStatus,
  ).refine((m) => Object.keys(m).length <= 200, "at most 200 aliases").default({
    approved: "sale",
    confirmed: "sale",
    pending: "hold",
    declined: "rejected",
  }),
  duplicatePolicy: DuplicatePolicy.default("replace"),
  /** Where postbacks may come from when the network sets no allowlist; empty allows all. */
  ipAllowlist: CidrList.default([]),
});
export type PostbackProcessingSettings = z.infer<typeof PostbackProcessingSettings>;

/** `POST /api/settings/postback-processing/test`. */
export const PostbackTestInput = z.object({
  url: z.string().trim().min(1, "paste a postback URL").max(4096),
  /** The address the postback would come from, for the allowlist check. */
  ip: z.string().trim().max(64).default(""),
});
export type PostbackTestInput = z.infer<typeof PostbackTestInput>;

/** One check of the tester, in order. */
export const PostbackTestStep = z.object({
  name: z.string(),
  ok: z.boolean(),
  detail: z.string(),
});

/** What the postback would do; nothing is written. */
export const PostbackTestResult = z.object({
  outcome: z.enum(["record", "duplicate", "reject"]),
  httpStatus: z.number().int(),
  summary: z.string(),
  steps: z.array(PostbackTestStep),
  conversion: z.object({
    clickId: z.string(),
    status: ConversionStatus,
    /** The event type the status maps to ('' for none, decision 167). */
    event: z.string().default(""),
    originalStatus: z.string(),
    payout: z.number(),
    currency: z.string(),
    txid: z.string(),
    campaignId: z.number().nullable(),
    offerId: z.number().nullable(),
    affiliateNetworkId: z.number().nullable(),
  }).nullable(),
});
export type PostbackTestResult = z.infer<typeof PostbackTestResult>;
