/** Offers (DESIGN §3): what the visitor is finally sent to, and what it pays. */
import { z } from "zod";
import {
  Currency,
  EntityBase,
  EntityInputBase,
  HttpUrlTemplate,
  Id,
  Money,
  toPatch,
} from "./fields.ts";

/** Fixed payout from the offer, or the payout the postback reports. */
export const PayoutMode = z.enum(["fixed", "auto"]);
export type PayoutMode = z.infer<typeof PayoutMode>;

/** Two-letter country code, or empty for any. */
export const CountryCode = z.union([
  z.literal(""),
  z.string().regex(/^[A-Z]{2}$/, "must be a 2-letter country code like US"),
]);

/** `POST /api/offers`. */
export const OfferInput = EntityInputBase.extend({
  url: HttpUrlTemplate,
  affiliateNetworkId: Id.nullable().default(null),
  payoutMode: PayoutMode.default("fixed"),
  payout: Money.default(0),
  currency: Currency.default("USD"),
  country: CountryCode.default(""),
  /** Repeat conversions add up instead of replacing. */
  upsell: z.boolean().default(false),
  /** Conversions per day before traffic goes to `capFallbackOfferId`; null for no cap. */
  dailyCap: z.number().int().min(1).max(1_000_000_000).nullable().default(null),
  capFallbackOfferId: Id.nullable().default(null),
});
export type OfferInput = z.infer<typeof OfferInput>;

/** `PATCH /api/offers/:id`. */
export const OfferPatch = toPatch(OfferInput);
export type OfferPatch = z.infer<typeof OfferPatch>;

/** An offer as the API answers it. */
export const Offer = EntityBase.extend(OfferInput.shape);
export type Offer = z.infer<typeof Offer>;

/** One capped offer's day so far (tracker's report time zone). */
export const OfferCapState = z.object({
  offerId: Id,
  dailyCap: z.number().int(),
  conversions: z.number().int(),
  capped: z.boolean(),
});

/** `GET /api/offers/caps`: every offer with a daily cap, and whether it is capped today. */
export const OfferCapsAnswer = z.object({
  timeZone: z.string(),
  items: z.array(OfferCapState),
});
export type OfferCapsAnswer = z.infer<typeof OfferCapsAnswer>;
