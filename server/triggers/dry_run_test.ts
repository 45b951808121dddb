import assert from "node:assert/strict";
import { TRIGGER_ROUTES } from "../../contracts/api/triggers.ts";
import { TriggerInput } from "../../contracts/trigger.ts";
import { HOUR, metric, spendTrigger, T0, traffic, world } from "./testing.ts";

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
