/**
 * The whole-hour planner reads the flow cube, not the clicks (decision 160,
 * update 5): on any clicks it must plan exactly what the click-by-click
 * planner plans, and step aside where the cube may not count the clicks.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { insertTestClicks, type TestClick } from "../reports/testing.ts";
import { clickIdAt } from "../tracking/click_id.ts";
import { trackingApp } from "../tracking/testing.ts";
import { buildCampaign } from "../../fixtures/builders.ts";
import { type CostPlan, planByClicks, type PlanInput, planWholeHours } from "./plan.ts";
import { day } from "./testing.ts";
import type { Db } from "../db/connection.ts";

const HOUR = 3_600_000;

/** Two campaigns with clicks over yesterday's hours: USD and EUR cost, bots, landers. */
async function twoCampaigns() {
  const s = await trackingApp();
  const other = await s.api.post(
    "/api/campaigns",
    buildCampaign({ name: "Second", trafficSourceId: s.sourceId }),
  );
  assert.equal(other.status, 201, JSON.stringify(other.body));
  const ids = [s.campaignId, Number(other.body.id)];
  // 2 USD a euro from long before.
  s.app.deps.db.prepare(
    `INSERT INTO currency_rates (currency, day, per_eur, source, updated_at)
     VALUES ('USD', ?, 2, 'manual', 0)`,
  ).run(day(-10));
  return { s, ids, start: Date.parse(`${day(-1)}T00:00:00Z`) };
}

/** A plan with its shares in one order (by hour, then campaign): the order means nothing. */
function ordered(plan: CostPlan | null) {
  plan?.shared.sort((a, b) => a.hour - b.hour || a.campaignId - b.campaignId);
  return plan;
}

/**
 * Asserts that the cube plans `plan` every hour as the clicks do (a remainder
 * in an hour never held one before); false when both refuse it alike (no
 * clicks there).
 */
function samePlans(db: Db, plan: PlanInput): boolean {
  let byClicks;
  try {
    byClicks = planByClicks(db, plan);
  } catch (err) {
    assert.throws(() => planWholeHours(db, plan), { message: (err as Error).message });
    return false;
  }
  const byCube = planWholeHours(db, plan);
  assert.ok(byCube, "planned from the cube");
  assert.deepEqual(ordered(byCube), ordered(byClicks));
  return true;
}

/** A plan's input over yesterday's hours `[from, to)`. */
function input(
  ids: number[],
  start: number,
  from: number,
  to: number,
  more: Partial<PlanInput>,
): PlanInput {
  return {
    campaignIds: ids,
    start: start + from * HOUR,
    end: start + to * HOUR,
    tz: "UTC",
    filters: [],
    uniqueOnly: false,
    mode: "replace" as const,
    amount: 1_000_000,
    currency: "USD",
    matchedAt: Date.now(),
    shareable: ids,
    ...more,
  };
}

Deno.test("cost plan (property): from the flow cube, whole hours plan what the clicks plan, to the micro-unit", async () => {
  const { s, ids, start } = await twoCampaigns();
  const db = s.app.deps.db;
  const click = fc.record({
    hour: fc.integer({ min: 0, max: 5 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    campaign: fc.integer({ min: 0, max: 1 }),
    cost: fc.integer({ min: 0, max: 30 }),
    euro: fc.boolean(),
    bot: fc.integer({ min: 0, max: 9 }),
    landing: fc.integer({ min: 0, max: 2 }),
  });
  const clicks = fc.sample(fc.array(click, { minLength: 40, maxLength: 80 }), 1)[0];
  const stored: TestClick[] = clicks.map((c, i) => {
    const ts = start + c.hour * HOUR + c.minute * 60_000 + c.second * 1000 + i % 1000;
    return {
      ts,
      id: clickIdAt(ts),
      campaignId: ids[c.campaign],
      trafficSourceId: s.sourceId,
      isBot: c.bot === 0,
      cost: c.bot === 0 ? 0 : c.cost / 1000,
      costCurrency: c.euro ? "EUR" : "USD",
      landingId: c.landing === 0 ? null : c.landing,
    };
  });
  insertTestClicks(db, stored);
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 5 }),
      fc.integer({ min: 1, max: 6 }),
      // Amounts have at most 4 decimals: hundreds of micro-units.
      fc.integer({ min: 1, max: 500_000 }),
      fc.subarray(ids, { minLength: 1 }),
      async (from, length, hundreds, campaigns) => {
        const amount = hundreds * 100;
        const to = Math.min(6, from + length);
        const plan = input(campaigns, start, from, to, { amount });
        if (!samePlans(db, plan)) return;
        // Laid on, a later plan over the same hours reads the cost through those shares.
        const res = await s.api.post("/api/cost-updates", {
          campaignIds: campaigns,
          from: new Date(plan.start).toISOString().slice(0, 16),
          to: new Date(plan.end).toISOString().slice(0, 16),
          tz: "UTC",
          amount: amount / 1e6,
        });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        samePlans(db, input(campaigns, start, 0, 6, { amount: amount + 7 }));
      },
    ),
    { numRuns: 25 },
  );
});

Deno.test("cost plan: the cube is not read where it may not count the clicks: unflushed clicks, cleared ones", async () => {
  const { s, ids, start } = await twoCampaigns();
  const db = s.app.deps.db;
  const at = (ts: number, campaign: number): TestClick => ({
    ts,
    id: clickIdAt(ts),
    campaignId: campaign,
    trafficSourceId: s.sourceId,
    cost: 0.01,
  });
  insertTestClicks(db, [at(start + HOUR, ids[0]), at(start + HOUR + 1000, ids[1])]);
  const plan = input(ids, start, 0, 24, { amount: 2_000_000 });
  assert.ok(planWholeHours(db, plan), "every click counted");
  // A stored click past the rollup watermark, before the period's end: not in the cube yet.
  const late = at(start + 2 * HOUR, ids[0]);
  db.prepare(
    "INSERT INTO clicks (id, ts, campaign_id, traffic_source_id) VALUES (?, ?, ?, ?)",
  ).run(late.id!, late.ts, late.campaignId!, s.sourceId);
  assert.equal(planWholeHours(db, plan), null, "a click the cube has not counted");
  assert.equal(planByClicks(db, plan).clicks, 3);
  db.prepare("DELETE FROM clicks WHERE id = ?").run(late.id!);
  assert.ok(planWholeHours(db, plan));
  // Auto-clearing removed clicks of the second campaign before the period's end.
  db.prepare("INSERT INTO clicks_cleared (campaign_id, before_ts) VALUES (?, ?)")
    .run(ids[1], start + 1);
  assert.equal(planWholeHours(db, plan), null, "clicks cleared in the period");
  assert.ok(planWholeHours(db, input([ids[0]], start, 0, 24, {})), "another campaign's");
  // A clearing from before the table existed stands for every campaign.
  db.prepare("INSERT INTO clicks_cleared (campaign_id, before_ts) VALUES (0, ?)").run(start + 1);
  assert.equal(planWholeHours(db, input([ids[0]], start, 0, 24, {})), null);
  assert.ok(planWholeHours(db, input([ids[0]], start, 1, 24, {})), "after the clearing's cut");
});
