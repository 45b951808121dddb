/**
 * Integration templates: common traffic sources and affiliate networks with
 * their parameters and postback macros. A create form applies one by copying
 * `fields` into its input, so `fields` is a part of that entity's create input.
 */
import { z } from "zod";
import { AffiliateNetworkInput } from "./affiliate_network.ts";
import { TrafficSourceInput } from "./traffic_source.ts";
import { toPatch } from "./fields.ts";

const Slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,47}$/, "must be a short lowercase id");

/** A traffic-source template: its name and the source fields it fills. */
export const TrafficSourceTemplate = z.object({
  id: Slug,
  name: z.string().trim().min(1).max(100),
  // `toPatch` drops the defaults: a template fills only what it names.
  fields: toPatch(TrafficSourceInput).pick({
    externalIdParam: true,
    costParam: true,
    tokens: true,
    postbackUrl: true,
    postbackStatuses: true,
  }),
});
export type TrafficSourceTemplate = z.infer<typeof TrafficSourceTemplate>;

/**
 * An affiliate-network template: the network fields it fills, and the
 * postback address to paste into the network (`{domain}` is the tracking
 * domain; the rest are the network's own macros).
 */
export const AffiliateNetworkTemplate = z.object({
  id: Slug,
  name: z.string().trim().min(1).max(100),
  fields: toPatch(AffiliateNetworkInput).pick({
    offerUrlTemplate: true,
    statusMap: true,
    currency: true,
  }),
  postbackTemplate: z.string().max(2048).default(""),
});
export type AffiliateNetworkTemplate = z.infer<typeof AffiliateNetworkTemplate>;

/** Integration settings: templates added by the team, and built-in ones hidden from forms. */
export const IntegrationSettings = z.object({
  trafficSources: z.array(TrafficSourceTemplate).max(200).default([]),
  affiliateNetworks: z.array(AffiliateNetworkTemplate).max(200).default([]),
  hidden: z.array(Slug).max(400).default([]),
});
export type IntegrationSettings = z.infer<typeof IntegrationSettings>;

/** `GET /api/settings/integration/templates`: built-in and custom, hidden ones left out. */
export const IntegrationTemplates = z.object({
  trafficSources: z.array(TrafficSourceTemplate.extend({ builtIn: z.boolean() })),
  affiliateNetworks: z.array(AffiliateNetworkTemplate.extend({ builtIn: z.boolean() })),
});
export type IntegrationTemplates = z.infer<typeof IntegrationTemplates>;
