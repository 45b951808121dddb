/**
 * The click API (`POST /api/click-api/v1`): a server-side integration (a
 * lander's backend, a proxy) asks Rotor to make a click for a visitor and gets
 * the decision back as JSON instead of a redirect.
 */
import { z } from "zod";
import { CampaignKey } from "./campaign.ts";

/** The visitor and the campaign link they opened. */
export const ClickApiInput = z.object({
  key: CampaignKey,
  /** The visitor's IP address (not the caller's). */
  ip: z.string().trim().min(1).max(64),
  userAgent: z.string().max(4096).default(""),
  acceptLanguage: z.string().max(512).default(""),
  referrer: z.string().max(4096).default(""),
  /** The link's query parameters (source tokens, external id, cost). */
  params: z.record(z.string().max(64), z.string().max(1000)).default({}),
});
export type ClickApiInput = z.infer<typeof ClickApiInput>;

/** The decision: the click id, where to send the visitor, and the rule that matched. */
export const ClickApiAnswer = z.object({
  clickId: z.string(),
  /** null when the bot policy blocked the visitor. */
  url: z.string().nullable(),
  /** null when the default paths (or a URL destination) were used. */
  rule: z.object({ index: z.number().int(), id: z.number().int().nullable(), name: z.string() })
    .nullable(),
  blocked: z.boolean(),
});
export type ClickApiAnswer = z.infer<typeof ClickApiAnswer>;
