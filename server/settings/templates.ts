/**
 * Built-in integration templates: common traffic sources (their click
 * parameters and postback URL with their macros) and affiliate networks
 * (their sub-id parameter, status names and postback macros). Teams add
 * their own in Settings → Integration; both lists feed the create forms.
 */
import type {
  AffiliateNetworkTemplate,
  IntegrationTemplates,
  TrafficSourceTemplate,
} from "../../contracts/integration.ts";
import type { Db } from "../db/connection.ts";
import { readSection } from "./sections.ts";

function token(param: string, placeholder: string, name: string) {
  return { param, placeholder, name };
}

/** Traffic sources shipped with Rotor. */
export const BUILT_IN_SOURCES: TrafficSourceTemplate[] = [
  {
    id: "propellerads",
    name: "PropellerAds",
    fields: {
      externalIdParam: { param: "subid", placeholder: "${SUBID}" },
      costParam: { param: "cost", placeholder: "${cost}" },
      tokens: [token("zone", "${zoneid}", "Zone"), token("campaign", "${campaignid}", "Campaign")],
      postbackUrl:
        "https://ad.propellerads.com/conversion.php?aid=YOUR_AID&pid=&tid=YOUR_TID&visitor_id={externalid}&payout={payout}",
      postbackStatuses: ["sale"],
    },
  },
  {
    id: "facebook",
    name: "Facebook Ads",
    fields: {
      externalIdParam: { param: "fbclid", placeholder: "" },
      tokens: [
        token("campaign", "{{campaign.name}}", "Campaign"),
        token("adset", "{{adset.name}}", "Ad set"),
        token("ad", "{{ad.name}}", "Ad"),
        token("placement", "{{placement}}", "Placement"),
      ],
      postbackStatuses: ["lead", "sale"],
    },
  },
  {
    id: "google-ads",
    name: "Google Ads",
    fields: {
      externalIdParam: { param: "gclid", placeholder: "" },
      tokens: [
        token("campaign", "{campaignid}", "Campaign"),
        token("adgroup", "{adgroupid}", "Ad group"),
        token("keyword", "{keyword}", "Keyword"),
        token("device", "{device}", "Device"),
      ],
    },
  },
  {
    id: "tiktok",
    name: "TikTok Ads",
    fields: {
      externalIdParam: { param: "ttclid", placeholder: "__CALLBACK_PARAM__" },
      tokens: [
        token("campaign", "__CAMPAIGN_ID__", "Campaign"),
        token("adgroup", "__AID__", "Ad group"),
        token("ad", "__CID__", "Ad"),
      ],
    },
  },
  {
    id: "exoclick",
    name: "ExoClick",
    fields: {
      externalIdParam: { param: "conversions_tracking", placeholder: "{conversions_tracking}" },
      costParam: { param: "cost", placeholder: "{actual_cost}" },
      tokens: [token("zone", "{zone_id}", "Zone"), token("site", "{site_id}", "Site")],
      postbackUrl: "https://s.exoclick.com/tag.php?goal=YOUR_GOAL&tag={externalid}&value={payout}",
      postbackStatuses: ["sale"],
    },
  },
  {
    id: "richads",
    name: "RichAds",
    fields: {
      externalIdParam: { param: "clickid", placeholder: "[CLICK_ID]" },
      costParam: { param: "cost", placeholder: "[BID]" },
      tokens: [
        token("publisher", "[PUBLISHER_ID]", "Publisher"),
        token("site", "[SITE_ID]", "Site"),
      ],
      postbackUrl: "https://xml.richads.com/api/conversion?key={externalid}&price={payout}",
      postbackStatuses: ["sale"],
    },
  },
];

/** Affiliate networks shipped with Rotor. */
export const BUILT_IN_NETWORKS: AffiliateNetworkTemplate[] = [
  {
    id: "maxbounty",
    name: "MaxBounty",
    fields: { offerUrlTemplate: "{offer_url}&s1={clickid}", statusMap: {} },
    postbackTemplate: "{domain}/postback?clickid=#S1#&payout=#RATE#&txid=#OFFID#",
  },
  {
    id: "clickdealer",
    name: "ClickDealer",
    fields: { offerUrlTemplate: "{offer_url}&aff_sub={clickid}", statusMap: {} },
    postbackTemplate: "{domain}/postback?clickid={aff_sub}&payout={payout}&txid={transaction_id}",
  },
  {
    id: "everad",
    name: "Everad",
    fields: {
      offerUrlTemplate: "{offer_url}?sid1={clickid}",
      statusMap: { approved: "sale", pending: "lead", rejected: "rejected", trash: "rejected" },
    },
    postbackTemplate: "{domain}/postback?clickid={sid1}&status={status}&payout={payout}",
  },
  {
    id: "cpagetti",
    name: "CPAgetti",
    fields: { offerUrlTemplate: "{offer_url}?subid={clickid}", statusMap: {} },
    postbackTemplate: "{domain}/postback?clickid={subid}&status={status}&payout={payout}",
  },
  {
    id: "hasoffers",
    name: "HasOffers / TUNE",
    fields: { offerUrlTemplate: "{offer_url}&aff_sub={clickid}", statusMap: {} },
    postbackTemplate: "{domain}/postback?clickid={aff_sub}&payout={payout}&txid={transaction_id}",
  },
  {
    id: "cake",
    name: "CAKE",
    fields: { offerUrlTemplate: "{offer_url}&s2={clickid}", statusMap: {} },
    postbackTemplate: "{domain}/postback?clickid=#s2#&payout=#price#&txid=#tid#",
  },
];

/** Built-in and custom templates, hidden ones left out; a custom one replaces a built-in with its id. */
export function listTemplates(db: Db): IntegrationTemplates {
  const settings = readSection(db, "integration");
  const hidden = new Set(settings.hidden);
  function merge<T extends { id: string }>(builtIn: T[], custom: T[]) {
    const own = new Set(custom.map((t) => t.id));
    return [
      ...builtIn.filter((t) => !own.has(t.id)).map((t) => ({ ...t, builtIn: true })),
      ...custom.map((t) => ({ ...t, builtIn: false })),
    ].filter((t) => !hidden.has(t.id));
  }
  return {
    trafficSources: merge(BUILT_IN_SOURCES, settings.trafficSources),
    affiliateNetworks: merge(BUILT_IN_NETWORKS, settings.affiliateNetworks),
  };
}
