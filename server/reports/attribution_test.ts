import assert from "node:assert/strict";
import { clickIdAt } from "../tracking/click_id.ts";
import { trackingApp } from "../tracking/testing.ts";
import { insertTestClick, insertTestConversion } from "./testing.ts";
import { REPORT_ROUTES } from "../../contracts/api/reports.ts";

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const noon = (offset: number) => Date.parse(`${day(offset)}T12:00:00Z`);

Deno.test("report attribution: a conversion counts on its own day by default, on its click's day when asked; any other value is refused", async () => {
  const s = await trackingApp();
  const db = s.app.deps.db;
  const click = (offset: number, country: string) =>
    insertTestClick(db, {
      id: clickIdAt(noon(offset)),
      ts: noon(offset),
      campaignId: s.campaignId,
      trafficSourceId: s.sourceId,
      country,
    });
  // Clicked three days ago, converted two days ago; clicked two days ago, converted yesterday.
  const early = click(-3, "DE");
  const late = click(-2, "FR");
  insertTestConversion(db, { clickId: early, ts: noon(-2), status: "sale", payout: 10 });
  insertTestConversion(db, { clickId: late, ts: noon(-1), status: "lead", payout: 4 });

  const report = async (
    from: number,
    to: number,
    groupBy: string,
    attribution?: "conversion" | "click",
  ) => {
    const { rows } = await s.api.call(REPORT_ROUTES.report, {
      query: {
        subjectType: "campaign",
        subjectIds: String(s.campaignId),
        from: day(from),
        to: day(to),
        tz: "UTC",
        groupBy,
        attribution,
      },
    });
    return Object.fromEntries(
      rows.map((r) => [r.labels[0], [r.metrics.clicks, r.metrics.conversions, r.metrics.revenue]]),
    );
  };
  assert.deepEqual(await report(-3, -1, "day"), {
    [day(-3)]: [1, 0, 0],
    [day(-2)]: [1, 1, 10],
    [day(-1)]: [0, 1, 4],
  });
  assert.deepEqual(await report(-3, -1, "day", "click"), {
    [day(-3)]: [1, 1, 10],
    [day(-2)]: [1, 1, 4],
  });
  // Only yesterday: its conversion's click is outside the range, so by click time nothing counts.
  assert.deepEqual(await report(-1, -1, "country"), { FR: [0, 1, 4] });
  assert.deepEqual(await report(-1, -1, "country", "click"), {});
  assert.deepEqual(await report(-3, -3, "country", "click"), { DE: [1, 1, 10] });

  const bad = await s.api.get(
    `/api/report?subjectType=campaign&subjectIds=${s.campaignId}&attribution=sometimes`,
  );
  assert.equal(bad.status, 400);
});

Deno.test("report attribution: at click time a payout is still converted at its own day's rate, so both counts agree on the same conversions", async () => {
  const s = await trackingApp();
  const db = s.app.deps.db;
  // 1 EUR = 2 USD on the click's day, 4 USD from the conversion's day on.
  for (const [offset, perEur] of [[-3, 2], [-2, 4]] as const) {
    const put = await s.api.put("/api/currency-rates", {
      currency: "USD",
      day: day(offset),
      perEur,
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
  }
  assert.equal((await s.api.put("/api/settings/stats", { currency: "EUR" })).status, 200);
  const clickId = insertTestClick(db, {
    id: clickIdAt(noon(-3)),
    ts: noon(-3),
    campaignId: s.campaignId,
    trafficSourceId: s.sourceId,
  });
  insertTestConversion(db, { clickId, ts: noon(-2), status: "sale", payout: 10, currency: "USD" });
  const revenue = async (attribution: "conversion" | "click") => {
    const answer = await s.api.call(REPORT_ROUTES.report, {
      query: {
        subjectType: "campaign",
        subjectIds: String(s.campaignId),
        from: day(-3),
        to: day(-1),
        tz: "UTC",
        groupBy: "day",
        attribution,
      },
    });
    assert.equal(answer.currency, "EUR");
    return answer.totals.revenue;
  };
  // 10 USD on the conversion's day: 2.5 EUR, whichever day it is counted on.
  assert.equal(await revenue("conversion"), 2.5);
  assert.equal(await revenue("click"), 2.5);
});
