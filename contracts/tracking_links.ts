/**
 * Settings → Tracking links: the links of a campaign for a chosen domain,
 * built by the server from the stored entities and the path settings.
 */
import { z } from "zod";

/** The direct-tracking script's address on a tracking domain (decision 164). */
export const DIRECT_SCRIPT_PATH = "/rt.js";

const QueryId = z.string().regex(/^\d+$/, "must be digits").transform(Number);

/** `GET /api/settings/tracking-links/links`. */
export const TrackingLinksQuery = z.object({
  campaignId: QueryId.optional(),
  domainId: QueryId.optional(),
  affiliateNetworkId: QueryId.optional(),
});
export type TrackingLinksQuery = z.infer<typeof TrackingLinksQuery>;

/** The links, ready to copy. */
export const TrackingLinks = z.object({
  base: z.string(),
  /** The campaign link with its traffic source's parameters; empty without a campaign. */
  click: z.string(),
  /** The lander's call-to-action link (`&offer=N` picks an offer on multi-offer landers). */
  landerClick: z.string(),
  /** The address to give the affiliate network, with its token when one is chosen. */
  postback: z.string(),
  /** A conversion pixel for pages that cannot send a server postback. */
  pixel: z.string(),
  pixelHtml: z.string(),
  /**
   * The direct-tracking snippet for the campaign's landers (decision 164): one `<script>`
   * that records the click from the lander itself; empty without a campaign.
   */
  directScript: z.string(),
});
export type TrackingLinks = z.infer<typeof TrackingLinks>;
