/** Setting up a running server over its HTTP API, as an operator would. */
import { PanelClient } from "../../server/tracking/simulate/setup.ts";
import { ADMIN_PASSWORD } from "./server.ts";
import { buildTrafficSource } from "../../fixtures/builders.ts";

/** What directCampaign created. */
export type DirectCampaign = {
  panel: PanelClient;
  id: number;
  key: string;
  offerId: number;
  /** The traffic source created with it, if any. */
  sourceId: number | null;
};

/**
 * Signs in as admin and creates one offer and a campaign whose flow sends
 * every click straight to it; with `source`, the campaign buys from a new
 * traffic source of that name.
 */
export async function directCampaign(
  url: string,
  options: {
    name: string;
    offer: { name: string; url: string; payout: number };
    source?: string;
  },
): Promise<DirectCampaign> {
  const panel = new PanelClient(url);
  await panel.signIn("admin", ADMIN_PASSWORD);
  const offer = await panel.call("POST", "/api/offers", options.offer);
  const source = options.source === undefined ? null : await panel.call(
    "POST",
    "/api/traffic-sources",
    buildTrafficSource({ name: options.source, postbackUrl: "" }),
  );
  const campaign = await panel.call("POST", "/api/campaigns", {
    name: options.name,
    ...(source ? { trafficSourceId: source.id } : {}),
    destination: {
      type: "flow",
      flow: {
        rules: [],
        defaultPaths: [{ direct: true, offers: [{ offerId: offer.id, weight: 1 }] }],
      },
    },
  });
  return {
    panel,
    id: Number(campaign.id),
    key: String(campaign.key),
    offerId: Number(offer.id),
    sourceId: source ? Number(source.id) : null,
  };
}
