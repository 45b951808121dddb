/** Campaign rules beyond the shared ones: the public key and what a campaign refers to. */
import { CampaignInput } from "../../contracts/campaign.ts";
import type { Ref, Values } from "../entities/definition.ts";
import { flowRefs } from "../rotations/flow_refs.ts";

/**
 * A new public key for `/c/:key`: 72 random bits, base64url (12 characters),
 * so keys are URL-safe and cannot be guessed or enumerated.
 */
export function newCampaignKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_");
}

/** The traffic source, domain, and destination (rotation, campaign, or flow items) referred to. */
export function campaignRefs(values: Values): Ref[] {
  const campaign = CampaignInput.parse(values);
  const refs: Ref[] = [];
  if (campaign.trafficSourceId) {
    refs.push({
      path: ["trafficSourceId"],
      table: "traffic_sources",
      id: campaign.trafficSourceId,
    });
  }
  if (campaign.domainId) refs.push({ path: ["domainId"], table: "domains", id: campaign.domainId });
  const destination = campaign.destination;
  switch (destination.type) {
    case "rotation":
      refs.push({
        path: ["destination", "rotationId"],
        table: "rotations",
        id: destination.rotationId,
      });
      break;
    case "campaign":
      refs.push({
        path: ["destination", "campaignId"],
        table: "campaigns",
        id: destination.campaignId,
      });
      break;
    case "flow":
      refs.push(...flowRefs(destination.flow, ["destination", "flow"]));
      break;
  }
  return refs;
}
