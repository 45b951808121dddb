import assert from "node:assert/strict";
import { HOUR, metric, spendTrigger, T0, traffic, world } from "./testing.ts";

Deno.test("trigger dry run: when it would have fired over the last 7 days, cooldown included", async () => {
  const w = await world();
  const input = spendTrigger(w, {
    conditions: [metric("clicks >= 5", "1 hours")],
    checkEveryMinutes: 60,
    cooldownMinutes: 180,
  });
  traffic(w, { n: 5, ts: T0 - 50.5 * HOUR });
  traffic(w, { n: 5, ts: T0 - 49.5 * HOUR }); // within the cooldown of the first
  traffic(w, { n: 5, ts: T0 - 10.5 * HOUR });
  traffic(w, { n: 5, ts: T0 - 8 * 24 * HOUR }); // before the 7 days
  const res = await w.api.post("/api/triggers/dry-run", input);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.stepMinutes, 60);
  const fires = res.body.fires as { ts: number; label: string }[];
  assert.deepEqual(fires.map((f) => [f.ts, f.label]), [[T0 - 50 * HOUR, "Push"], [
    T0 - 10 * HOUR,
    "Push",
  ]]);
  const longer = await w.api.post("/api/triggers/dry-run", { ...input, cooldownMinutes: 60 });
  assert.equal((longer.body.fires as unknown[]).length, 3, "a shorter cooldown fires again");
  const sparse = await w.api.post("/api/triggers/dry-run", { ...input, checkEveryMinutes: 120 });
  assert.equal(sparse.body.stepMinutes, 120);
  const minutes = await w.api.post("/api/triggers/dry-run", {
    ...input,
    checkEveryMinutes: 5,
    conditions: [metric("clicks >= 5", "90 minutes")],
  });
  assert.equal(minutes.body.stepMinutes, 15, "at most 672 points in 7 days");
  assert.deepEqual((minutes.body.fires as { ts: number }[]).map((f) => f.ts), [
    T0 - 50.25 * HOUR,
    T0 - 10.25 * HOUR,
  ]);
  assert.equal((await w.api.post("/api/triggers/dry-run", { name: "x" })).status, 400);
});
