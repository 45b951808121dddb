import assert from "node:assert/strict";
import { join } from "node:path";
import { TriggerInput } from "../../contracts/trigger.ts";
import { buildCampaign } from "../../fixtures/builders.ts";
import { campaignDef } from "../campaigns/definition.ts";
import { type Db, openDatabase } from "../db/connection.ts";
import { ReadWorker } from "../reads/worker.ts";
import { createEntity, patchEntity } from "../entities/service.ts";
import { insertTestClick } from "../reports/testing.ts";
import { CampaignInput } from "../../contracts/campaign.ts";
import { setTriggerClock } from "./clock.ts";
import { triggerDef } from "./definition.ts";
import { runDueTriggers } from "./scheduler.ts";
import { HOUR, metric, MIN, T0 } from "./testing.ts";

type Process = { db: Db; reads: ReadWorker; clock: { now: number }; stop: () => void };

/** A "server process": its own connection and read worker (threads) on the file. */
function start(path: string, now: number): Process {
  const db = openDatabase(path);
  const reads = new ReadWorker(db);
  const clock = { now };
  setTriggerClock(db, () => clock.now);
  return {
    db,
    reads,
    clock,
    stop: () => {
      reads.close();
      db.close();
    },
  };
}

function fires(db: Db, id: number): number {
  return Number(
    db.prepare("SELECT count(*) AS n FROM trigger_actions WHERE trigger_id = ?").get(id)!.n,
  );
}

function setUp(db: Db): number {
  db.exec("UPDATE triggers SET enabled = 0"); // the install's defaults are tested elsewhere
  const campaign = createEntity(db, campaignDef, CampaignInput.parse(buildCampaign()));
  for (let i = 0; i < 20; i++) {
    insertTestClick(db, { ts: T0 - HOUR, campaignId: Number(campaign.id), cost: 1 });
  }
  const trigger = createEntity(
    db,
    triggerDef,
    TriggerInput.parse({
      name: "Spend",
      scope: { type: "campaign" },
      conditions: [metric("cost >= 20", "1 days")],
      actions: [{ kind: "notify", channels: ["panel"] }],
      checkEveryMinutes: 5,
      cooldownMinutes: 60,
    }),
  );
  return Number(trigger.id);
}

Deno.test("trigger scheduler: checks each interval, fires once per cooldown, across a restart and two processes", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "rotor.db");
  try {
    let p = start(path, T0);
    const id = setUp(p.db);
    assert.deepEqual(await runDueTriggers(p), [id]);
    assert.equal(fires(p.db, id), 1);
    p.clock.now = T0 + 2 * MIN;
    assert.deepEqual(await runDueTriggers(p), [], "not due before 5 minutes");
    p.clock.now = T0 + 5 * MIN;
    assert.deepEqual(await runDueTriggers(p), [id]);
    assert.equal(fires(p.db, id), 1, "in cooldown");
    p.stop();

    p = start(path, T0 + 30 * MIN);
    assert.deepEqual(await runDueTriggers(p), [id]);
    assert.equal(fires(p.db, id), 1, "the cooldown survived the restart");
    const other = start(path, T0 + 61 * MIN);
    p.clock.now = T0 + 61 * MIN;
    const [a, b] = await Promise.all([runDueTriggers(p), runDueTriggers(other)]);
    assert.equal(a.length + b.length, 1, "one of two processes checks it");
    assert.equal(fires(p.db, id), 2, "fired once more after the cooldown");
    other.stop();

    patchEntity(p.db, triggerDef, id, { enabled: false }, "test");
    p.clock.now = T0 + 200 * MIN;
    assert.deepEqual(await runDueTriggers(p), [], "a switched-off trigger is not checked");
    p.stop();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("trigger defaults: a new install has three alerts on, notifying in the panel", async () => {
  const db = openDatabase(":memory:");
  const rows = db.prepare("SELECT name, enabled, actions FROM triggers ORDER BY id").all();
  assert.deepEqual(rows.map((r) => r.name), [
    "Postbacks silent while clicks flow",
    "Spend with no conversions",
    "Lander or offer URL down",
  ]);
  for (const row of rows) {
    assert.equal(row.enabled, 1);
    assert.deepEqual(JSON.parse(String(row.actions)), [{ kind: "notify", channels: ["panel"] }]);
  }
  const campaign = createEntity(db, campaignDef, CampaignInput.parse(buildCampaign()));
  for (let i = 0; i < 25; i++) {
    insertTestClick(db, { ts: T0 - HOUR, campaignId: Number(campaign.id), cost: 1 });
  }
  setTriggerClock(db, () => T0);
  await runDueTriggers({ db, reads: new ReadWorker(db) });
  const notes = db.prepare("SELECT title FROM notifications").all().map((r) => r.title);
  assert.deepEqual(notes, ["Spend with no conversions: Keto US push"]);
});
