/** Offers as the shared entity code sees them. */
import { type Offer, OfferInput, OfferPatch } from "../../contracts/offer.ts";
import { columns, type EntityDef, type Ref } from "../entities/definition.ts";

/** The `offer` definition the shared entity code runs on. */
export const offerDef: EntityDef<Offer, OfferInput> = {
  subject: "offer",
  table: "offers",
  groupType: "offer",
  columns: columns([
    ["url", "text"],
    ["affiliateNetworkId", "int"],
    ["payoutMode", "text"],
    ["payout", "money"],
    ["currency", "text"],
    ["country", "text"],
    ["upsell", "bool"],
    ["dailyCap", "int"],
    ["capFallbackOfferId", "int"],
  ]),
  create: OfferInput,
  patch: OfferPatch,
  refs: (values) => {
    const refs: Ref[] = [];
    const { affiliateNetworkId, capFallbackOfferId } = OfferInput.parse(values);
    if (affiliateNetworkId) {
      refs.push({
        path: ["affiliateNetworkId"],
        table: "affiliate_networks",
        id: affiliateNetworkId,
      });
    }
    if (capFallbackOfferId) {
      refs.push({ path: ["capFallbackOfferId"], table: "offers", id: capFallbackOfferId });
    }
    return refs;
  },
  check: (_db, values, id) =>
    id !== undefined && values.capFallbackOfferId === id
      ? [{ path: "capFallbackOfferId", message: "an offer cannot fall back to itself" }]
      : [],
  moneyFields: ["payoutMode", "payout", "currency"],
  stats: { key: "c.offer_id" },
  searchColumns: ["url"],
};
