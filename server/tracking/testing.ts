/**
 * Test helpers for the tracking endpoints: an in-process app with a signed-in
 * admin and a ready campaign (network, offers, lander, source, flow).
 */
import type { z } from "zod";
import type { CampaignInput } from "../../contracts/campaign.ts";
import {
  buildAffiliateNetwork,
  buildCampaign,
  buildLanding,
  buildOffer,
  buildTrafficSource,
} from "../../fixtures/builders.ts";
import { type TestApp, testApp } from "../../tests/helpers/api.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connection.ts";
import { REPORT_ROUTES } from "../../contracts/api/reports.ts";
import type { CallInput } from "../../contracts/route.ts";
import { type Api, idOf, signedIn } from "../entities/testing.ts";
import { TrackingEngine, type TrackingOptions } from "./engine.ts";
import { UA } from "./enrich/test_agents.ts";

/** A residential address in the US (Comcast, California): a person, for traffic quality. */
export const US_IP = "73.162.10.20";
/** The network's postback address range in `buildAffiliateNetwork`. */
export const NETWORK_IP = "203.0.113.9";

/** What `trackingApp` made. */
export type TrackingSetup = {
  app: TestApp;
  api: Api;
  networkId: number;
  offerIds: number[];
  landingId: number;
  sourceId: number;
  campaignId: number;
  key: string;
  /** GET /c/:key with a visitor's headers. */
  click: (opts?: { ip?: string; ua?: string; query?: string; key?: string }) => Promise<Response>;
};

/**
 * An app with one campaign: a network (token, allowlist 203.0.113.0/24), two
 * offers (12.5 fixed, and auto-payout upsell), a lander, a source with
 * external id / cost / two tokens, and a direct flow to offer 1.
 */
export async function trackingApp(
  options: {
    campaign?: Partial<z.input<typeof CampaignInput>>;
    tracking?: TrackingOptions;
    config?: Partial<Config>;
    /** The database (default: a new one of the test store). */
    db?: Db;
  } = {},
): Promise<TrackingSetup> {
  const app = testApp({ config: options.config, db: options.db });
  // A fresh engine on this app's database, with the test's options.
  app.deps.tracking = new TrackingEngine(app.deps.db, options.tracking);
  app.deps.reads = app.deps.tracking.reads;
  const api = await signedIn(app, { username: "root", role: "super-admin" });
  const networkId = idOf(await api.post("/api/affiliate-networks", buildAffiliateNetwork()));
  const offerIds = [
    idOf(await api.post("/api/offers", buildOffer({ affiliateNetworkId: networkId }))),
    idOf(
      await api.post(
        "/api/offers",
        buildOffer({
          name: "Upsell",
          url: "https://shop.example.com/buy?c={clickid}",
          affiliateNetworkId: networkId,
          payoutMode: "auto",
          payout: 1,
          upsell: true,
        }),
      ),
    ),
  ];
  const landingId = idOf(await api.post("/api/landings", buildLanding({ offerCount: 2 })));
  const sourceId = idOf(await api.post("/api/traffic-sources", buildTrafficSource()));
  const path = { weight: 100, direct: true, offers: [{ offerId: offerIds[0], weight: 100 }] };
  const created = await api.post(
    "/api/campaigns",
    buildCampaign({
      trafficSourceId: sourceId,
      destination: { type: "flow", flow: { rules: [], defaultPaths: [path] } },
      ...options.campaign,
    }),
  );
  const key = String(created.body.key);
  const click: TrackingSetup["click"] = (opts = {}) =>
    app.request(`/c/${opts.key ?? key}${opts.query ?? ""}`, {
      ip: opts.ip ?? US_IP,
      headers: { "user-agent": opts.ua ?? UA.iphone, "accept-language": "en-US,en;q=0.9" },
      redirect: "manual",
    });
  return {
    app,
    api,
    networkId,
    offerIds,
    landingId,
    sourceId,
    campaignId: idOf(created),
    key,
    click,
  };
}

/** The click id set in a click answer's `rotor_click` cookie. */
export function clickIdOf(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("rotor_click="));
  if (!cookie) throw new Error(`no rotor_click cookie (status ${res.status})`);
  return cookie.split(";")[0].slice("rotor_click=".length);
}

/** A direct path (no lander) to one offer. */
export function directPath(offerId: number, name = "") {
  return { name, weight: 1, direct: true, offers: [{ offerId, weight: 1 }] };
}

/** Sends every visitor of the campaign straight to offer `offerId`. */
export async function toOffer(s: TrackingSetup, offerId: number): Promise<void> {
  await s.api.patch(`/api/campaigns/${s.campaignId}`, {
    destination: { type: "flow", flow: { rules: [], defaultPaths: [directPath(offerId)] } },
  });
}

/** Shows every visitor of the campaign the setup's lander, then one of `offerIds` (equal weights). */
export async function throughLander(
  s: TrackingSetup,
  offerIds: number[] = [s.offerIds[0]],
): Promise<void> {
  const path = {
    weight: 1,
    landings: [{ landingId: s.landingId, weight: 1 }],
    offers: offerIds.map((offerId) => ({ offerId, weight: 1 })),
  };
  const res = await s.api.patch(`/api/campaigns/${s.campaignId}`, {
    destination: { type: "flow", flow: { rules: [], defaultPaths: [path] } },
  });
  if (res.status !== 200) throw new Error(`flow not saved: ${JSON.stringify(res.body)}`);
}

/**
 * Gives the campaign an inline flow: visitors matching `criteria` go straight
 * to the second offer, everyone else to the first.
 */
export async function ruleToSecondOffer(
  s: TrackingSetup,
  rule: { name: string; criteria: unknown[] },
): Promise<void> {
  const [a, b] = s.offerIds;
  const res = await s.api.patch(`/api/campaigns/${s.campaignId}`, {
    destination: {
      type: "flow",
      flow: { rules: [{ ...rule, paths: [directPath(b)] }], defaultPaths: [directPath(a)] },
    },
  });
  if (res.status !== 200) throw new Error(`flow not saved: ${JSON.stringify(res.body)}`);
}

/** What `campaignReport` takes besides the subject: grouping, range, sort, filters. */
export type ReportParams = Omit<
  NonNullable<CallInput<typeof REPORT_ROUTES.report>["query"]>,
  "subjectType" | "subjectIds"
>;

/** The UTC day `offset` days from now, as the report takes it. */
function utcDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The setup's campaign's report through the API (fails unless it answers 2xx).
 * Without a range it reads yesterday to tomorrow (UTC days): a test that runs
 * across midnight still finds the clicks it made a moment before.
 */
export function campaignReport(s: TrackingSetup, params: ReportParams = {}) {
  const range = params.from || params.to ? {} : { from: utcDay(-1), to: utcDay(1) };
  return s.api.call(REPORT_ROUTES.report, {
    query: { subjectType: "campaign", subjectIds: String(s.campaignId), ...range, ...params },
  });
}
