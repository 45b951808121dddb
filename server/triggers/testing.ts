/**
 * Test helpers of triggers: a world (network, offers, lander, a flow
 * campaign, a rotation) on a fresh app with a controllable clock, stored
 * traffic, and trigger inputs that tests override where they care.
 */
import {
  buildAffiliateNetwork,
  buildCampaign,
  buildFlow,
  buildLanding,
  buildOffer,
  buildRotation,
  buildTrafficSource,
} from "../../fixtures/builders.ts";
import { TEST_PASSWORD, type TestApp, testApp } from "../../tests/helpers/api.ts";
import { type Api, apiAs, idOf } from "../entities/testing.ts";
import { insertTestClick, insertTestConversion } from "../reports/testing.ts";
import { setTriggerClock } from "./clock.ts";
import { TRIGGER_ROUTES } from "../../contracts/api/triggers.ts";

/** 2026-03-02 12:00 UTC: "now" at the start of each test. */
export const T0 = Date.UTC(2026, 2, 2, 12);
export const MIN = 60_000;
export const HOUR = 3_600_000;

/** The test world. */
export type World = {
  app: TestApp;
  api: Api;
  clock: { now: number };
  networkId: number;
  offerA: number;
  offerB: number;
  landingId: number;
  campaignId: number;
  rotationId: number;
  sourceId: number;
};

/**
 * Dates the creation of every user there is before T0. Users are created by the real clock and a
 * world's triggers run on one from T0, in the past; a notification raised before a user was
 * created is read for them (decision 181), so without this they would read them all.
 */
export function predateUsers(app: TestApp): void {
  app.deps.db.prepare("UPDATE users SET created_at = ?").run(T0 - 24 * HOUR);
}

/** A fresh app with entities, an admin there since before T0 and a clock at T0. */
export async function world(): Promise<World> {
  const app = testApp();
  await app.addUser("root", "super-admin");
  predateUsers(app);
  const cookie = await app.signIn("root", TEST_PASSWORD);
  const api = apiAs(app, cookie);
  const clock = { now: T0 };
  setTriggerClock(app.deps.db, () => clock.now);
  const networkId = idOf(await api.post("/api/affiliate-networks", buildAffiliateNetwork()));
  const offerA = idOf(
    await api.post("/api/offers", buildOffer({ name: "A", affiliateNetworkId: networkId })),
  );
  const offerB = idOf(await api.post("/api/offers", buildOffer({ name: "B" })));
  const landingId = idOf(await api.post("/api/landings", buildLanding()));
  const sourceId = idOf(await api.post("/api/traffic-sources", buildTrafficSource()));
  const flow = buildFlow({ offerIds: [offerA, offerB], landingIds: [landingId] });
  const campaignId = idOf(
    await api.post(
      "/api/campaigns",
      buildCampaign({
        name: "Push",
        trafficSourceId: sourceId,
        destination: { type: "flow", flow },
      }),
    ),
  );
  const rotationId = idOf(
    await api.post(
      "/api/rotations",
      buildRotation({ offerIds: [offerA], landingIds: [landingId] }),
    ),
  );
  return {
    app,
    api,
    clock,
    networkId,
    offerA,
    offerB,
    landingId,
    campaignId,
    rotationId,
    sourceId,
  };
}

/** Stores `n` clicks (and `conversions` of them as sales) at `ts`. */
export function traffic(
  w: World,
  t: {
    n: number;
    ts: number;
    cost?: number;
    conversions?: number;
    payout?: number;
    offerId?: number;
    tokens?: string[];
  },
): void {
  for (let i = 0; i < t.n; i++) {
    const clickId = insertTestClick(w.app.deps.db, {
      ts: t.ts,
      campaignId: w.campaignId,
      trafficSourceId: w.sourceId,
      offerId: t.offerId ?? w.offerA,
      cost: t.cost ?? 0,
      tokens: t.tokens,
    });
    if (i < (t.conversions ?? 0)) {
      insertTestConversion(w.app.deps.db, {
        clickId,
        ts: t.ts,
        status: "sale",
        payout: t.payout ?? 10,
      });
    }
  }
}

/** A campaign trigger "cost ≥ 20 and conversions = 0 over 6 h" that notifies in the panel. */
export function spendTrigger(w: World, overrides: Record<string, unknown> = {}) {
  return {
    name: "Spend without sales",
    scope: { type: "campaign", ids: [w.campaignId] },
    conditions: [
      metric("cost >= 20", "6 hours"),
      metric("conversions = 0", "6 hours"),
    ],
    actions: [{ kind: "notify", channels: ["panel"] }],
    ...overrides,
  };
}

/** Creates a trigger; its id. */
export async function createTrigger(w: World, input: unknown): Promise<number> {
  const res = await w.api.post("/api/triggers", input);
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return idOf(res);
}

/** `POST /api/triggers/:id/check`: the labels it fired for. */
export async function check(w: World, id: number): Promise<string[]> {
  const { fired } = await w.api.call(TRIGGER_ROUTES.check, { params: { id } });
  return fired.map((f) => f.label);
}

/** The actions trigger `triggerId` took, newest first. */
export async function history(w: World, triggerId: number) {
  return (await w.api.call(TRIGGER_ROUTES.history, { query: { triggerId } })).items;
}

/** A metric condition from words: `metric("cost >= 20", "6 hours")`. */
export function metric(rule: string, window: string, options: { previous?: boolean } = {}) {
  const [name, op, value] = rule.split(" ");
  const [amount, unit] = window.split(" ");
  return {
    kind: "metric",
    metric: name,
    window: { amount: Number(amount), unit },
    compare: options.previous ? "previous" : "value",
    op,
    value: Number(value),
  };
}
