import assert from "node:assert/strict";
import { testApp } from "../../tests/helpers/api.ts";
import type { Db } from "../db/connection.ts";
import { clickIdPrefix } from "../tracking/click_id.ts";
import {
  CLEAR_BATCH_SIZE,
  clearClicks,
  lastClearRun,
  parseAge,
  runClearing,
} from "./auto_clearing.ts";
import { settingsAdmin, settingsUser } from "./testing.ts";
import { SETTINGS_ROUTES as SECTIONS } from "../../contracts/api/settings.ts";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";
import { buildCampaign } from "../../fixtures/builders.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);

let serial = 0;

/** A click id made at `ts` (ids start with their time; `newClickId` never goes back in time). */
function idAt(ts: number): string {
  return clickIdPrefix(ts) + String(serial++).padStart(16, "0");
}

/** Inserts a click `days` old for `campaign`; returns its id. */
function click(db: Db, campaign: number | null, days: number): string {
  const ts = NOW - days * DAY;
  const id = idAt(ts);
  db.prepare("INSERT INTO clicks (id, ts, campaign_id) VALUES (?, ?, ?)").run(id, ts, campaign);
  return id;
}

function convert(db: Db, clickId: string): void {
  db.prepare("INSERT INTO conversions (click_id, ts, status) VALUES (?, ?, 'sale')")
    .run(clickId, NOW);
}

function left(db: Db): Set<string> {
  return new Set(db.prepare("SELECT id FROM clicks").all().map((r) => String(r.id)));
}

Deno.test("auto-clearing: removes only old, unconverted clicks outside the exceptions", async () => {
  const { deps: { db } } = testApp();
  const a10 = click(db, 1, 10);
  const a40 = click(db, 1, 40);
  const a100 = click(db, 1, 100);
  const a100converted = click(db, 1, 100);
  convert(db, a100converted);
  const none100 = click(db, null, 100);
  const b40 = click(db, 2, 40);
  const b100 = click(db, 2, 100);
  const c400 = click(db, 3, 400);
  const plan = {
    keepDays: 30,
    exceptions: [{ campaignId: 2, keepDays: 60 }, { campaignId: 3, keepDays: null }],
  };
  // Batches of 2 make the cursor walk past the kept (converted) click.
  const result = await clearClicks(db, plan, { now: NOW, batchSize: 2 });
  assert.equal(result.deleted, 4);
  assert.ok(result.batches >= 2);
  assert.deepEqual(left(db), new Set([a10, a100converted, b40, c400]));
  for (const gone of [a40, a100, none100, b100]) assert.ok(!left(db).has(gone));
  // Each campaign's newest deleted click is marked: a cost update before it reads the clicks.
  const cleared = db.prepare("SELECT campaign_id, before_ts FROM clicks_cleared ORDER BY 1").all()
    .map((r) => [Number(r.campaign_id), Number(r.before_ts)]);
  assert.deepEqual(cleared, [[1, NOW - 40 * DAY + 1], [2, NOW - 100 * DAY + 1]]);
  const again = await clearClicks(db, plan, { now: NOW });
  assert.equal(again.deleted, 0, "a second run finds nothing");
});

Deno.test("auto-clearing: a run is recorded and shown; only admins start one", async (t) => {
  const { app, api } = await settingsAdmin();
  const db = app.deps.db;
  await t.step("no run yet", async () => {
    assert.deepEqual(await api.call(TOOLS.clearingLastRun, {}), { lastRun: null });
  });
  await t.step("a manual run uses the stored settings and is kept as the last run", async () => {
    const campaign = await api.post("/api/campaigns", buildCampaign());
    const id = Number(campaign.body.id);
    const now = Date.now();
    const old = idAt(now - 40 * DAY);
    const kept = idAt(now - 40 * DAY);
    db.prepare("INSERT INTO clicks (id, ts, campaign_id) VALUES (?, ?, NULL), (?, ?, ?)")
      .run(old, now - 40 * DAY, kept, now - 40 * DAY, id);
    await api.call(SECTIONS["auto-clearing"].put, {
      body: { enabled: true, keepDays: 30, exceptions: [{ campaignId: id, keepDays: null }] },
    });
    const { lastRun } = await api.call(TOOLS.clearingRun, {});
    assert.equal(lastRun?.deleted, 1);
    assert.equal(lastRun?.trigger, "manual");
    assert.deepEqual(left(db), new Set([kept]));
    assert.equal(lastClearRun(db)?.deleted, 1);
  });
  await t.step("a plain user cannot start a run", async () => {
    const user = await settingsUser(app, { username: "maria", role: "user" });
    const refused = await user.attempt(TOOLS.clearingRun, {});
    assert.equal(refused.status, 403);
    assert.match(JSON.stringify(refused.body), /Only admins may do this/);
  });
});

Deno.test("auto-clearing: a large clearing holds the database only briefly per batch", async () => {
  const { deps: { db } } = testApp();
  // 500 rows a statement (on PostgreSQL every statement is a round trip).
  const insert = db.prepare(
    `INSERT INTO clicks (id, ts, campaign_id) VALUES ${Array(500).fill("(?, ?, 1)").join(", ")}`,
  );
  // A busy machine can stall any one run (a batch is a few ms here): a run is repeated on
  // fresh clicks, up to three times, before a long batch counts as the clearing's.
  const longest: number[] = [];
  for (let attempt = 0; attempt < 3 && !(longest.at(-1)! < 250); attempt++) {
    db.exec("BEGIN");
    for (let i = 0; i < 20_000; i += 500) {
      const ts = Array.from({ length: 500 }, (_, j) => NOW - 90 * DAY + i + j);
      insert.run(...ts.flatMap((t) => [idAt(t), t]));
    }
    db.exec("COMMIT");
    const run = await runClearing(db, {
      trigger: "cli",
      plan: { keepDays: 30, exceptions: [] },
      now: NOW,
    });
    assert.equal(run.deleted, 20_000);
    assert.equal(run.batches, 20_000 / CLEAR_BATCH_SIZE);
    longest.push(run.longestBatchMs);
  }
  assert.ok(Math.min(...longest) < 250, `longest batches ${longest.join(", ")} ms`);
});

Deno.test("auto-clearing: ages read as days, hours or minutes", () => {
  assert.equal(parseAge("30d"), 30 * DAY);
  assert.equal(parseAge("12h"), 12 * 3600_000);
  assert.equal(parseAge("90m"), 90 * 60_000);
  for (const bad of ["30", "d", "-1d", "0d", "1y", "30 days"]) {
    assert.throws(() => parseAge(bad), Error, bad);
  }
});
