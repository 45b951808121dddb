/**
 * Builds a campaign's tracking links for a domain: click link with the
 * traffic source's parameters, lander click-through, postback and pixel, on
 * the paths URL customization chose.
 */
import {
  DIRECT_SCRIPT_PATH,
  type TrackingLinks,
  type TrackingLinksQuery,
} from "../../contracts/tracking_links.ts";
import type { Db } from "../db/connection.ts";
import { HttpError } from "../errors.ts";
import { getEntity } from "../entities/service.ts";
import { campaignDef } from "../campaigns/definition.ts";
import { domainDef } from "../domains/definition.ts";
import { defaultTrackingDomainId } from "../domains/default_tracking.ts";
import { trafficSourceDef } from "../traffic_sources/definition.ts";
import { affiliateNetworkDef } from "../affiliate_networks/definition.ts";
import { readSection } from "./sections.ts";

type Param = { param: string; placeholder: string };

function query(params: ReadonlyArray<readonly [string, string]>): string {
  // Placeholders like ${SUBID} or {clickid} are left readable: networks substitute them as written.
  const parts = params.filter(([k]) => k !== "").map(([k, v]) => `${encodeURIComponent(k)}=${v}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

function sourceParams(db: Db, sourceId: unknown): Array<[string, string]> {
  if (typeof sourceId !== "number") return [];
  const source = getEntity(db, trafficSourceDef, sourceId);
  const list = [source.externalIdParam, source.costParam, ...(source.tokens as Param[])] as Param[];
  return list.filter((p) => p.param).map((p) => [p.param, p.placeholder]);
}

/**
 * The base address (issue 12 item 11): the chosen domain, else Settings → Tracking links'
 * default, else the domain marked default for tracking on Domains, each with the links'
 * scheme; the panel's own origin only when there is no tracking domain at all.
 */
function baseFor(db: Db, options: { domainId?: number; origin: string }): string {
  const domainId = options.domainId ?? defaultTrackingDomainId(db);
  if (domainId === null) return options.origin;
  const domain = getEntity(db, domainDef, domainId);
  return `${readSection(db, "tracking-links").scheme}://${domain.host}`;
}

/** The links for `query` (a campaign, a domain and a network are each optional). */
export function buildTrackingLinks(
  db: Db,
  options: { query: TrackingLinksQuery; origin: string },
): TrackingLinks {
  const { query: q } = options;
  const paths = readSection(db, "url-customization");
  let click = "";
  let directScript = "";
  let campaignDomain: number | undefined;
  if (q.campaignId !== undefined) {
    const campaign = getEntity(db, campaignDef, q.campaignId);
    if (campaign.archived) throw new HttpError(400, "ARCHIVED", "The campaign is archived");
    campaignDomain = typeof campaign.domainId === "number" ? campaign.domainId : undefined;
    const base = baseFor(db, { domainId: q.domainId ?? campaignDomain, origin: options.origin });
    click = `${base}${paths.clickPath}/${campaign.key}${
      query(sourceParams(db, campaign.trafficSourceId))
    }`;
    directScript = `<script async src="${base}${DIRECT_SCRIPT_PATH}" data-campaign="${
      String(campaign.key)
    }"></script>`;
  }
  const base = baseFor(db, { domainId: q.domainId ?? campaignDomain, origin: options.origin });
  let token = "";
  if (q.affiliateNetworkId !== undefined) {
    token = String(getEntity(db, affiliateNetworkDef, q.affiliateNetworkId).postbackToken ?? "");
  }
  const postbackParams: Array<[string, string]> = [
    ["clickid", "{clickid}"],
    ["status", "{status}"],
    ["payout", "{payout}"],
    ["txid", "{txid}"],
  ];
  if (token) postbackParams.push(["token", token]);
  // With a `clickid` the pixel is a postback by image: it needs the network's token as well.
  const pixel = `${base}/pixel.gif?clickid={clickid}&status=lead&payout={payout}${
    token ? `&token=${token}` : ""
  }`;
  return {
    base,
    click,
    landerClick: `${base}${paths.landerClickPath}?clickid={clickid}`,
    postback: `${base}${paths.postbackPath}${query(postbackParams)}`,
    pixel,
    pixelHtml: `<img src="${pixel}" width="1" height="1" alt="" style="display:none">`,
    directScript,
  };
}
