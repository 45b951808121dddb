/**
 * Offer countries (decision 134): an offer with a country takes only visitors
 * from that country. For any other visitor (or one whose country is unknown)
 * it is skipped like a capped offer without a fallback: its share goes to the
 * path's other offers. When the flow then has no offer left for the visitor,
 * the click is routed without the country condition: a paid visitor is never lost to it.
 */
import type { EntityCache } from "./cache.ts";
import type { OfferResolver } from "./rules.ts";

/** Whether `offerId` may take a visitor from `country` (an offer without a country takes all). */
export function offerFits(cache: EntityCache, offerId: number, country: string): boolean {
  const wanted = cache.offer(offerId)?.country ?? "";
  return wanted === "" || wanted === country;
}

/** `resolve` (the caps) for a visitor from `country`: the picked offer and its fallback must fit. */
export function forCountry(
  cache: EntityCache,
  resolve: OfferResolver,
  country: string,
): OfferResolver {
  return (offerId) => {
    if (!offerFits(cache, offerId, country)) return null;
    const to = resolve(offerId);
    return to !== null && offerFits(cache, to, country) ? to : null;
  };
}
