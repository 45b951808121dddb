import assert from "node:assert/strict";
import { TRIGGER_ROUTES } from "../../contracts/api/triggers.ts";
import { TriggerInput } from "../../contracts/trigger.ts";
import { buildCampaign } from "../../fixtures/builders.ts";
import { idOf } from "../entities/testing.ts";
import { check, createTrigger, HOUR, metric, spendTrigger, T0, traffic, world } from "./testing.ts";

Deno.test("trigger dry run: when it would have fired over the last 7 days, cooldown included", async () => {
  const w = await world();
  const input = TriggerInput.parse(spendTrigger(w, {
    conditions: [metric("clicks >= 5", "1 hours")],
    checkEveryMinutes: 60,
    cooldownMinutes: 180,
  }));
  const dryRun = (body: TriggerInput) => w.api.call(TRIGGER_ROUTES.dryRun, { body });
  traffic(w, { n: 5, ts: T0 - 50.5 * HOUR });
  traffic(w, { n: 5, ts: T0 - 49.5 * HOUR }); // within the cooldown of the first
  traffic(w, { n: 5, ts: T0 - 10.5 * HOUR });
  traffic(w, { n: 5, ts: T0 - 8 * 24 * HOUR }); // before the 7 days
  const res = await dryRun(input);
  assert.equal(res.stepMinutes, 60);
  assert.deepEqual(res.fires.map((f) => [f.ts, f.label]), [[T0 - 50 * HOUR, "Push"], [
    T0 - 10 * HOUR,
    "Push",
  ]]);
  const longer = await dryRun({ ...input, cooldownMinutes: 60 });
  assert.equal(longer.fires.length, 3, "a shorter cooldown fires again");
  const sparse = await dryRun({ ...input, checkEveryMinutes: 120 });
  assert.equal(sparse.stepMinutes, 120);
  const minutes = await dryRun(TriggerInput.parse({
    ...input,
    checkEveryMinutes: 5,
    conditions: [metric("clicks >= 5", "90 minutes")],
  }));
  assert.equal(minutes.stepMinutes, 15, "at most 672 points in 7 days");
  assert.deepEqual(minutes.fires.map((f) => f.ts), [
    T0 - 50.25 * HOUR,
    T0 - 10.25 * HOUR,
  ]);
  assert.equal((await w.api.post("/api/triggers/dry-run", { name: "x" })).status, 400);
});

Deno.test("trigger dry run and check: firings come by entity id, an edited one too", async () => {
  const w = await world();
  const later = [];
  for (const name of ["Second", "Third"]) {
    later.push(idOf(await w.api.post("/api/campaigns", buildCampaign({ name }))));
  }
  // PostgreSQL wrote the edited row anew at its heap's end and, unordered, read it last.
  assert.equal(
    (await w.api.patch(`/api/campaigns/${w.campaignId}`, { notes: "edited" })).status,
    200,
  );
  const input = TriggerInput.parse(spendTrigger(w, {
    scope: { type: "campaign", ids: [] },
    conditions: [metric("clicks >= 0", "1 hours")],
    checkEveryMinutes: 60,
    cooldownMinutes: 60,
  }));
  const ids = [w.campaignId, ...later].sort((a, b) => a - b);
  const res = await w.api.call(TRIGGER_ROUTES.dryRun, { body: input });
  assert.deepEqual(
    res.fires.slice(0, 3).map((f) => f.subject),
    ids.map((id) => `campaign:${id}`),
  );
  const id = await createTrigger(w, input);
  assert.deepEqual(await check(w, id), ["Push", "Second", "Third"]);
});
