import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { ReportQuery } from "../../contracts/report_query.ts";
import { loadMigrations, migrate } from "../db/migrate.ts";
import { newClickId } from "../tracking/click_id.ts";
import { trackingApp } from "../tracking/testing.ts";
import { querySums, type SumsSpec } from "./query.ts";
import { runReport } from "./service.ts";
import { insertTestClick, insertTestConversion } from "./testing.ts";

const T = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;

/**
 * Six days of traffic (8–13 May 2024 UTC), one click every 37 minutes, then
 * changes that reach sealed hours: conversions, status changes, lander
 * click-throughs that move clicks to another offer, and late clicks written
 * after their hour was folded into the daily tier (a clock set back; their
 * ids keep the later time, so they stay well inside the reports' ranges).
 */
async function sixDays() {
  const setup = await trackingApp();
  const db = setup.app.deps.db;
  const [offer1, offer2] = setup.offerIds;
  const countries = ["US", "DE", "FR", ""];
  const offers = [offer1, offer2, null];
  const ids: string[] = [];
  const first = T("2024-05-08T00:00:00Z"), last = T("2024-05-14T00:00:00Z");
  const lateAfter = [T("2024-05-10T12:00:00Z"), T("2024-05-11T08:00:00Z")];
  for (let t = first, i = 0; t < last; t += 37 * MINUTE, i++) {
    if (lateAfter.length && t >= lateAfter[0]) {
      lateAfter.shift();
      const ts = t - 5 * 60 * MINUTE;
      insertTestClick(db, { campaignId: setup.campaignId, ts, offerId: offer1, country: "US" });
    }
    ids.push(insertTestClick(db, {
      campaignId: setup.campaignId,
      trafficSourceId: setup.sourceId,
      ts: t,
      offerId: offers[i % 3],
      country: countries[i % 4],
      cost: (i % 5) / 100,
      isUnique: i % 3 !== 0,
    }));
    if (i % 5 === 0) {
      insertTestConversion(db, {
        clickId: ids[i],
        ts: t + 3 * 60 * MINUTE,
        status: ["lead", "sale", "hold", "rejected"][i % 4],
        payout: 1 + (i % 7),
      });
    }
  }
  const sealed = Number(db.prepare("SELECT hour FROM rollup_sealed").get()!.hour);
  assert.ok(sealed >= T("2024-05-13T00:00:00Z") / 3_600_000, "the first five days are sealed");
  // Changes to sealed hours reach the daily tier through its triggers.
  ids.forEach((id, i) => {
    if (i % 7 === 0) {
      db.prepare("UPDATE clicks SET lp_click_ts = ts + 5000, offer_id = ? WHERE id = ?")
        .run(offer2, id);
    }
  });
  db.prepare("UPDATE conversions SET status = 'sale', payout = 9000000 WHERE id % 3 = 0").run();
  return { setup, db };
}

function rowsOf(answer: ReturnType<typeof runReport>) {
  return answer.rows.map((r) => JSON.stringify([r.values, r.metrics])).sort();
}

Deno.test("report: ranges that start and end mid-UTC-day read whole days from the daily tier and equal raw rows", async (t) => {
  const { setup, db } = await sixDays();
  const cases = [
    { name: "country × offer in UTC+2", tz: "Europe/Berlin", groupBy: "country,offer" },
    { name: "country × offer in UTC−5", tz: "America/Bogota", groupBy: "country,offer" },
    { name: "by day in UTC", tz: "UTC", groupBy: "day" },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const query = ReportQuery.parse({
        subjectType: "campaign",
        subjectIds: String(setup.campaignId),
        groupBy: c.groupBy,
        from: "2024-05-09",
        to: "2024-05-12",
        tz: c.tz,
      });
      const rolled = runReport(db, query, { hideProfit: false });
      const raw = runReport(db, query, { hideProfit: false, forceRaw: true });
      assert.equal(raw.source, "raw");
      assert.equal(
        rolled.source,
        c.tz === "UTC" ? "rollup:rollup_time_day" : "rollup:rollup_geo_day+rollup_geo",
      );
      assert.ok(rolled.rows.length >= 4, "several groups");
      assert.ok(rolled.totals.clicks > 150);
      assert.deepEqual(rowsOf(rolled), rowsOf(raw));
      assert.deepEqual(rolled.totals, raw.totals);
    });
  }
});

Deno.test("rollups: migrations 030 and 072 fill the daily tier and the revenue split from an existing database's rows", () => {
  const db = new DatabaseSync(":memory:");
  const early = loadMigrations().filter((m) => m.version <= 20);
  for (const m of early) db.exec(m.sql);
  db.exec(
    `INSERT INTO campaigns (id, name, created_at, updated_at, key, cost_model, cost_value,
      currency, destination, hide_referrer, uniqueness_hours, bot_policy, postback_url, status)
     VALUES (1, 'C', 0, 0, 'k1', 'cpc', 0, 'USD', '{}', 0, 24, 'flag', '', 'active')`,
  );
  // Before 021 the insert trigger kept the hourly cubes.
  const click = db.prepare(
    `INSERT INTO clicks (id, ts, campaign_id, offer_id, cost, is_unique) VALUES (?, ?, 1, ?, ?, 1)`,
  );
  const start = T("2024-05-08T00:00:00Z");
  const conversion = db.prepare(
    "INSERT INTO conversions (click_id, ts, status, payout) VALUES (?, ?, ?, ?)",
  );
  for (let i = 0; i < 200; i++) {
    const ts = start + i * 41 * MINUTE;
    const id = newClickId(ts);
    click.run(id, ts, 1 + (i % 2), i * 1000);
    // Before 072 the conversion triggers summed no approved or pending revenue: 072 adds them.
    const status = ["lead", "sale", "hold", "rejected"][i % 4];
    if (i % 3 === 0) conversion.run(id, ts + 90 * MINUTE, status, (1 + (i % 7)) * 1_000_000);
  }
  const sums = (spec: SumsSpec) => querySums(db, spec).rows.map((r) => JSON.stringify(r)).sort();
  db.exec(
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT, applied_at INTEGER)",
  );
  for (const m of early) {
    db.prepare("INSERT INTO schema_migrations VALUES (?, ?, 0)").run(m.version, m.name);
  }
  migrate(db);
  const spec: SumsSpec = {
    subject: { type: "campaign", ids: [1] },
    groupBy: ["day", "offer"],
    filters: [],
    start: T("2024-05-08T00:00:00Z"),
    end: T("2024-05-14T00:00:00Z"),
    tz: "UTC",
  };
  const answer = querySums(db, spec);
  // Every hour with rows is sealed: 8–12 May from the daily tier, the last day's hours hourly.
  assert.equal(answer.source, "rollup:rollup_flow_day+rollup_flow");
  const days = db.prepare("SELECT DISTINCT day FROM rollup_time_day ORDER BY day").all();
  assert.deepEqual(days.map((r) => Number(r.day)), [19851, 19852, 19853, 19854, 19855, 19856]);
  assert.deepEqual(sums(spec), sums({ ...spec, forceRaw: true }));
  const [{ sums: total }] = querySums(db, { ...spec, groupBy: [] }).rows;
  assert.ok(total.approved_revenue > 0 && total.pending_revenue > 0);
  assert.equal(total.revenue, total.approved_revenue + total.pending_revenue);
});
