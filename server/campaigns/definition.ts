/** Campaigns as the shared entity code sees them. */
import { CampaignInput, CampaignPatch } from "../../contracts/campaign.ts";
import { columns, type EntityDef } from "../entities/definition.ts";
import { campaignRefs, newCampaignKey } from "./service.ts";

/** The `campaign` definition the shared entity code runs on. */
export const campaignDef: EntityDef = {
  subject: "campaign",
  table: "campaigns",
  groupType: "campaign",
  columns: columns([
    ["key", "text"],
    ["trafficSourceId", "int"],
    ["domainId", "int"],
    ["domainOnly", "bool"],
    ["costModel", "text"],
    ["costValue", "money"],
    ["currency", "text"],
    ["destination", "json"],
    ["hideReferrer", "bool"],
    ["uniquenessHours", "int"],
    ["botPolicy", "text"],
    ["postbackUrl", "text"],
    ["status", "text"],
  ]),
  create: CampaignInput,
  patch: CampaignPatch,
  refs: campaignRefs,
  // Create and clone both get a fresh key; a patch never changes it.
  onInsert: (values) => ({ ...values, key: newCampaignKey() }),
  check: (_db, values, id) => {
    const destination = CampaignInput.shape.destination.parse(values.destination);
    return destination.type === "campaign" && destination.campaignId === id
      ? [{ path: "destination.campaignId", message: "a campaign cannot send traffic to itself" }]
      : [];
  },
  stats: { key: "c.campaign_id" },
  searchColumns: ["key"],
};
