import assert from "node:assert/strict";
import { buildCampaign, buildTrafficSource } from "../../fixtures/builders.ts";
import { CLICK_ROUTES, CONVERSION_ROUTES } from "../../contracts/api/reports.ts";
import { ErrorBody } from "../../contracts/common.ts";
import { idOf } from "../entities/testing.ts";
import { clickIdAt } from "../tracking/click_id.ts";
import { clickIdOf, directPath, trackingApp, type TrackingSetup } from "../tracking/testing.ts";

/** 23:30 UTC on 10 January 2026: already the 11th in Berlin. */
const LATE = Date.UTC(2026, 0, 10, 23, 30);

type Logs = {
  s: TrackingSetup;
  /** Campaign 1 → offer 1, source 1, now. */
  first: string;
  /** Campaign 2 → offer 2, source 2, now. */
  second: string;
  /** Campaign 2 → offer 2, source 2, at LATE. */
  late: string;
  campaign2: number;
  source2: number;
};

/** Three clicks with a conversion each, on two campaigns, offers and sources, on two days. */
async function logs(): Promise<Logs> {
  const s = await trackingApp();
  const source2 = idOf(
    await s.api.post("/api/traffic-sources", buildTrafficSource({ name: "Second source" })),
  );
  const created = await s.api.post(
    "/api/campaigns",
    buildCampaign({
      name: "Second campaign",
      trafficSourceId: source2,
      destination: {
        type: "flow",
        flow: { rules: [], defaultPaths: [directPath(s.offerIds[1])] },
      },
    }),
  );
  const campaign2 = idOf(created);
  const first = clickIdOf(await s.click());
  const second = clickIdOf(await s.click({ key: String(created.body.key) }));
  // A click of a past day, stored as that day's traffic left it.
  const late = clickIdAt(LATE);
  s.app.deps.db.prepare(
    `INSERT INTO clicks (id, ts, campaign_id, traffic_source_id, offer_id, cost, is_unique)
     VALUES (?, ?, ?, ?, ?, 0, 1)`,
  ).run(late, LATE, campaign2, source2, s.offerIds[1]);
  for (const [clickId, time] of [[first, ""], [second, ""], [late, "2026-01-10 23:40"]]) {
    const res = await s.api.post("/api/conversions", {
      clickId,
      status: "lead",
      txid: clickId,
      time,
      tz: "UTC",
    });
    assert.equal(res.body.outcome, "recorded", JSON.stringify(res.body));
  }
  return { s, first, second, late, campaign2, source2 };
}

/** The filters both lists take. */
type Filters = {
  from?: string;
  to?: string;
  tz?: string;
  campaignId?: number;
  offerId?: number;
  trafficSourceId?: number;
};

/** The click ids a click-log query lists, sorted. */
async function clickIds(s: TrackingSetup, query: Filters): Promise<string[]> {
  const { items } = await s.api.call(CLICK_ROUTES.list, { query });
  return items.map((i) => String(i.id)).sort();
}

/** The click ids of the conversions a query lists, sorted. */
async function conversionClicks(s: TrackingSetup, query: Filters): Promise<string[]> {
  const { items } = await s.api.call(CONVERSION_ROUTES.list, { query });
  return items.map((i) => i.clickId).sort();
}

const WIDE = { from: "2026-01-01", to: "2099-12-31", tz: "UTC" };

Deno.test("click log and conversions: each filter — offer, traffic source, days in the user's zone — changes the answer", async (t) => {
  const { s, first, second, late, campaign2, source2 } = await logs();
  const sorted = (...ids: string[]) => ids.sort();
  const [offer1, offer2] = s.offerIds;
  const lists = [["clicks", clickIds], ["conversions", conversionClicks]] as const;
  for (const [name, list] of lists) {
    await t.step(`${name}: by offer`, async () => {
      assert.deepEqual(await list(s, WIDE), sorted(first, second, late));
      assert.deepEqual(await list(s, { ...WIDE, offerId: offer1 }), [first]);
      assert.deepEqual(await list(s, { ...WIDE, offerId: offer2 }), sorted(second, late));
    });
    await t.step(`${name}: by traffic source`, async () => {
      assert.deepEqual(await list(s, { ...WIDE, trafficSourceId: s.sourceId }), [first]);
      assert.deepEqual(await list(s, { ...WIDE, trafficSourceId: source2 }), sorted(second, late));
    });
    await t.step(`${name}: filters combine`, async () => {
      const both = { ...WIDE, campaignId: campaign2, offerId: offer1 };
      assert.deepEqual(await list(s, both), []);
      const all = { ...WIDE, campaignId: campaign2, offerId: offer2, trafficSourceId: source2 };
      assert.deepEqual(await list(s, all), sorted(second, late));
    });
    await t.step(`${name}: days are read in the query's time zone`, async () => {
      const on = (day: string, tz: string) => ({ from: day, to: day, tz });
      assert.deepEqual(await list(s, on("2026-01-10", "UTC")), [late]);
      assert.deepEqual(await list(s, on("2026-01-10", "Europe/Berlin")), []);
      assert.deepEqual(await list(s, on("2026-01-11", "Europe/Berlin")), [late]);
      const today = new Date().toISOString().slice(0, 10);
      assert.deepEqual(await list(s, on(today, "UTC")), sorted(first, second));
    });
  }
});

Deno.test("click log and conversions: bad filter values answer 400 naming the field", async (t) => {
  const { s, campaign2 } = await logs();
  const cases = [
    ["offerId=abc", "offerId"],
    ["offerId=0", "offerId"],
    ["offerId=999", "Offer 999 does not exist"],
    ["trafficSourceId=-3", "trafficSourceId"],
    ["trafficSourceId=999", "Traffic source 999 does not exist"],
    ["campaignId=999", "Campaign 999 does not exist"],
    ["from=2026-02-31", "is not a real date"],
    ["from=yesterday", "must be a date"],
    ["from=2026-03-02&to=2026-03-01", "to: must not be before from"],
    ["tz=Mars/Olympus", "is not a known time zone"],
  ];
  for (const path of ["/api/clicks", "/api/conversions"]) {
    await t.step(path, async () => {
      for (const [query, message] of cases) {
        for (const format of ["json", "csv"]) {
          const res = await s.api.get(`${path}?${query}&format=${format}`);
          assert.equal(res.status, 400, `${query}: ${JSON.stringify(res.body)}`);
          const { error } = ErrorBody.parse(res.body);
          assert.equal(error.code, "VALIDATION_ERROR");
          assert.ok(error.message.includes(message), `${query}: ${error.message}`);
        }
      }
    });
  }
  await t.step("an archived campaign still filters: its clicks stay in the log", async () => {
    assert.equal((await s.api.del(`/api/campaigns/${campaign2}`)).status, 200);
    assert.equal((await clickIds(s, { ...WIDE, campaignId: campaign2 })).length, 2);
    assert.equal((await conversionClicks(s, { ...WIDE, campaignId: campaign2 })).length, 2);
  });
});
