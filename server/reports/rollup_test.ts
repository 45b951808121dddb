import assert from "node:assert/strict";
import fc from "fast-check";
import type { Db } from "../db/connection.ts";
import { TEST_STORE, testDatabase } from "../../tests/helpers/api.ts";
import { querySums, type SumsSpec } from "./query.ts";
import { CUBES } from "./rollup_schema.ts";
import { GENERATED } from "./rollup_sql.ts";
import { insertTestCampaigns, insertTestClick, insertTestConversion } from "./testing.ts";

const HOUR = 3_600_000;
const START = Date.parse("2024-03-01T00:00:00Z");

const clickArb = fc.record({
  hour: fc.integer({ min: 0, max: 72 }),
  minute: fc.integer({ min: 0, max: 59 }),
  campaignId: fc.constantFrom(1, 2, null),
  offerId: fc.constantFrom(1, 2, 3, null),
  landingId: fc.constantFrom(1, null),
  rule: fc.constantFrom(0, 1, null),
  country: fc.constantFrom("US", "DE", ""),
  region: fc.constantFrom("CA", "BY", ""),
  city: fc.constantFrom("Berlin", "Munich", ""),
  isp: fc.constantFrom("Telekom", "Comcast", ""),
  connection: fc.constantFrom("cellular", "broadband", ""),
  deviceType: fc.constantFrom("mobile", "desktop"),
  brand: fc.constantFrom("Apple", "Samsung", ""),
  model: fc.constantFrom("iPhone", "SM-G991B", ""),
  os: fc.constantFrom("Android", "iOS", "Windows"),
  osVersion: fc.constantFrom("14", "17.4", ""),
  browser: fc.constantFrom("Chrome", "Safari"),
  browserVersion: fc.constantFrom("124.0", "17.4", ""),
  isBot: fc.boolean(),
  isUnique: fc.boolean(),
  lp: fc.boolean(),
  cost: fc.integer({ min: 0, max: 3000 }).map((n) => n / 1000),
  costCurrency: fc.constantFrom("USD", "EUR", "GBP"),
});

/** Rates whose factors are powers of two, so converted sums are exact in any order. */
function withRates(db: Db, day: string) {
  for (const [currency, perEur] of [["USD", 2], ["GBP", 0.5]] as const) {
    db.prepare(
      `INSERT INTO currency_rates (currency, day, per_eur, source, updated_at)
       VALUES (?, ?, ?, 'manual', 0)`,
    ).run(currency, day, perEur);
  }
}

const eventArb = fc.oneof(
  fc.record({
    kind: fc.constant("conversion" as const),
    click: fc.nat(),
    afterHours: fc.integer({ min: 0, max: 30 }),
    status: fc.constantFrom("lead", "sale", "rejected", "hold"),
    payout: fc.integer({ min: 0, max: 50_000 }).map((n) => n / 100),
    currency: fc.constantFrom("USD", "EUR", "GBP"),
  }),
  fc.record({
    kind: fc.constant("lp" as const),
    click: fc.nat(),
    offerId: fc.constantFrom(1, 2, 3),
  }),
  fc.record({
    kind: fc.constant("cost" as const),
    click: fc.nat(),
    cost: fc.integer({ min: 0, max: 9000 }),
    currency: fc.constantFrom("USD", "EUR"),
  }),
  fc.record({ kind: fc.constant("replace" as const), click: fc.nat() }),
  fc.record({
    kind: fc.constant("status" as const),
    click: fc.nat(),
    status: fc.constantFrom("lead", "sale", "rejected", "hold"),
  }),
);

const GROUPINGS: string[][] = [
  [],
  ["day"],
  ["hour", "campaign"],
  ["offer", "landing", "rule"],
  ["country", "offer"],
  ["deviceType", "os"],
  ["trafficSource", "rotation"],
  // The long-tail levels (migration 130): each level, and with the coarser ones of its cube.
  ["region"],
  ["country", "region", "city"],
  ["city", "day"],
  ["isp", "connection"],
  ["connection"],
  ["brand", "model"],
  ["os", "osVersion"],
  ["browser", "browserVersion", "hour"],
];

function sorted(rows: ReturnType<typeof querySums>["rows"]) {
  return rows.map((r) => JSON.stringify([r.values, r.sums])).sort();
}

let epoch = START;

Deno.test("rollups: equal raw aggregation after random traffic, and survive retention", () => {
  fc.assert(
    fc.property(
      fc.array(clickArb, { minLength: 1, maxLength: 40 }),
      fc.array(eventArb, { maxLength: 40 }),
      fc.constantFrom("UTC", "Europe/Berlin", "America/New_York", "Etc/GMT-2", "Etc/GMT+5"),
      // A range that may start and end mid-UTC-day: whole days come from the daily tier.
      fc.record({
        from: fc.integer({ min: -30, max: 60 }),
        hours: fc.integer({ min: 1, max: 140 }),
      }),
      // Clicks written in time order, or not: a click in an hour already folded into the
      // daily tier goes to both tiers. Click ids never go back in time, so a click written
      // late carries a later id time, and raw rows (read by id range) place it right only
      // when the range holds its whole day: the mid-day range is checked on ordered runs.
      fc.boolean(),
      (clicks, events, tz, cut, ordered) => {
        // Each run starts after the last one's ids, so ordered clicks' ids carry their times.
        epoch += 10 * 24 * HOUR;
        const START = epoch;
        const db = testDatabase();
        insertTestCampaigns(db, [1, 2]);
        withRates(db, "2020-01-01");
        const at = (c: { hour: number; minute: number }) => c.hour * 60 + c.minute;
        if (ordered) clicks.sort((a, b) => at(a) - at(b));
        const ids = clicks.map((c) =>
          insertTestClick(db, {
            ...c,
            trafficSourceId: c.campaignId,
            ts: START + c.hour * HOUR + c.minute * 60_000,
            lpClickTs: c.lp ? START + c.hour * HOUR : null,
          })
        );
        let txid = 0;
        for (const e of events) {
          const id = ids[e.click % ids.length];
          if (e.kind === "conversion") {
            const ts = START + (clicks[e.click % ids.length].hour + e.afterHours) * HOUR;
            insertTestConversion(db, {
              clickId: id,
              ts,
              status: e.status,
              payout: e.payout,
              currency: e.currency,
              txid: `t${txid++}`,
            });
          } else if (e.kind === "lp") {
            db.prepare(
              "UPDATE clicks SET lp_click_ts = coalesce(lp_click_ts, ?), offer_id = ? WHERE id = ?",
            )
              .run(START, e.offerId, id);
          } else if (e.kind === "cost") {
            db.prepare("UPDATE clicks SET cost = ?, cost_currency = ? WHERE id = ?")
              .run(e.cost, e.currency, id);
          } else if (e.kind === "replace") {
            db.prepare("UPDATE conversions SET current = 0 WHERE click_id = ? AND current = 1").run(
              id,
            );
          } else {
            try {
              db.prepare(
                "UPDATE conversions SET status = ? WHERE id = (SELECT max(id) FROM conversions WHERE click_id = ?)",
              )
                .run(e.status, id);
            } catch { /* the same txid and status exists: nothing changed */ }
          }
        }
        const range = { start: START - 24 * HOUR, end: START + 120 * HOUR };
        // Every other grouping converts its money to one currency (decision 163).
        const specs: SumsSpec[] = GROUPINGS.map((groupBy, i) => ({
          subject: { type: "campaign", ids: [1, 2] },
          groupBy,
          filters: [],
          ...range,
          tz,
          currency: i % 2 === 0 ? "USD" : undefined,
        }));
        specs.push({ ...specs[4], subject: { type: "offer", ids: [1, 3] } });
        specs.push({ ...specs[9], subject: { type: "traffic-source", ids: [1] } });
        const mid = { start: START + cut.from * HOUR, end: START + (cut.from + cut.hours) * HOUR };
        if (ordered) { for (const spec of specs.slice()) specs.push({ ...spec, ...mid }); }
        const before = specs.map((spec) => {
          const rolled = querySums(db, spec);
          assert.match(rolled.source, /^rollup:/, spec.groupBy.join(","));
          const raw = querySums(db, { ...spec, forceRaw: true });
          assert.deepEqual(
            sorted(rolled.rows),
            sorted(raw.rows),
            `${spec.groupBy.join(",")} in ${tz}`,
          );
          return sorted(rolled.rows);
        });
        // Retention deletes unconverted raw clicks; the rollups keep their sums.
        db.exec("DELETE FROM clicks WHERE id NOT IN (SELECT click_id FROM conversions)");
        specs.forEach((spec, i) => assert.deepEqual(sorted(querySums(db, spec).rows), before[i]));
        db.close();
      },
    ),
    // On PostgreSQL the runs check the dialect and the plpgsql triggers: fewer serve (each run
    // is a database; the rollups' logic is the same one SQLite's 60 runs check).
    { numRuns: TEST_STORE === "postgres" ? 20 : 60 },
  );
});

Deno.test("rollups: the migration files are what rollup_sql.ts generates", async (t) => {
  for (const [name, sql] of Object.entries(GENERATED)) {
    await t.step(name, async () => {
      const file = await Deno.readTextFile(new URL(`../db/migrations/${name}`, import.meta.url));
      assert.equal(file, sql());
    });
  }
});

Deno.test("rollups: a rebuild from raw rows gives the rows the triggers kept", async () => {
  const { rebuildRollups } = await import("./rollup_rebuild.ts");
  // After any earlier test's click ids (they never go back in time), on a UTC midnight.
  epoch += 10 * 24 * HOUR;
  const START = epoch;
  const db = testDatabase();
  insertTestCampaigns(db, [1]);
  const ids = [0, 1, 2, 30].map((h) =>
    insertTestClick(db, {
      ts: START + h * HOUR,
      campaignId: 1,
      offerId: 1 + (h % 2),
      country: h ? "US" : "",
    })
  );
  insertTestConversion(db, { clickId: ids[1], ts: START + 5 * HOUR, status: "sale", payout: 3 });
  db.prepare("UPDATE clicks SET lp_click_ts = 1, offer_id = 2 WHERE id = ?").run(ids[0]);
  const dump = () =>
    CUBES.map((c) =>
      db.prepare(
        `SELECT * FROM ${c.table} WHERE clicks != 0 OR leads + sales + rejected + hold != 0
         ORDER BY ${c.keys.map((_, i) => i + 1).join(", ")}`,
      ).all()
    );
  const kept = JSON.stringify(dump());
  assert.ok(dump()[CUBES.findIndex((c) => c.table === "rollup_time_day")].length > 0);
  rebuildRollups(db);
  assert.equal(JSON.stringify(dump()), kept);
  // Sealing more hours moves their sums to the daily tier; reports stay equal to raw rows.
  rebuildRollups(db, { sealedHour: START / HOUR + 48 });
  const spec: SumsSpec = {
    subject: { type: "campaign", ids: [1] },
    groupBy: ["day", "country"],
    filters: [],
    start: START,
    end: START + 72 * HOUR,
    tz: "UTC",
  };
  assert.equal(querySums(db, spec).source, "rollup:rollup_geo_day+rollup_geo");
  assert.deepEqual(
    sorted(querySums(db, spec).rows),
    sorted(querySums(db, { ...spec, forceRaw: true }).rows),
  );
});
