/**
 * The entity routes of DESIGN §5 (decision 171): list, create, mass edit, get,
 * change, archive, restore, clone and the money changes (decision 185),
 * declared per entity type by one generator, so each entity's calls are typed
 * by its own schemas.
 */
import { z } from "zod";
import { route } from "../route.ts";
import type { Subject } from "../rights.ts";
import { listAnswer, ListQuery, massPatch } from "../list.ts";
import { Campaign, CampaignBody, CampaignPatchBody } from "../campaign.ts";
import { Offer, OfferCapsAnswer, OfferInput, OfferPatch } from "../offer.ts";
import { Landing, LandingInput, LandingPatch } from "../landing.ts";
import { Rotation, RotationInput, RotationPatch } from "../rotation.ts";
import { Group, GroupInput, GroupPatch } from "../group.ts";
import { Domain, DomainInput, DomainPatch } from "../domain.ts";
import { TrafficSource, TrafficSourceInput, TrafficSourcePatch } from "../traffic_source.ts";
import {
  AffiliateNetwork,
  AffiliateNetworkInput,
  AffiliateNetworkPatch,
} from "../affiliate_network.ts";
import { Trigger, TriggerInput, TriggerPatch } from "../trigger.ts";
import { EntityChangesAnswer } from "../entity_changes.ts";

/** A warning answered beside an entity whose save still succeeded (field and message). */
export const SaveWarning = z.object({ path: z.string(), message: z.string() });

/** A create or patch body: an object once parsed. */
type Body = z.ZodType<Record<string, unknown>>;

/** What one entity type's routes are made of. */
export type EntitySchemas<P extends string, Item extends z.ZodObject, In extends Body> = {
  /** The path under `/api/`: `offers`, `traffic-sources`. */
  path: P;
  /** The entity's name in summaries and the OpenAPI tag: `Offer`, `Lander`. */
  label: string;
  /** Whose rights guard the routes. */
  subject: Subject;
  item: Item;
  input: In;
  patch: Body;
};

/** The nine shared routes of one entity type, typed by its schemas. */
export function entityRoutes<
  const P extends string,
  Item extends z.ZodObject,
  In extends Body,
  Pa extends Body,
>(e: EntitySchemas<P, Item, In> & { patch: Pa }) {
  const noun = e.label.toLowerCase();
  const base: `/api/${P}` = `/api/${e.path}`;
  const tag = e.label;
  const read = [e.subject, "read"] as const;
  const write = [e.subject, "write"] as const;
  // A save's answer: the entity, with warnings when there are any.
  const saved = e.item.extend({ warnings: z.array(SaveWarning).optional() });
  return {
    list: route({
      method: "get",
      path: base,
      tag,
      summary: `List ${noun}s with stats`,
      access: read,
      query: ListQuery,
      answer: listAnswer(e.item),
    }),
    create: route({
      method: "post",
      path: base,
      tag,
      summary: `Create a ${noun}`,
      access: write,
      body: e.input,
      answer: saved,
      status: 201,
    }),
    mass: route({
      method: "patch",
      path: `${base}/mass`,
      tag,
      summary: `Change many ${noun}s at once (one transaction)`,
      access: write,
      body: massPatch(e.patch),
      answer: z.object({ items: z.array(e.item) }),
    }),
    get: route({
      method: "get",
      path: `${base}/{id}`,
      tag,
      summary: `Get a ${noun}`,
      access: read,
      answer: e.item,
    }),
    patch: route({
      method: "patch",
      path: `${base}/{id}`,
      tag,
      summary: `Change a ${noun}`,
      access: write,
      body: e.patch,
      answer: saved,
    }),
    archive: route({
      method: "delete",
      path: `${base}/{id}`,
      tag,
      summary: `Archive a ${noun}`,
      access: write,
      answer: e.item,
    }),
    restore: route({
      method: "post",
      path: `${base}/{id}/restore`,
      tag,
      summary: `Restore an archived ${noun}`,
      access: write,
      answer: e.item,
    }),
    changes: route({
      method: "get",
      path: `${base}/{id}/changes`,
      tag,
      summary: `Changes to a ${noun}'s money settings (payout, cost): who, when, before and after`,
      access: read,
      answer: EntityChangesAnswer,
    }),
    clone: route({
      method: "post",
      path: `${base}/{id}/clone`,
      tag,
      summary: `Clone a ${noun}`,
      access: write,
      answer: e.item,
      status: 201,
    }),
  };
}

/** One entity type's routes, whichever the type (the shared code's view). */
export type EntityRoutes = ReturnType<typeof entityRoutes>;

export const CAMPAIGN_ROUTES = entityRoutes({
  path: "campaigns",
  label: "Campaign",
  subject: "campaign",
  item: Campaign,
  // Input from before redirect modes (`hideReferrer`, in old exports and clients) still works.
  input: CampaignBody,
  patch: CampaignPatchBody,
});

export const OFFER_ROUTES = {
  // Before `{id}`: `caps` is not an id.
  caps: route({
    method: "get",
    path: "/api/offers/caps",
    tag: "Offer",
    summary: "Today's conversions of every capped offer, and whether its cap is reached",
    access: ["offer", "read"],
    answer: OfferCapsAnswer,
  }),
  ...entityRoutes({
    path: "offers",
    label: "Offer",
    subject: "offer",
    item: Offer,
    input: OfferInput,
    patch: OfferPatch,
  }),
};

export const LANDING_ROUTES = entityRoutes({
  path: "landings",
  label: "Lander",
  subject: "landing",
  item: Landing,
  input: LandingInput,
  patch: LandingPatch,
});

export const ROTATION_ROUTES = entityRoutes({
  path: "rotations",
  label: "Rotation",
  subject: "rotation",
  item: Rotation,
  input: RotationInput,
  patch: RotationPatch,
});

export const TRAFFIC_SOURCE_ROUTES = entityRoutes({
  path: "traffic-sources",
  label: "Traffic source",
  subject: "traffic-source",
  item: TrafficSource,
  input: TrafficSourceInput,
  patch: TrafficSourcePatch,
});

export const AFFILIATE_NETWORK_ROUTES = entityRoutes({
  path: "affiliate-networks",
  label: "Affiliate network",
  subject: "affiliate-network",
  item: AffiliateNetwork,
  input: AffiliateNetworkInput,
  patch: AffiliateNetworkPatch,
});

export const DOMAIN_ROUTES = entityRoutes({
  path: "domains",
  label: "Domain",
  subject: "domain",
  item: Domain,
  input: DomainInput,
  patch: DomainPatch,
});

export const GROUP_ROUTES = entityRoutes({
  path: "groups",
  label: "Group",
  subject: "group",
  item: Group,
  input: GroupInput,
  patch: GroupPatch,
});

/** The trigger rules' own routes; their dry run, history and channels are in `triggers.ts`. */
export const TRIGGER_ENTITY_ROUTES = entityRoutes({
  path: "triggers",
  label: "Trigger",
  subject: "trigger",
  item: Trigger,
  input: TriggerInput,
  patch: TriggerPatch,
});

/** The entity routes by the resource name of their path. */
export const ENTITY_ROUTES = {
  campaigns: CAMPAIGN_ROUTES,
  offers: OFFER_ROUTES,
  landings: LANDING_ROUTES,
  rotations: ROTATION_ROUTES,
  "traffic-sources": TRAFFIC_SOURCE_ROUTES,
  "affiliate-networks": AFFILIATE_NETWORK_ROUTES,
  domains: DOMAIN_ROUTES,
  groups: GROUP_ROUTES,
  triggers: TRIGGER_ENTITY_ROUTES,
};
