import assert from "node:assert/strict";
import fc from "fast-check";
import { testDatabase } from "../../tests/helpers/api.ts";
import { querySums, type SumsSpec } from "../reports/query.ts";
import { clickIdTime, newClickId } from "./click_id.ts";
import { type ClickRow, ClickStore, type ClickWrite } from "./click_store.ts";
import { enrichVisitor, type Visitor } from "./enrich/visitor.ts";

const HOUR = 3_600_000;
const START = Date.parse("2024-03-01T00:00:00Z");
const BASE = enrichVisitor({ ip: "8.8.8.8", userAgent: "Mozilla/5.0", now: START });

const clickArb = fc.record({
  // Two UTC days: the first is folded into the daily tier when the second starts.
  hour: fc.integer({ min: 0, max: 40 }),
  campaignId: fc.constantFrom(1, 2),
  trafficSourceId: fc.constantFrom(1, null),
  rule: fc.constantFrom(0, 1, null),
  landingId: fc.constantFrom(1, null),
  offerId: fc.constantFrom(1, 2, 3, null),
  country: fc.constantFrom("US", "DE", ""),
  isp: fc.constantFrom("Acme", ""),
  // The same user-agent text may come with other parsed facts: the stored ones count.
  userAgent: fc.constantFrom("ua-1", "ua-2", "ua-3"),
  deviceType: fc.constantFrom("mobile", "desktop"),
  os: fc.constantFrom("Android", "iOS"),
  isUnique: fc.boolean(),
  isBot: fc.boolean(),
  cost: fc.integer({ min: 0, max: 3_000_000 }),
  // Where the write goes: a new batch, or the same batch as the previous write.
  newBatch: fc.boolean(),
  lp: fc.option(fc.record({ offerId: fc.constantFrom(1, 2, 3), sameBatch: fc.boolean() })),
});

function row(c: ClickInput, seq: number, start: number): ClickRow {
  const id = newClickId(start + c.hour * HOUR + seq);
  const visitor: Visitor = {
    ...BASE,
    country: c.country,
    isp: c.isp,
    userAgent: c.userAgent,
    deviceType: c.deviceType,
    os: c.os,
  };
  return {
    id,
    ts: clickIdTime(id),
    campaignId: c.campaignId,
    trafficSourceId: c.trafficSourceId,
    rotationId: null,
    rule: c.rule,
    path: c.rule === null ? null : 0,
    landingId: c.landingId,
    offerId: c.offerId,
    externalId: null,
    cost: c.cost,
    costCurrency: "USD",
    adClickIds: null,
    visitor,
    isUnique: c.isUnique,
    isBot: c.isBot,
    botReason: c.isBot ? "test" : null,
  };
}

type ClickInput = typeof clickArb extends fc.Arbitrary<infer T> ? T : never;

const GROUPINGS = [
  [],
  ["day"],
  ["hour", "campaign"],
  ["offer", "landing", "rule"],
  ["country", "offer"],
  ["deviceType", "os", "browser"],
  ["trafficSource"],
];

function sorted(rows: ReturnType<typeof querySums>["rows"]) {
  return rows.map((r) => JSON.stringify([r.values, r.sums])).sort();
}

let epoch = START;
let daily = 0;

Deno.test("click writer: rollups summed in memory equal raw aggregation, lander clicks kept, after a crash too", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(clickArb, { minLength: 1, maxLength: 60 }),
      fc.boolean(),
      async (clicks, crash) => {
        // Each run after the last one's click ids (they never go back in time), on a UTC midnight.
        epoch += 10 * 24 * HOUR;
        const start = epoch;
        clicks.sort((a, b) => a.hour - b.hour);
        const db = testDatabase();
        for (const id of [1, 2]) {
          db.prepare(
            `INSERT INTO campaigns (id, name, created_at, updated_at, key, cost_model, cost_value,
            destination, uniqueness_hours, bot_policy, postback_url, status)
           VALUES (?, ?, 0, 0, ?, 'cpc', 0, '{}', 24, 'flag', '', 'active')`,
          ).run(id, `Campaign ${id}`, `key${id}`);
        }
        const store = new ClickStore(db);
        // Batches as the writer commits them: clicks and lander click-throughs mixed.
        const batch: Promise<void>[] = [];
        const later: ClickWrite[] = [];
        for (const [i, c] of clicks.entries()) {
          if (c.newBatch) await Promise.all(batch.splice(0));
          const r = row(c, i, start);
          batch.push(store.write({ kind: "click", row: r }));
          if (c.lp) {
            const lp: ClickWrite = { kind: "lp", id: r.id, ts: r.ts + 1000, offerId: c.lp.offerId };
            if (c.lp.sameBatch) batch.push(store.write(lp));
            else later.push(lp);
          }
        }
        await Promise.all(batch);
        await Promise.all(later.map((lp) => store.write(lp)));
        // A crash loses the sums held in memory: the next start adds them from the raw clicks.
        if (crash) new ClickStore(db);
        else store.flushRollups();
        const lpClicks = db.prepare(
          "SELECT count(*) AS n FROM clicks WHERE lp_click_ts IS NOT NULL",
        );
        assert.equal(
          lpClicks.get()!.n,
          clicks.filter((c) => c.lp).length,
          "every lander click-through",
        );
        for (const groupBy of GROUPINGS) {
          const spec: SumsSpec = {
            subject: { type: "campaign", ids: [1, 2] },
            groupBy,
            filters: [],
            start: start - HOUR,
            end: start + 50 * HOUR,
            tz: "UTC",
          };
          const rolled = querySums(db, spec);
          assert.match(rolled.source, /^rollup:/, groupBy.join(","));
          if (rolled.source.includes("_day")) daily++;
          const raw = querySums(db, { ...spec, forceRaw: true });
          assert.deepEqual(sorted(rolled.rows), sorted(raw.rows), groupBy.join(","));
        }
        db.close();
      },
    ),
    { numRuns: 60 },
  );
  assert.ok(daily > 0, "some runs read the daily tier");
});
