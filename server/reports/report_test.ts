import assert from "node:assert/strict";
import { campaignReport, trackingApp } from "../tracking/testing.ts";
import { apiAs, signedIn } from "../entities/testing.ts";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { insertTestClick, insertTestConversion } from "./testing.ts";
import { REPORT_ROUTES } from "../../contracts/api/reports.ts";
import type { CallInput } from "../../contracts/route.ts";

type ReportParams = NonNullable<CallInput<typeof REPORT_ROUTES.report>["query"]>;

const T = (iso: string) => Date.parse(iso);

/**
 * The small fixture: four clicks over 10–11 May 2024 and four conversions.
 * c2 is at 23:30 UTC: 11 May in UTC+2, 10 May in UTC−5.
 */
async function fixture() {
  const setup = await trackingApp();
  const db = setup.app.deps.db;
  const [offer1, offer2] = setup.offerIds;
  const base = { campaignId: setup.campaignId, trafficSourceId: setup.sourceId };
  const c1 = insertTestClick(db, {
    ...base,
    ts: T("2024-05-10T10:00:00Z"),
    offerId: offer1,
    country: "US",
    deviceType: "mobile",
    os: "Android",
    cost: 0.5,
    lpClickTs: T("2024-05-10T10:00:05Z"),
  });
  const c2 = insertTestClick(db, {
    ...base,
    ts: T("2024-05-10T23:30:00Z"),
    offerId: offer1,
    country: "DE",
    cost: 0.5,
  });
  const c3 = insertTestClick(db, {
    ...base,
    ts: T("2024-05-11T05:00:00Z"),
    offerId: offer2,
    country: "US",
    deviceType: "mobile",
    os: "iOS",
    isUnique: false,
    isBot: true,
    cost: 0.25,
  });
  const c4 = insertTestClick(db, {
    ...base,
    ts: T("2024-05-11T12:00:00Z"),
    offerId: offer2,
    country: "US",
    cost: 0.25,
    lpClickTs: T("2024-05-11T12:00:09Z"),
  });
  insertTestConversion(db, {
    clickId: c1,
    ts: T("2024-05-10T11:00:00Z"),
    status: "sale",
    payout: 10,
  });
  insertTestConversion(db, {
    clickId: c2,
    ts: T("2024-05-11T00:10:00Z"),
    status: "lead",
    payout: 2.5,
  });
  insertTestConversion(db, {
    clickId: c3,
    ts: T("2024-05-11T06:00:00Z"),
    status: "hold",
    payout: 1,
  });
  insertTestConversion(db, {
    clickId: c4,
    ts: T("2024-05-11T13:00:00Z"),
    status: "rejected",
    payout: 5,
  });
  const report = (params: ReportParams, api = setup.api) =>
    api.call(REPORT_ROUTES.report, {
      query: {
        subjectType: "campaign",
        subjectIds: String(setup.campaignId),
        from: "2024-05-10",
        to: "2024-05-11",
        ...params,
      },
    });
  return { setup, report, offer1, offer2 };
}

Deno.test("report: every metric of the totals matches the hand-computed figures", async () => {
  const { report } = await fixture();
  const answer = await report({ groupBy: "day" });
  assert.deepEqual(answer.totals, {
    clicks: 4,
    uniqueClicks: 3,
    bots: 1,
    lpClicks: 2,
    lpCtr: 50,
    conversions: 2,
    leads: 1,
    sales: 1,
    rejected: 1,
    hold: 1,
    cr: 50,
    revenue: 12.5,
    approvedRevenue: 10,
    pendingRevenue: 2.5,
    cost: 1.5,
    profit: 11,
    roi: 733.33,
    epc: 3.125,
    cpc: 0.375,
    cpa: 0.75,
    approve: 25,
  });
});

Deno.test("report: days follow the time zone (23:30 UTC is tomorrow in UTC+2, today in UTC−5)", async (t) => {
  const { report } = await fixture();
  const byDay = async (tz: string) => {
    const answer = await report({ groupBy: "day", tz, sort: "day", order: "asc" });
    return {
      source: answer.source,
      days: answer.rows.map((
        r,
      ) => [r.labels[0], r.metrics.clicks, r.metrics.leads, r.metrics.revenue]),
    };
  };
  await t.step("UTC", async () => {
    const { days, source } = await byDay("UTC");
    // 10 May is sealed (whole UTC day from the daily tier); 11 May is still hourly.
    assert.equal(source, "rollup:rollup_time_day+rollup_flow");
    assert.deepEqual(days, [["2024-05-10", 2, 0, 10], ["2024-05-11", 2, 1, 2.5]]);
  });
  await t.step("UTC+2 (Europe/Berlin in May)", async () => {
    const { days } = await byDay("Europe/Berlin");
    assert.deepEqual(days, [["2024-05-10", 1, 0, 10], ["2024-05-11", 3, 1, 2.5]]);
  });
  await t.step("UTC−5 (America/Bogota)", async () => {
    const { days } = await byDay("America/Bogota");
    // c3 at 05:00 UTC is exactly midnight on 11 May there.
    assert.deepEqual(days, [["2024-05-10", 2, 1, 12.5], ["2024-05-11", 2, 0, 0]]);
  });
  await t.step("UTC+5:30 falls back to raw clicks and still buckets right", async () => {
    const { days, source } = await byDay("Asia/Kolkata");
    assert.equal(source, "raw");
    assert.deepEqual(days, [["2024-05-10", 1, 0, 10], ["2024-05-11", 3, 1, 2.5]]);
  });
});

Deno.test("report: three grouping levels drill down by parent values", async (t) => {
  const { report, offer1, offer2 } = await fixture();
  const groupBy = "country,offer,deviceType";
  await t.step("level 1: countries", async () => {
    const answer = await report({ groupBy, sort: "country", order: "asc" });
    assert.deepEqual(answer.rows.map((r) => [r.values[0], r.metrics.clicks, r.metrics.revenue]), [
      ["DE", 1, 2.5],
      ["US", 3, 10],
    ]);
    assert.equal(answer.source, "rollup:rollup_geo_day+rollup_geo");
  });
  await t.step("level 2: offers in US", async () => {
    const answer = await report({ groupBy, parents: JSON.stringify(["US"]), sort: "clicks" });
    assert.deepEqual(
      answer.rows.map((r) => [r.values, r.metrics.clicks, r.metrics.sales, r.metrics.cost]),
      [[["US", offer2], 2, 0, 0.5], [["US", offer1], 1, 1, 0.5]],
    );
  });
  await t.step("level 3: devices in US × offer 2", async () => {
    const answer = await report({
      groupBy,
      parents: JSON.stringify(["US", offer2]),
      sort: "deviceType",
      order: "asc",
    });
    assert.deepEqual(answer.rows.map((r) => [r.labels[2], r.metrics.clicks, r.metrics.bots]), [
      ["desktop", 1, 0],
      ["mobile", 1, 1],
    ]);
    // Totals stay the whole report's.
    assert.equal(answer.totals.clicks, 4);
  });
  await t.step("filters narrow rows and totals", async () => {
    const filters = JSON.stringify([{ dim: "country", op: "isNot", values: ["DE"] }]);
    const answer = await report({ groupBy: "offer", filters });
    assert.equal(answer.totals.clicks, 3);
    assert.equal(answer.totals.revenue, 10);
  });
});

Deno.test("report: a hide-profit user gets no revenue, profit, ROI or EPC", async () => {
  const { setup, report } = await fixture();
  const id = await setup.app.addUser("viewer", "user");
  setup.app.deps.db.prepare("UPDATE users SET permissions = ?, hide_profit = 1 WHERE id = ?")
    .run(JSON.stringify({ "*": "read" }), id);
  const cookie = await setup.app.signIn("viewer", TEST_PASSWORD);
  const api = apiAs(setup.app, cookie);
  const answer = await report({
    groupBy: "offer",
    formulas: JSON.stringify([
      { name: "f_margin", label: "Margin", expr: "profit / clicks" },
      { name: "f_cost2", label: "Double cost", expr: "cost * 2" },
    ]),
  }, api);
  for (
    const name of [
      "revenue",
      "approvedRevenue",
      "pendingRevenue",
      "profit",
      "roi",
      "epc",
      "f_margin",
    ]
  ) {
    assert.ok(!(name in answer.totals), `${name} leaked`);
    assert.ok(!answer.metrics.includes(name));
    for (const row of answer.rows) assert.ok(!(name in row.metrics));
  }
  assert.equal(answer.totals.f_cost2, 3);
  const csv = await setup.app.request(
    `/api/report?subjectType=campaign&subjectIds=${setup.campaignId}&from=2024-05-10&to=2024-05-11&groupBy=offer&format=csv`,
    { cookie },
  );
  assert.equal(csv.status, 200);
  const text = await csv.text();
  assert.match(text, /^Offer,Clicks,/);
  assert.ok(!/Revenue|Profit|ROI|EPC/.test(text), text);
});

Deno.test("report: a user without read on the subject's type is refused", async () => {
  const { setup } = await fixture();
  const api = await signedIn(setup.app, {
    username: "noone",
    role: "user",
    permissions: { offer: "read" },
  });
  const res = await api.get(`/api/report?subjectType=campaign&subjectIds=${setup.campaignId}`);
  assert.equal(res.status, 403);
  const ok = await api.get(`/api/report?subjectType=offer&subjectIds=1`);
  assert.equal(ok.status, 200);
});

Deno.test("report: unsorted, a time level reads in time order and any other by clicks", async () => {
  const { setup, report, offer1 } = await fixture();
  // A second click at 23:xx: that hour (and 10 May) now has the most clicks.
  insertTestClick(setup.app.deps.db, {
    campaignId: setup.campaignId,
    trafficSourceId: setup.sourceId,
    ts: T("2024-05-10T23:45:00Z"),
    offerId: offer1,
    country: "DE",
  });
  const labels = async (params: ReportParams) =>
    (await report({ tz: "UTC", ...params })).rows.map((r) => r.labels[0]);
  // Hours of the clicks and of the conversions (counted at their own time).
  assert.deepEqual(await labels({ groupBy: "hour" }), [
    "00:00",
    "05:00",
    "06:00",
    "10:00",
    "11:00",
    "12:00",
    "13:00",
    "23:00",
  ]);
  assert.deepEqual(await labels({ groupBy: "day" }), ["2024-05-10", "2024-05-11"]);
  assert.deepEqual(await labels({ groupBy: "day", order: "desc", sort: "name" }), [
    "2024-05-11",
    "2024-05-10",
  ]);
  // Chosen: by clicks, as asked.
  assert.deepEqual((await labels({ groupBy: "hour", sort: "clicks" }))[0], "23:00");
  // Not a time: by clicks, most first.
  const byCountry = (await report({ groupBy: "country" })).rows.map((r) => r.metrics.clicks);
  assert.deepEqual(byCountry, [...byCountry].sort((a, b) => b - a));
});

Deno.test("report: by referrer domain, a click without a referrer is a row of its own", async () => {
  const s = await trackingApp();
  const visit = (referer?: string) =>
    s.app.request(`/c/${s.key}`, {
      ip: "73.162.10.20",
      headers: referer ? { referer } : {},
      redirect: "manual",
    });
  await visit("https://M.Facebook.com:443/story?id=1");
  await visit("https://m.facebook.com/");
  await visit();
  const answer = await campaignReport(s, { groupBy: "referrerDomain" });
  // The answer is checked against its contract: a click without a referrer read null (a 500
  // under ROTOR_STRICT_ANSWERS), where every dimension value is a string or a number.
  assert.deepEqual(
    answer.rows.map((r) => [r.values[0], r.labels[0], r.metrics.clicks]).sort(),
    [["", "(unknown)", 1], ["m.facebook.com", "m.facebook.com", 2]],
  );
});
