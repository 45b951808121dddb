/** Setting up a running server over its HTTP API, as an operator would. */
import { PanelClient } from "../../server/tracking/simulate/setup.ts";
import { ADMIN_PASSWORD } from "./server.ts";

/** What directCampaign created. */
export type DirectCampaign = { panel: PanelClient; id: number; key: string };

/**
 * Signs in as admin and creates one offer and a campaign whose flow sends
 * every click straight to it.
 */
export async function directCampaign(
  url: string,
  options: { name: string; offer: { name: string; url: string; payout: number } },
): Promise<DirectCampaign> {
  const panel = new PanelClient(url);
  await panel.signIn("admin", ADMIN_PASSWORD);
  const offer = await panel.call("POST", "/api/offers", options.offer);
  const campaign = await panel.call("POST", "/api/campaigns", {
    name: options.name,
    destination: {
      type: "flow",
      flow: {
        rules: [],
        defaultPaths: [{ direct: true, offers: [{ offerId: offer.id, weight: 1 }] }],
      },
    },
  });
  return { panel, id: Number(campaign.id), key: String(campaign.key) };
}
