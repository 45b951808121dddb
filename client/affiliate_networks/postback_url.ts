/**
 * The postback URL to paste into an affiliate network, built from what the
 * network has saved (issue 12 item 12: the same before and after saving). Its
 * address and path are the server's tracking links (default tracking domain,
 * the links' scheme, the postback path); its macros are those of the template
 * whose offer URL template the network uses, else Rotor's generic ones.
 */
import type { AffiliateNetworkTemplate } from "../../contracts/integration.ts";
import type { TrackingLinks } from "../../contracts/tracking_links.ts";

/** The template the network's saved fields match (its offer URL template), if any. */
export function matchingTemplate(
  templates: AffiliateNetworkTemplate[],
  offerUrlTemplate: string,
): AffiliateNetworkTemplate | undefined {
  if (offerUrlTemplate === "") return undefined;
  return templates.find((t) =>
    t.postbackTemplate !== "" && t.fields.offerUrlTemplate === offerUrlTemplate
  );
}

/** The URL: the template's macros on the tracking address, plus the network's token. */
export function networkPostbackUrl(
  links: Pick<TrackingLinks, "base" | "postback">,
  options: { template?: AffiliateNetworkTemplate; token: string },
): string {
  const generic = links.postback;
  const postbackPath = new URL(generic).pathname;
  const base = options.template
    ? options.template.postbackTemplate
      .replaceAll("{domain}/postback", `${links.base}${postbackPath}`)
      .replaceAll("{domain}", links.base)
    : generic;
  const token = options.token;
  return base + (token ? `${base.includes("?") ? "&" : "?"}token=${token}` : "");
}
