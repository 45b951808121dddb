/** Test helpers for cost updates: a campaign with clicks over three days, and its cost figures. */
import assert from "node:assert/strict";
import { insertTestClicks, type TestClick } from "../reports/testing.ts";
import { clickIdAt } from "../tracking/click_id.ts";
import { clickCostSql, shareJoin } from "./share_sql.ts";
import { trackingApp, type TrackingSetup } from "../tracking/testing.ts";

export const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of `offset` days from today (UTC). */
export const day = (offset: number) =>
  new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** A stored click's attributes the tests filter on. */
export type Seeded = { id: string; day: number; zone: string; country: string; unique: boolean };

/**
 * A tracking app whose campaign has `perDay` clicks on each of the last three
 * days (zones z1/z2, countries DE/FR, one in three not unique, one bot a day
 * that must stay free), each costing 0.01.
 */
export async function costSetup(perDay = 12): Promise<{ s: TrackingSetup; clicks: Seeded[] }> {
  const s = await trackingApp();
  const clicks: Seeded[] = [];
  const stored: TestClick[] = [];
  for (const offset of [-2, -1, 0]) {
    const base = Date.parse(`${day(offset)}T00:00:00Z`);
    for (let i = 0; i < perDay; i++) {
      const zone = i % 2 === 0 ? "z1" : "z2";
      const country = i % 4 < 2 ? "DE" : "FR";
      const unique = i % 3 !== 2;
      const ts = Math.min(base + 3_600_000 + i * 60_000, Date.now() - 1000);
      const id = clickIdAt(ts);
      stored.push({
        ts,
        id,
        campaignId: s.campaignId,
        trafficSourceId: s.sourceId,
        cost: 0.01,
        country,
        tokens: [zone, "android"],
        isUnique: unique,
      });
      clicks.push({ id, day: offset, zone, country, unique });
    }
    const botTs = Math.min(base + 7_200_000, Date.now() - 1000);
    stored.push({
      ts: botTs,
      id: clickIdAt(botTs),
      campaignId: s.campaignId,
      trafficSourceId: s.sourceId,
      isBot: true,
      country: "DE",
      tokens: ["z1"],
    });
  }
  insertTestClicks(s.app.deps.db, stored);
  return { s, clicks };
}

/** Every click's cost in micro-units, by id, as reports count it. */
export function costsById(s: TrackingSetup): Map<string, number> {
  // As the click log shows it: through the hour's read-time share (decision 160, update 3).
  const rows = s.app.deps.db.prepare(
    `SELECT k.id, ${clickCostSql("k")} AS cost FROM clicks k ${shareJoin("k")}
     WHERE k.campaign_id = ?`,
  ).all(s.campaignId);
  return new Map(rows.map((r) => [String(r.id), Number(r.cost)]));
}

/**
 * The campaign's cost as the report (by day and by country, summed) and the
 * list show it; the report by city is checked against the one by country.
 */
export async function shownCost(s: TrackingSetup): Promise<number[]> {
  const q = `subjectType=campaign&subjectIds=${s.campaignId}&from=${day(-3)}&to=${day(1)}&tz=UTC`;
  const figures: number[] = [];
  for (const groupBy of ["day", "country", "city"]) {
    const report = await s.api.get(`/api/report?${q}&groupBy=${groupBy}`);
    assert.equal(report.status, 200, JSON.stringify(report.body));
    const rows = report.body.rows as Array<{ metrics: { cost: number } }>;
    figures.push(Math.round(rows.reduce((sum, r) => sum + r.metrics.cost, 0) * 1e6));
  }
  // By city reads the cubes kept across campaigns (decision 169): it must agree with by country.
  assert.equal(figures.pop(), figures[1], "by city and by country");
  const list = await s.api.get(`/api/campaigns?from=${day(-3)}&to=${day(1)}&tz=UTC`);
  const row = (list.body.items as Array<{ id: number; stats: { cost: number } }>)
    .find((c) => c.id === s.campaignId)!;
  figures.push(Math.round(row.stats.cost * 1e6));
  return figures;
}

/** POSTs a cost update of the campaign's spend on one day (more fields: mode, currency, …). */
export function updateDay(
  s: TrackingSetup,
  offset: number,
  amount: number,
  more: Record<string, unknown> = {},
) {
  return s.api.post("/api/cost-updates", {
    campaignIds: [s.campaignId],
    from: day(offset),
    to: day(offset),
    amount,
    ...more,
  });
}
