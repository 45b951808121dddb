import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { loadMigrations, migrate } from "../db/migrate.ts";
import { newClickId } from "../tracking/click_id.ts";
import { ClickRollups } from "../tracking/click_rollup.ts";
import { querySums, type SumsSpec } from "./query.ts";
import { CUBES_130, DAILY_130 } from "./rollup_schema.ts";

const HOUR = 3_600_000;

/** A database migrated up to (not including) `version`, as an older Rotor left it. */
function migratedBefore(version: number): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,
    applied_at INTEGER NOT NULL) STRICT`);
  for (const m of loadMigrations().filter((m) => m.version < version)) {
    db.exec(m.sql);
    db.prepare("INSERT INTO schema_migrations VALUES (?, ?, 0)").run(m.version, m.name);
  }
  return db;
}

Deno.test("migration 130 fills the long-tail cubes from stored clicks and conversions", () => {
  const db = migratedBefore(130);
  db.exec(`INSERT INTO campaigns (id, name, created_at, updated_at, key, cost_model, cost_value,
    destination, uniqueness_hours, bot_policy, postback_url, status)
    VALUES (1, 'C', 0, 0, 'k1', 'cpc', 0, '{}', 24, 'flag', '', 'active')`);
  const start = Date.parse("2024-05-01T00:00:00Z");
  const place = db.prepare(
    "INSERT INTO places (country, region, city, isp) VALUES (?, ?, ?, ?) RETURNING id",
  );
  const places = [["US", "CA", "LA", "Comcast"], ["DE", "BE", "Berlin", "Telekom"]].map((p) =>
    Number(place.get(...p)!.id)
  );
  const agent = db.prepare(
    `INSERT INTO user_agents (text, device_type, brand, model, os, os_version, browser,
      browser_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const agents = [
    ["a", "mobile", "Apple", "iPhone", "iOS", "17.4", "Safari", "17.4"],
    ["b", "desktop", "", "", "Windows", "10", "Chrome", "124.0"],
  ].map((a) => Number(agent.get(...a)!.id));
  const click = db.prepare(
    `INSERT INTO clicks (id, ts, campaign_id, traffic_source_id, cost, place_id, ua_id, is_unique,
      connection, cost_currency) VALUES (?, ?, 1, 1, ?, ?, ?, 1, ?, ?)`,
  );
  const ids: string[] = [];
  for (let i = 0; i < 40; i++) {
    const ts = start + i * 2 * HOUR;
    const id = newClickId(ts);
    ids.push(id);
    click.run(
      id,
      ts,
      1000 * i,
      places[i % 2],
      agents[(i >> 1) % 2],
      i % 3 ? "cellular" : null,
      i % 4 ? "USD" : "EUR",
    );
  }
  // A conversion (kept by the triggers already) and a click after the watermark (a crash).
  db.prepare(
    `INSERT INTO conversions (click_id, ts, status, payout, txid, currency)
     VALUES (?, ?, 'sale', 5000000, 't', 'GBP')`,
  ).run(ids[3], start + 10 * HOUR);
  db.prepare("UPDATE rollup_watermark SET click_id = ?").run(ids[30]);
  db.prepare("UPDATE rollup_sealed SET hour = ?").run(start / HOUR + 48);
  assert.ok(migrate(db).includes(130));
  new ClickRollups(db).recover();
  for (const cube of [...CUBES_130, ...DAILY_130]) {
    const n = Number(db.prepare(`SELECT count(*) AS n FROM ${cube.table}`).get()!.n);
    assert.ok(n > 0, cube.table);
  }
  const groupings = [
    ["region"],
    ["country", "region", "city"],
    ["isp", "connection"],
    ["brand", "model", "day"],
    ["os", "osVersion"],
    ["browser", "browserVersion"],
  ];
  for (const groupBy of groupings) {
    const spec: SumsSpec = {
      subject: { type: "campaign", ids: [1] },
      groupBy,
      filters: [],
      start: start - 24 * HOUR,
      end: start + 96 * HOUR,
      tz: "UTC",
    };
    const rolled = querySums(db, spec);
    assert.match(rolled.source, /^rollup:rollup_\w+_day\+rollup_/, groupBy.join());
    const raw = querySums(db, { ...spec, forceRaw: true });
    const sorted = (rows: typeof raw.rows) => rows.map((r) => JSON.stringify(r)).sort();
    assert.deepEqual(sorted(rolled.rows), sorted(raw.rows), groupBy.join());
  }
  db.close();
});
