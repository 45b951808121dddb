import assert from "node:assert/strict";
import { testDatabase } from "../../tests/helpers/api.ts";
import { openDatabase } from "../db/connection.ts";
import type { Db } from "../db/connection.ts";
import { writeClickCosts } from "../costs/bulk_cost.ts";
import { loadMigrations, migrate } from "../db/migrate.ts";
import { ALL_CAMPAIGNS_150 } from "./rollup_schema.ts";
import { querySums, type SumsSpec } from "./query.ts";
import { insertTestCampaigns, insertTestClick, insertTestConversion } from "./testing.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.parse("2024-06-03T00:00:00Z");

function withCampaigns(db: Db, ids: number[]) {
  insertTestCampaigns(db, ids);
  for (const [currency, perEur] of [["USD", 2], ["GBP", 0.5]] as const) {
    db.prepare(
      `INSERT INTO currency_rates (currency, day, per_eur, source, updated_at)
       VALUES (?, '2020-01-01', ?, 'manual', 0)`,
    ).run(currency, perEur);
  }
}

const CITIES = [["US", "CA", "LA"], ["US", "NY", "NYC"], ["DE", "BE", "Berlin"], ["", "", ""]];

/**
 * Four days of clicks of campaigns 1 and 2 (sources 1 and 2) in three
 * currencies, with conversions, lander click-throughs and cost changes after
 * their hours were folded into the daily tier, and one click on day 4.
 */
function traffic(db: Db): string[] {
  const ids: string[] = [];
  for (let i = 0; i < 72; i++) {
    const [country, region, city] = CITIES[i % 4];
    ids.push(insertTestClick(db, {
      ts: START + i * HOUR + (i % 7) * 60_000,
      campaignId: 1 + (i % 2),
      trafficSourceId: 1 + (i % 2),
      country,
      region,
      city,
      isp: i % 3 ? "Comcast" : "Telekom",
      connection: i % 3 ? "broadband" : "cellular",
      brand: i % 5 ? "Apple" : "Samsung",
      model: i % 5 ? "iPhone" : "SM-G991B",
      cost: (i % 4) / 100,
      costCurrency: ["USD", "EUR", "GBP"][i % 3],
      isUnique: i % 2 === 0,
      isBot: i % 11 === 0,
    }));
  }
  ids.push(insertTestClick(db, { ts: START + 3 * DAY + HOUR, campaignId: 1, city: "LA" }));
  for (let i = 0; i < 72; i += 5) {
    insertTestConversion(db, {
      clickId: ids[i],
      ts: START + (i + 2) * HOUR,
      status: ["lead", "sale", "hold"][i % 3],
      payout: 1.25 * (i % 4),
      currency: ["GBP", "USD", "EUR"][i % 3],
      txid: `t${i}`,
    });
  }
  // Changes to sealed hours go through the daily triggers and the bulk cost writer.
  db.prepare("UPDATE clicks SET lp_click_ts = ? WHERE id = ?").run(START + 5 * HOUR, ids[4]);
  db.prepare("UPDATE clicks SET cost = 7000, cost_currency = 'GBP' WHERE id = ?").run(ids[9]);
  db.prepare("UPDATE conversions SET status = 'sale' WHERE click_id = ?").run(ids[10]);
  db.exec("BEGIN");
  writeClickCosts(db, [
    { id: ids[12], cost: 900, currency: "EUR", before: 0, beforeCurrency: "USD" },
    { id: ids[13], cost: 1200, currency: "USD", before: 10_000, beforeCurrency: "EUR" },
  ]);
  db.exec("COMMIT");
  return ids;
}

function sorted(rows: ReturnType<typeof querySums>["rows"]) {
  return rows.map((r) => JSON.stringify([r.values, r.sums])).sort();
}

const LEVELS = [["city"], ["country", "region", "city"], ["region"], ["isp", "connection"], [
  "connection",
], ["brand", "model"]];

function spec(groupBy: string[], subject: SumsSpec["subject"], tz = "UTC"): SumsSpec {
  return {
    subject,
    groupBy,
    filters: [],
    start: START - DAY,
    end: START + 5 * DAY,
    tz,
    currency: "USD",
  };
}

function assertRaw(db: Db, s: SumsSpec, source: RegExp) {
  const rolled = querySums(db, s);
  assert.match(rolled.source, source, `${s.groupBy.join(",")}: ${rolled.source}`);
  const raw = querySums(db, { ...s, forceRaw: true });
  assert.deepEqual(sorted(rolled.rows), sorted(raw.rows), s.groupBy.join(","));
  assert.deepEqual(rolled.rates, raw.rates);
}

Deno.test("rollups across campaigns answer the days when the subject holds every campaign with rows, and equal raw rows", () => {
  const db = testDatabase();
  withCampaigns(db, [1, 2, 3]);
  traffic(db);
  const all = { type: "campaign" as const, ids: [1, 2, 3] };
  for (const groupBy of LEVELS) {
    assertRaw(db, spec(groupBy, all), /_all_day/);
    // A whole-hour zone reads the same daily rows and hourly edges.
    assertRaw(db, spec(groupBy, { type: "campaign", ids: [1, 2] }, "Etc/GMT-2"), /^rollup:/);
    // A source (every campaign stored), and a filter on a level.
    assertRaw(db, spec(groupBy, { type: "traffic-source", ids: [2] }), /_all_day/);
    const value = {
      city: "LA",
      country: "US",
      region: "CA",
      isp: "Comcast",
      connection: "broadband",
      brand: "Apple",
    }[groupBy[0]]!;
    assertRaw(db, {
      ...spec(groupBy, all),
      filters: [{ dim: groupBy[0], op: "is", values: [value] }],
    }, /_all_day/);
  }
  // Campaign 2 has rows in those days: one campaign reads its own rows.
  assertRaw(db, spec(["city"], { type: "campaign", ids: [1] }), /rollup_city_day/);
  assert.doesNotMatch(querySums(db, spec(["city"], { type: "campaign", ids: [1] })).source, /_all/);
  // A grouping by campaign needs the campaign key.
  assertRaw(db, spec(["campaign", "city"], all), /rollup_city_day/);
  // Days outside every row: any subject is covered.
  const later = {
    ...spec(["city"], { type: "campaign", ids: [1] }),
    start: START + 10 * DAY,
    end: START + 12 * DAY,
  };
  assert.deepEqual(querySums(db, later).rows, []);
  db.close();
});

Deno.test("rollups across campaigns: a campaign outside the subject, or no longer stored, sends the days to the per-campaign rows", () => {
  const db = testDatabase();
  withCampaigns(db, [1, 2]);
  const ids = traffic(db);
  // A click without a campaign (0) and one of a campaign no longer stored (9), on day 2.
  insertTestClick(db, { ts: START + DAY + 30 * 60_000, city: "LA", cost: 0.5 });
  insertTestClick(db, { ts: START + DAY + 40 * 60_000, campaignId: 9, city: "LA", cost: 0.25 });
  insertTestConversion(db, { clickId: ids[20], ts: START + 4 * DAY, status: "sale", payout: 3 });
  for (const groupBy of LEVELS) {
    assertRaw(db, spec(groupBy, { type: "campaign", ids: [1, 2] }), /rollup_[a-z]+_day\+/);
    assertRaw(db, spec(groupBy, { type: "campaign", ids: [1, 2, 9] }), /rollup_[a-z]+_day\+/);
    assertRaw(db, spec(groupBy, { type: "traffic-source", ids: [1, 2] }), /rollup_[a-z]+_day\+/);
  }
  // Campaign 9 is outside a source's campaigns only while it is not stored.
  db.prepare(
    `INSERT INTO campaigns (id, name, created_at, updated_at, key, cost_model, cost_value,
      destination, uniqueness_hours, bot_policy, postback_url, status)
     VALUES (9, 'C9', 0, 0, 'key9', 'cpc', 0, '{}', 24, 'flag', '', 'active')`,
  ).run();
  assertRaw(db, spec(["city"], { type: "traffic-source", ids: [1, 2] }), /_all_day/);
  // The click of no campaign moved to campaign 9: its rows left behind sum to zero and do not
  // count, so campaigns 1, 2 and 9 are all there is.
  db.exec("UPDATE clicks SET campaign_id = 9 WHERE campaign_id IS NULL");
  assertRaw(db, spec(["city"], { type: "campaign", ids: [1, 2, 9] }), /_all_day/);
  db.close();
});

Deno.test("migration 150 fills the rollups across campaigns with what the fold and the triggers keep", () => {
  // SQLite's migration 150 itself: SQLite only.
  const db = openDatabase(":memory:");
  withCampaigns(db, [1, 2]);
  traffic(db);
  const dump = () =>
    ALL_CAMPAIGNS_150.map((c) =>
      db.prepare(`SELECT * FROM ${c.table} ORDER BY ${c.keys.map((_, i) => i + 1).join(", ")}`)
        .all()
    );
  const kept = dump();
  assert.ok(kept.every((rows) => rows.length > 0));
  // As a database before 150: no tables across campaigns, the triggers of 130.
  for (const c of ALL_CAMPAIGNS_150) db.exec(`DROP TABLE ${c.table}`);
  for (const t of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all()) {
    db.exec(`DROP TRIGGER ${t.name}`);
  }
  const before = loadMigrations().find((m) => m.version === 130)!.sql;
  db.exec(before.slice(before.indexOf("CREATE TRIGGER")));
  db.exec("DELETE FROM schema_migrations WHERE version = 150");
  assert.deepEqual(migrate(db), [150]);
  // Rows whose sums cancel across campaigns are left out by the fill, as by the fold.
  const nonZero = (rows: Record<string, unknown>[]) =>
    rows.filter((r) =>
      Object.entries(r).some(([k, v]) =>
        /clicks|bots|cost|leads|sales|rejected|hold|revenue/.test(k) && v !== 0
      )
    );
  assert.deepEqual(dump().map(nonZero), kept.map(nonZero));
  assertRaw(db, spec(["city"], { type: "campaign", ids: [1, 2] }), /_all_day/);
  db.close();
});
