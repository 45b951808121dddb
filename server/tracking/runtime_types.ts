/**
 * The shapes the click path reads (the entity cache builds them, `cache.ts`):
 * a campaign with where its clicks go, its traffic source, offers, landers and
 * networks, each as stored entities ready for a click or a postback.
 */
import type { Campaign } from "../../contracts/campaign.ts";
import type { Flow } from "../../contracts/flow.ts";
import type { ConversionStatus } from "../../contracts/stats.ts";
import type { PostbackEvent } from "../../contracts/traffic_source.ts";
import type { Cidr } from "./ip.ts";

/** A traffic source as clicks and S2S postbacks use it. */
export type SourceRuntime = {
  id: number;
  tokenParams: string[];
  externalIdParam: string;
  costParam: string;
  postbackUrl: string;
  postbackStatuses: ConversionStatus[];
  /** The conversion events it takes back (decision 167). */
  postbackEvents: PostbackEvent[];
  postbackPercent: number;
  payoutPercent: number;
};

/** Where a campaign's clicks go once campaign → campaign links are followed. */
export type Target =
  | { kind: "url"; url: string }
  | {
    kind: "flow";
    flow: Flow;
    rotationId: number | null;
    /**
     * Whether every offer of the flow exists and has neither a daily cap nor a
     * country: then no offer is ever skipped or sent to a fallback, and the
     * click routes without asking the caps or the country (the cache drops
     * the campaign when any offer changes).
     */
    freeOffers: boolean;
  }
  | { kind: "broken"; reason: string };

/** A campaign ready for the click path. */
export type CampaignRuntime = {
  id: number;
  key: string;
  active: boolean;
  costModel: Campaign["costModel"];
  /** Micro-units, as stored. */
  costValue: number;
  /** The currency its clicks' costs are in. */
  costCurrency: string;
  /** How its clicks answer (decision 165). */
  redirectMode: Campaign["redirectMode"];
  /** The only host clicks are answered on (`domainOnly`), or null for any host. */
  boundHost: string | null;
  uniquenessMs: number;
  botPolicy: Campaign["botPolicy"];
  /** Where its weekday and hour rules run: its own zone, else the tracker's report zone. */
  timeZone: string;
  postbackUrl: string;
  source: SourceRuntime | null;
  target: Target;
};

/** An affiliate network as postbacks check it. */
export type NetworkRuntime = {
  id: number;
  token: string;
  /** The currency a payout sent without `currency=` is in. */
  currency: string;
  allowlist: Cidr[];
  /** Lower-case network text → a status or an event type name (decision 167). */
  statusMap: Map<string, string>;
};

/** An offer ready for redirects and postbacks; `url` already wrapped in the network's template. */
export type OfferRuntime = {
  id: number;
  url: string;
  payoutMode: "fixed" | "auto";
  payout: number;
  currency: string;
  upsell: boolean;
  /** Conversions a day before its traffic goes to `capFallbackOfferId` (offer_caps.ts). */
  dailyCap: number | null;
  capFallbackOfferId: number | null;
  /** The only visitors' country it takes, or "" for all (offer_country.ts). */
  country: string;
  network: NetworkRuntime | null;
};

/** A lander ready for redirects. */
export type LandingRuntime = { id: number; url: string; offerCount: number };
