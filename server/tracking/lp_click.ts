/**
 * Lander click-through (DESIGN §4): the click (from `clickid` or the
 * `rotor_click` cookie) → the offer of its path (`offer=N` picks the Nth offer
 * of a multi-offer lander, N up to its `offerCount`) → LP click time recorded (committed before the
 * answer; only for clicks that were shown a lander) → the offer URL with macros.
 */
import { forCountry } from "./offer_country.ts";
import type { Path } from "../../contracts/flow.ts";
import { FIRST_FLOW_ITEM_ID } from "../rotations/flow_ids.ts";
import type { CampaignRuntime } from "./runtime_types.ts";
import { isClickId } from "./click_id.ts";
import type { StoredClick } from "./click_store.ts";
import type { TrackingEngine } from "./engine.ts";
import { storedMacros } from "./macro_values.ts";
import { pickOffer } from "./rules.ts";
import { buildDestination, DestinationError } from "./macros.ts";

/** The path a click took (by its id, or by position for clicks before ids), if the flow still has it. */
function pathOf(campaign: CampaignRuntime | null, click: StoredClick): Path | null {
  if (!campaign || campaign.target.kind !== "flow" || click.path === null) return null;
  const flow = campaign.target.flow;
  if (click.path >= FIRST_FLOW_ITEM_ID) {
    const all = [...flow.rules.flatMap((r) => r.paths), ...flow.defaultPaths];
    return all.find((p) => p.id === click.path) ?? null;
  }
  const paths = click.rule === null ? flow.defaultPaths : flow.rules[click.rule]?.paths;
  return paths?.[click.path] ?? null;
}

/**
 * How many offer links the click's lander carries (its `offerCount`): `offer=N`
 * beyond it is not a link of that page, so it counts as no choice.
 */
function offersOnLander(engine: TrackingEngine, landingId: number | null): number {
  const landing = landingId === null ? null : engine.cache.landing(landingId);
  return landing?.offerCount ?? 1;
}

/** The offer URL for a click-through, or null when the click or its offer is unknown. */
export async function lpClick(
  engine: TrackingEngine,
  input: { clickId: string; offerNumber: number | null; now?: number; head?: boolean },
): Promise<string | null> {
  // PostgreSQL: read on the click writer's connection, never through the bridge.
  const click = !isClickId(input.clickId)
    ? null
    : engine.clicks.pg
    ? await engine.clicks.findAsync(input.clickId)
    : engine.clicks.find(input.clickId);
  if (!click) return null;
  const campaign = click.campaignId === null ? null : engine.cache.campaignById(click.campaignId);
  const path = pathOf(campaign, click);
  const chosen = input.offerNumber === null ||
      input.offerNumber > offersOnLander(engine, click.landingId)
    ? undefined
    : path?.offers[input.offerNumber - 1]?.offerId;
  const wanted = chosen ?? click.offerId;
  // A capped offer, or one for another country, sends the visitor to its fallback, or to
  // another offer of the path.
  const resolve = forCountry(engine.cache, engine.caps.resolver, click.country);
  let offerId = wanted === null ? null : resolve(wanted);
  if (offerId === null && path) offerId = pickOffer(path, engine.random, resolve);
  // As at the click (decision 134): when the country leaves no offer, the visitor who was
  // routed anyway still reaches one, instead of a 404 on the lander's button.
  if (offerId === null && wanted !== null) offerId = engine.caps.resolver(wanted);
  if (offerId === null && path) offerId = pickOffer(path, engine.random, engine.caps.resolver);
  const offer = offerId === null ? null : engine.cache.offer(offerId);
  if (!offer || !campaign) return null;
  let url: string;
  try {
    url = buildDestination(
      offer.url,
      storedMacros({
        clickId: click.id,
        campaignId: campaign.id,
        campaignKey: campaign.key,
        offerId: offer.id,
        landingId: click.landingId,
        externalId: click.externalId,
        cost: click.cost,
        payout: offer.payout,
      }, click),
    );
  } catch (err) {
    if (err instanceof DestinationError) return null;
    throw err;
  }
  // A click that went straight to its offer showed no lander: the visitor still
  // reaches the offer, but no lander click is counted (it would inflate LP CTR). A HEAD
  // request (a link checker on the lander's button) is no visitor's either (decision 165).
  if (click.landingId === null || input.head) return url;
  // PostgreSQL: a click of another node is counted before its lander click-through moves it.
  if (engine.clicks.pg) await engine.clicks.ownerFlushed(click.id);
  await engine.clicks.write({
    kind: "lp",
    id: click.id,
    ts: input.now ?? Date.now(),
    offerId: offer.id,
  });
  return url;
}
