import assert from "node:assert/strict";
import { NOTIFICATION_ROUTES, TRIGGER_ROUTES } from "../../contracts/api/triggers.ts";
import { signedIn } from "../entities/testing.ts";
import {
  check,
  createTrigger,
  HOUR,
  metric,
  predateUsers,
  spendTrigger,
  T0,
  traffic,
  world,
} from "./testing.ts";

/** "Any offer with a click over 6 h": takes it out of rotation. */
const offerTrigger = {
  name: "Offers with clicks",
  scope: { type: "offer", ids: [] },
  conditions: [metric("clicks >= 1", "6 hours")],
  actions: [{ kind: "removeFromRotation" }],
};

Deno.test("trigger rights: a trigger's scope and actions need the rights they reach, not only the trigger right", async () => {
  const w = await world();
  traffic(w, { n: 5, ts: T0 - HOUR });
  const flowBefore = (await w.api.get(`/api/campaigns/${w.campaignId}`)).body.flow;
  // May write triggers and read campaigns; may neither read offers nor change flows.
  const buyer = await signedIn(w.app, {
    username: "buyer",
    role: "user",
    permissions: { "*": "none", campaign: "read", trigger: "write" },
  });
  const created = await buyer.post("/api/triggers", offerTrigger);
  assert.equal(created.status, 403, JSON.stringify(created.body));
  const watching = await buyer.post("/api/triggers", {
    ...offerTrigger,
    actions: [{ kind: "notify", channels: ["panel"] }],
  });
  assert.equal(watching.status, 403, "offer names and figures need read on offers");
  const dryRun = await buyer.post("/api/triggers/dry-run", offerTrigger);
  assert.equal(dryRun.status, 403);
  assert.doesNotMatch(JSON.stringify(dryRun.body), /"fires"/);
  const pausing = await buyer.post("/api/triggers", {
    ...spendTrigger(w),
    actions: [{ kind: "pauseCampaign" }],
  });
  assert.equal(pausing.status, 403, "pausing campaigns needs write on campaigns");

  // An admin's trigger that changes flows: the buyer may neither check it now nor edit or copy it.
  const id = await createTrigger(w, offerTrigger);
  assert.equal((await buyer.post(`/api/triggers/${id}/check`)).status, 403);
  assert.equal((await buyer.patch(`/api/triggers/${id}`, { name: "Mine" })).status, 403);
  assert.equal((await buyer.post(`/api/triggers/${id}/clone`)).status, 403);
  assert.equal((await buyer.patch("/api/triggers/mass", { ids: [id], patch: {} })).status, 403);
  assert.deepEqual((await w.api.get(`/api/campaigns/${w.campaignId}`)).body.flow, flowBefore);
  assert.equal((await w.api.get(`/api/triggers/${id}`)).body.name, "Offers with clicks");

  // With the rights they reach, the same calls work; a notify-only campaign trigger needs only read.
  const own = await buyer.post("/api/triggers", spendTrigger(w));
  assert.equal(own.status, 201, JSON.stringify(own.body));
  assert.equal((await buyer.post("/api/triggers/dry-run", spendTrigger(w))).status, 200);
  const manager = await signedIn(w.app, {
    username: "manager",
    role: "user",
    permissions: { "*": "write" },
  });
  assert.equal((await manager.post("/api/triggers", offerTrigger)).status, 201);
  assert.equal((await manager.post(`/api/triggers/${id}/check`)).status, 200);
});

Deno.test("trigger rights: a hide-profit user neither replays nor checks a trigger that reads profit", async () => {
  const w = await world();
  traffic(w, { n: 10, ts: T0 - HOUR, cost: 1 });
  const hidden = await signedIn(w.app, {
    username: "buyer",
    role: "user",
    permissions: { "*": "write" },
    hideProfit: true,
  });
  const profit = spendTrigger(w, { conditions: [metric("profit < -5", "6 hours")] });
  const dryRun = await hidden.post("/api/triggers/dry-run", profit);
  assert.equal(dryRun.status, 403);
  assert.doesNotMatch(JSON.stringify(dryRun.body), /profit@/);
  const id = await createTrigger(w, profit);
  const check = await hidden.post(`/api/triggers/${id}/check`);
  assert.equal(check.status, 403);
  assert.doesNotMatch(JSON.stringify(check.body), /profit@/);
  // Figures without profit are the user's to see.
  assert.equal((await hidden.post("/api/triggers/dry-run", spendTrigger(w))).status, 200);
});

Deno.test("trigger rights: the history and notifications leave out what is about types the user may not read", async () => {
  const w = await world();
  w.app.deps.db.exec("UPDATE triggers SET enabled = 0"); // the install's defaults
  const buyer = await signedIn(w.app, {
    username: "buyer",
    role: "user",
    permissions: { "*": "none", campaign: "read", trigger: "read" },
  });
  predateUsers(w.app); // there before the notifications below: they are unread for them
  traffic(w, { n: 20, ts: T0 - HOUR, cost: 1 });
  const notifyOffers = { ...offerTrigger, actions: [{ kind: "notify", channels: ["panel"] }] };
  assert.deepEqual(await check(w, await createTrigger(w, notifyOffers)), ["A"]);
  assert.deepEqual(await check(w, await createTrigger(w, spendTrigger(w))), ["Push"]);
  const seen = (await buyer.call(TRIGGER_ROUTES.history, {})).items;
  assert.deepEqual(seen.map((r) => r.label), ["Push"]);
  const all = (await w.api.call(TRIGGER_ROUTES.history, {})).items;
  assert.deepEqual(all.map((r) => r.label), ["Push", "A"]);
  // Likewise the notifications: the offer trigger's are left out, and from the unread count.
  const notes = await buyer.call(NOTIFICATION_ROUTES.list, {});
  assert.deepEqual(notes.items.map((n) => n.title), ["Spend without sales: Push"]);
  assert.equal(notes.unread, 1);
  assert.doesNotMatch(JSON.stringify(notes), /Offers with clicks/);
  assert.equal((await w.api.call(NOTIFICATION_ROUTES.list, {})).items.length, 2);
});
