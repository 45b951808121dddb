import assert from "node:assert/strict";
import { NOTIFICATION_ROUTES, TRIGGER_ROUTES } from "../../contracts/api/triggers.ts";
import { signedIn } from "../entities/testing.ts";
import { runDueTriggers } from "./scheduler.ts";
import { check, createTrigger, HOUR, metric, spendTrigger, T0, traffic, world } from "./testing.ts";

Deno.test("triggers: clone makes a '(copy)'; an archived trigger is not checked until restored", async () => {
  const w = await world();
  const id = await createTrigger(w, spendTrigger(w, { cooldownMinutes: 5 }));
  const copy = await w.api.post(`/api/triggers/${id}/clone`);
  assert.equal(copy.status, 201);
  assert.equal(copy.body.name, "Spend without sales (copy)");
  assert.deepEqual(copy.body.conditions, (await w.api.get(`/api/triggers/${id}`)).body.conditions);
  w.app.deps.db.exec("UPDATE triggers SET enabled = 0 WHERE id <= 3"); // the install's defaults
  await w.api.del(`/api/triggers/${copy.body.id}`);
  traffic(w, { n: 20, ts: T0 - HOUR, cost: 1 });
  const reads = w.app.deps.reads;
  assert.deepEqual(await runDueTriggers({ db: w.app.deps.db, reads }), [id]);
  await w.api.post(`/api/triggers/${copy.body.id}/restore`);
  w.clock.now = T0 + 10 * 60_000;
  assert.deepEqual(await runDueTriggers({ db: w.app.deps.db, reads }), [id, copy.body.id]);
});

Deno.test("triggers: a hide-profit user sees no profit figures in the history or notifications", async () => {
  const w = await world();
  const id = await createTrigger(
    w,
    spendTrigger(w, {
      conditions: [metric("profit < -5", "6 hours")],
    }),
  );
  traffic(w, { n: 10, ts: T0 - HOUR, cost: 1 });
  assert.deepEqual(await check(w, id), ["Push"]);
  const hidden = await signedIn(w.app, {
    username: "buyer",
    role: "user",
    permissions: { "*": "read" },
    hideProfit: true,
  });
  const [record] = (await hidden.call(TRIGGER_ROUTES.history, {})).items;
  assert.deepEqual(record.figures, {});
  assert.match(record.why, /hidden/);
  const notes = (await hidden.call(NOTIFICATION_ROUTES.list, {})).items;
  assert.match(notes[0].body, /hidden/);
  const admin = (await w.api.call(TRIGGER_ROUTES.history, {})).items;
  assert.equal(admin[0].figures["profit@6h"], -10);
});
