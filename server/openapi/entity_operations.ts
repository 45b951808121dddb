/** The entity calls of DESIGN §5 (list, create, get, change, archive, restore, clone, mass edit). */
import { z } from "zod";
import { listAnswer, ListQuery, massPatch } from "../../contracts/list.ts";
import { Campaign, CampaignInput, CampaignPatch } from "../../contracts/campaign.ts";
import { Offer, OfferInput, OfferPatch } from "../../contracts/offer.ts";
import { Landing, LandingInput, LandingPatch } from "../../contracts/landing.ts";
import { Rotation, RotationInput, RotationPatch } from "../../contracts/rotation.ts";
import { Group, GroupInput, GroupPatch } from "../../contracts/group.ts";
import { Domain, DomainInput, DomainPatch } from "../../contracts/domain.ts";
import {
  TrafficSource,
  TrafficSourceInput,
  TrafficSourcePatch,
} from "../../contracts/traffic_source.ts";
import {
  AffiliateNetwork,
  AffiliateNetworkInput,
  AffiliateNetworkPatch,
} from "../../contracts/affiliate_network.ts";
import { Trigger, TriggerInput, TriggerPatch } from "../../contracts/trigger.ts";
import type { Operation } from "./operation.ts";

type Entity = {
  path: string;
  label: string;
  item: z.ZodType;
  input: z.ZodType;
  patch: z.ZodType;
  mass?: z.ZodType;
  cloneBody?: z.ZodType;
};

const ENTITIES: readonly Entity[] = [
  {
    path: "campaigns",
    label: "Campaign",
    item: Campaign,
    input: CampaignInput,
    patch: CampaignPatch,
  },
  { path: "offers", label: "Offer", item: Offer, input: OfferInput, patch: OfferPatch },
  { path: "landings", label: "Lander", item: Landing, input: LandingInput, patch: LandingPatch },
  {
    path: "rotations",
    label: "Rotation",
    item: Rotation,
    input: RotationInput,
    patch: RotationPatch,
  },
  {
    path: "traffic-sources",
    label: "Traffic source",
    item: TrafficSource,
    input: TrafficSourceInput,
    patch: TrafficSourcePatch,
  },
  {
    path: "affiliate-networks",
    label: "Affiliate network",
    item: AffiliateNetwork,
    input: AffiliateNetworkInput,
    patch: AffiliateNetworkPatch,
  },
  { path: "domains", label: "Domain", item: Domain, input: DomainInput, patch: DomainPatch },
  { path: "groups", label: "Group", item: Group, input: GroupInput, patch: GroupPatch },
  { path: "triggers", label: "Trigger", item: Trigger, input: TriggerInput, patch: TriggerPatch },
];

function operationsOf(e: Entity): Operation[] {
  const noun = e.label.toLowerCase();
  const base = `/api/${e.path}`;
  const tag = e.label;
  return [
    {
      method: "get",
      path: base,
      tag,
      summary: `List ${noun}s with stats`,
      query: ListQuery,
      response: listAnswer(e.item),
    },
    {
      method: "post",
      path: base,
      tag,
      summary: `Create a ${noun}`,
      body: e.input,
      response: e.item,
      status: 201,
    },
    {
      method: "patch",
      path: `${base}/mass`,
      tag,
      summary: `Change many ${noun}s at once (one transaction)`,
      body: massPatch(e.mass ?? e.patch),
      response: z.object({ items: z.array(e.item) }),
    },
    { method: "get", path: `${base}/{id}`, tag, summary: `Get a ${noun}`, response: e.item },
    {
      method: "patch",
      path: `${base}/{id}`,
      tag,
      summary: `Change a ${noun}`,
      body: e.patch,
      response: e.item,
    },
    { method: "delete", path: `${base}/{id}`, tag, summary: `Archive a ${noun}`, response: e.item },
    {
      method: "post",
      path: `${base}/{id}/restore`,
      tag,
      summary: `Restore an archived ${noun}`,
      response: e.item,
    },
    {
      method: "post",
      path: `${base}/{id}/clone`,
      tag,
      summary: `Clone a ${noun}`,
      body: e.cloneBody,
      response: e.item,
      status: 201,
    },
  ];
}

/** Every entity call (users: `contracts/api/users.ts`). */
export function entityOperations(): Operation[] {
  return ENTITIES.flatMap(operationsOf);
}
