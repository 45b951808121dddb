/** Campaigns as the shared entity code sees them. */
import {
  type Campaign,
  CampaignBody,
  CampaignInput,
  CampaignPatchBody,
} from "../../contracts/campaign.ts";
import { columns, type EntityDef } from "../entities/definition.ts";
import { postbackUrlWarnings } from "../tracking/safe_fetch.ts";
import { campaignRefs, newCampaignKey } from "./service.ts";
import { assignCampaignIds } from "../rotations/flow_ids.ts";

/** The `campaign` definition the shared entity code runs on. */
export const campaignDef: EntityDef<Campaign, CampaignInput> = {
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
    ["costCurrency", "text"],
    ["destination", "json"],
    ["redirectMode", "text"],
    ["uniquenessHours", "int"],
    ["botPolicy", "text"],
    ["postbackUrl", "text"],
    ["status", "text"],
    ["timeZone", "text"],
  ]),
  // Input from before redirect modes (`hideReferrer`, in old exports and clients) still works.
  create: CampaignBody,
  patch: CampaignPatchBody,
  refs: campaignRefs,
  // Create and clone both get a fresh key; a patch never changes it.
  onInsert: (values) => ({ ...values, key: newCampaignKey() }),
  check: (_db, values, id) => {
    const destination = CampaignInput.shape.destination.parse(values.destination);
    return destination.type === "campaign" && destination.campaignId === id
      ? [{ path: "destination.campaignId", message: "a campaign cannot send traffic to itself" }]
      : [];
  },
  moneyFields: ["costModel", "costValue", "costCurrency"],
  stats: { key: "c.campaign_id" },
  // An inline flow's rules and paths get stable ids (decision 123) inside the write's transaction.
  afterWrite: (db, id, values) =>
    assignCampaignIds(db, id, CampaignInput.shape.destination.parse(values.destination)),
  searchColumns: ["key"],
  warnings: postbackUrlWarnings,
};
