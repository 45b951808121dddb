/** Affiliate networks (DESIGN §3): where offers come from and postbacks are sent from. */
import { z } from "zod";
import { CidrList, Currency, EntityBase, EntityInputBase, toPatch } from "./fields.ts";
import { StatusTarget } from "./conversion_events.ts";

/**
 * The offer URL template: what the network adds to each of its offers' URLs,
 * starting with `{offer_url}` (e.g. `{offer_url}?sub1={clickid}`), empty for
 * none. Anything else would be saved and never used: refused.
 */
export const OfferUrlTemplate = z.string().trim().max(4096).refine(
  (v) => v === "" || (v.startsWith("{offer_url}") && !/\s/.test(v)),
  "must start with {offer_url}, like {offer_url}?sub1={clickid} (no spaces)",
);

/** `POST /api/affiliate-networks`. */
export const AffiliateNetworkInput = EntityInputBase.extend({
  offerUrlTemplate: OfferUrlTemplate.default(""),
  /** The secret a postback must carry; empty means no token check. */
  postbackToken: z.string().max(255).regex(/^[\w-]*$/, "may hold letters, digits, _ and -")
    .default(""),
  postbackIpAllowlist: CidrList.default([]),
  /**
   * Network status text → a Rotor status (lead, sale, rejected, hold) or an event type of
   * Settings → Postback processing → Events (`ftd`: recorded with the event's base status, decision 167).
   */
  statusMap: z.record(z.string().min(1).max(64), StatusTarget)
    .refine((m) => Object.keys(m).length <= 100, "at most 100 statuses").default({}),
  currency: Currency.default("USD"),
});
export type AffiliateNetworkInput = z.infer<typeof AffiliateNetworkInput>;

/** `PATCH /api/affiliate-networks/:id`. */
export const AffiliateNetworkPatch = toPatch(AffiliateNetworkInput);
export type AffiliateNetworkPatch = z.infer<typeof AffiliateNetworkPatch>;

/** An affiliate network as the API answers it. */
export const AffiliateNetwork = EntityBase.extend({
  ...AffiliateNetworkInput.shape,
  // A template saved before the check above still reads, so it can be corrected.
  offerUrlTemplate: z.string(),
});
export type AffiliateNetwork = z.infer<typeof AffiliateNetwork>;
