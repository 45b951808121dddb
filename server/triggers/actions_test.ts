import assert from "node:assert/strict";
import { NOTIFICATION_ROUTES, TRIGGER_ROUTES } from "../../contracts/api/triggers.ts";
import { signedIn } from "../entities/testing.ts";
import { BLOCK_RULE } from "./flows.ts";
import {
  check,
  createTrigger,
  history,
  HOUR,
  metric,
  MIN,
  spendTrigger,
  T0,
  traffic,
  type World,
  world,
} from "./testing.ts";

const undo = (w: World, id: number) => w.api.attempt(TRIGGER_ROUTES.undo, { params: { id } });

const clicksAtLeast = (value: number) => metric(`clicks >= ${value}`, "1 hours");

Deno.test("trigger actions: pause the campaign, recorded, undone from the history", async () => {
  const w = await world();
  const id = await createTrigger(w, spendTrigger(w, { actions: [{ kind: "pauseCampaign" }] }));
  traffic(w, { n: 20, ts: T0 - HOUR, cost: 1 });
  assert.deepEqual(await check(w, id), ["Push"]);
  assert.equal((await w.api.get(`/api/campaigns/${w.campaignId}`)).body.status, "paused");
  const [record] = await history(w, id);
  assert.equal(record.kind, "pauseCampaign");
  const undone = await w.api.call(TRIGGER_ROUTES.undo, { params: { id: record.id } });
  assert.equal(typeof undone.undoneAt, "number");
  assert.equal((await w.api.get(`/api/campaigns/${w.campaignId}`)).body.status, "active");
  assert.equal((await undo(w, record.id)).status, 409);
});

Deno.test("trigger actions: the history names who undid an action, and when", async () => {
  const w = await world();
  const id = await createTrigger(w, spendTrigger(w, { actions: [{ kind: "pauseCampaign" }] }));
  traffic(w, { n: 20, ts: T0 - HOUR, cost: 1 });
  assert.deepEqual(await check(w, id), ["Push"]);
  const [fired] = await history(w, id);
  assert.deepEqual([fired.undoneAt, fired.undoneBy], [null, null]);
  w.clock.now = T0 + 5 * MIN;
  const undone = await w.api.call(TRIGGER_ROUTES.undo, { params: { id: fired.id } });
  assert.deepEqual([undone.undoneAt, undone.undoneBy], [T0 + 5 * MIN, "root"]);
  const [listed] = await history(w, id);
  assert.deepEqual([listed.undoneAt, listed.undoneBy], [T0 + 5 * MIN, "root"]);
});

Deno.test("trigger actions: out of rotation sets weight 0 in every flow; undo restores the flow JSON exactly", async () => {
  const w = await world();
  const campaignBefore = (await w.api.get(`/api/campaigns/${w.campaignId}`)).body;
  const rotationBefore = (await w.api.get(`/api/rotations/${w.rotationId}`)).body;
  const id = await createTrigger(
    w,
    spendTrigger(w, {
      scope: { type: "offer", ids: [w.offerA] },
      conditions: [clicksAtLeast(3)],
      actions: [{ kind: "removeFromRotation" }, { kind: "notify", channels: ["panel"] }],
    }),
  );
  traffic(w, { n: 3, ts: T0 - MIN, offerId: w.offerA });
  assert.deepEqual(await check(w, id), ["A"]);
  const campaign = (await w.api.get(`/api/campaigns/${w.campaignId}`)).body;
  const weights = JSON.stringify(campaign.destination).match(
    new RegExp(`"offerId":${w.offerA},"weight":\\d+`, "g"),
  );
  assert.ok(weights && weights.every((m) => m.endsWith(":0")), JSON.stringify(weights));
  assert.match(
    JSON.stringify(campaign.destination),
    new RegExp(`"offerId":${w.offerB},"weight":100`),
  );
  const rotation = (await w.api.get(`/api/rotations/${w.rotationId}`)).body;
  assert.doesNotMatch(JSON.stringify(rotation.defaultPaths), /"weight":100}\]/);
  const records = await history(w, id);
  const removal = records.find((r) => r.kind === "removeFromRotation")!;
  assert.equal(removal.changes.length, 2, "the campaign's flow and the rotation");
  const notice = await w.api.call(NOTIFICATION_ROUTES.list, {});
  assert.match(JSON.stringify(notice.items), /Take out of rotation/);
  assert.equal((await undo(w, removal.id)).status, 200);
  const campaignAfter = (await w.api.get(`/api/campaigns/${w.campaignId}`)).body;
  const rotationAfter = (await w.api.get(`/api/rotations/${w.rotationId}`)).body;
  assert.equal(
    JSON.stringify(campaignAfter.destination),
    JSON.stringify(campaignBefore.destination),
  );
  assert.equal(JSON.stringify(rotationAfter.rules), JSON.stringify(rotationBefore.rules));
  assert.equal(
    JSON.stringify(rotationAfter.defaultPaths),
    JSON.stringify(rotationBefore.defaultPaths),
  );
});

Deno.test("trigger actions: undo refuses to overwrite a later change", async () => {
  const w = await world();
  const id = await createTrigger(w, spendTrigger(w, { actions: [{ kind: "pauseCampaign" }] }));
  traffic(w, { n: 20, ts: T0 - HOUR, cost: 1 });
  await check(w, id);
  await w.api.patch(`/api/campaigns/${w.campaignId}`, { status: "active" });
  await w.api.patch(`/api/campaigns/${w.campaignId}`, { name: "Renamed" });
  const [record] = await history(w, id);
  // Status is active again: the action's after-state is gone, so undo changes nothing.
  const res = await undo(w, record.id);
  assert.equal(res.status, 409);
  assert.equal((await w.api.get(`/api/campaigns/${w.campaignId}`)).body.name, "Renamed");
});

Deno.test("trigger actions: set a path's weight in a campaign's flow", async () => {
  const w = await world();
  const id = await createTrigger(
    w,
    spendTrigger(w, {
      conditions: [clicksAtLeast(1)],
      actions: [{
        kind: "setPathWeight",
        owner: "campaign",
        ownerId: w.campaignId,
        rule: 0,
        path: 0,
        weight: 7,
      }],
    }),
  );
  traffic(w, { n: 1, ts: T0 - MIN });
  await check(w, id);
  const flow = (await w.api.get(`/api/campaigns/${w.campaignId}`)).body.destination as {
    flow: { rules: { paths: { weight: number }[] }[]; defaultPaths: { weight: number }[] };
  };
  assert.equal(flow.flow.rules[0].paths[0].weight, 7);
  assert.equal(flow.flow.defaultPaths[0].weight, 100);
  const missing = await createTrigger(
    w,
    spendTrigger(w, {
      conditions: [clicksAtLeast(1)],
      actions: [{
        kind: "setPathWeight",
        owner: "rotation",
        ownerId: w.rotationId,
        rule: 5,
        path: 0,
        weight: 7,
      }],
    }),
  );
  await check(w, missing);
  const [record] = await history(w, missing);
  assert.match(record.error, /no path 0/);
});

Deno.test("trigger actions: a path already at the weight is not changed again, nor offered for undo", async () => {
  const w = await world();
  const id = await createTrigger(
    w,
    spendTrigger(w, {
      conditions: [clicksAtLeast(1)],
      cooldownMinutes: 30,
      actions: [{
        kind: "setPathWeight",
        owner: "rotation",
        ownerId: w.rotationId,
        rule: -1,
        path: 0,
        weight: 5,
      }],
    }),
  );
  traffic(w, { n: 1, ts: T0 - MIN });
  assert.deepEqual(await check(w, id), ["Push"]);
  w.clock.now = T0 + 30 * MIN; // the click a minute before T0 is still in the last hour
  assert.deepEqual(await check(w, id), ["Push"]);
  const [again, first] = await history(w, id);
  assert.equal(first.changes.length, 1);
  assert.deepEqual([again.changes, again.error], [[], "nothing to change"]);
  assert.equal((await undo(w, again.id)).status, 409);
  await w.api.call(TRIGGER_ROUTES.undo, { params: { id: first.id } });
  const rotation = (await w.api.get(`/api/rotations/${w.rotationId}`)).body;
  assert.equal((rotation.defaultPaths as { weight: number }[])[0].weight, 100);
});

Deno.test("trigger actions: a token value goes on the campaign's block rule, sent to the chosen offer", async () => {
  const w = await world();
  const before = (await w.api.get(`/api/campaigns/${w.campaignId}`)).body.destination;
  const id = await createTrigger(
    w,
    spendTrigger(w, {
      scope: { type: "token", campaignId: w.campaignId, token: "t1" },
      conditions: [metric("cost >= 5", "6 hours")],
      actions: [{ kind: "blockToken", offerId: w.offerB }],
    }),
  );
  traffic(w, { n: 10, ts: T0 - HOUR, cost: 1, tokens: ["zone-bad"] });
  traffic(w, { n: 2, ts: T0 - HOUR, cost: 1, tokens: ["zone-good"] });
  assert.deepEqual(await check(w, id), ["zone-bad"]);
  const dest = (await w.api.get(`/api/campaigns/${w.campaignId}`)).body.destination as {
    flow: {
      rules: {
        name: string;
        criteria: { key: string; values: string[] }[];
        paths: { offers: { offerId: number }[] }[];
      }[];
    };
  };
  const rule = dest.flow.rules[0];
  assert.equal(rule.name, BLOCK_RULE);
  assert.deepEqual(rule.criteria[0].values, ["zone-bad"]);
  assert.equal(rule.criteria[0].key, "t1");
  assert.equal(rule.paths[0].offers[0].offerId, w.offerB);
  const [record] = await history(w, id);
  await w.api.call(TRIGGER_ROUTES.undo, { params: { id: record.id } });
  const after = (await w.api.get(`/api/campaigns/${w.campaignId}`)).body.destination;
  assert.equal(JSON.stringify(after), JSON.stringify(before));
});

Deno.test("trigger actions: once per cooldown per subject; again after it", async () => {
  const w = await world();
  const id = await createTrigger(w, spendTrigger(w, { cooldownMinutes: 30 }));
  traffic(w, { n: 20, ts: T0 - HOUR, cost: 1 });
  assert.deepEqual(await check(w, id), ["Push"]);
  w.clock.now = T0 + 29 * MIN;
  assert.deepEqual(await check(w, id), []);
  w.clock.now = T0 + 30 * MIN;
  assert.deepEqual(await check(w, id), ["Push"]);
  const notices = await w.api.call(NOTIFICATION_ROUTES.list, {});
  assert.equal(notices.unread, 2);
  const read = await w.api.call(NOTIFICATION_ROUTES.read, { body: { ids: [notices.items[0].id] } });
  assert.equal(read.unread, 1);
  assert.equal((await w.api.call(NOTIFICATION_ROUTES.read, { body: {} })).unread, 0);
});

Deno.test("trigger actions: a changed cooldown counts from the last firing, shorter or longer", async () => {
  const w = await world();
  const id = await createTrigger(w, spendTrigger(w, { cooldownMinutes: 360 }));
  traffic(w, { n: 20, ts: T0 - HOUR, cost: 1 });
  assert.deepEqual(await check(w, id), ["Push"]);
  assert.equal((await w.api.patch(`/api/triggers/${id}`, { cooldownMinutes: 30 })).status, 200);
  w.clock.now = T0 + 29 * MIN;
  assert.deepEqual(await check(w, id), [], "29 min after the firing");
  w.clock.now = T0 + 30 * MIN;
  assert.deepEqual(await check(w, id), ["Push"], "30 min after the firing, not 6 h");
  assert.equal((await w.api.patch(`/api/triggers/${id}`, { cooldownMinutes: 120 })).status, 200);
  w.clock.now = T0 + 149 * MIN;
  assert.deepEqual(await check(w, id), [], "119 min after the second firing");
  w.clock.now = T0 + 150 * MIN;
  assert.deepEqual(await check(w, id), ["Push"]);
});

Deno.test("triggers: rights — no trigger right, no triggers, history or notifications", async () => {
  const w = await world();
  const reader = await signedIn(w.app, {
    username: "reader",
    role: "user",
    permissions: { "*": "read" },
  });
  const none = await signedIn(w.app, {
    username: "none",
    role: "user",
    permissions: { "*": "read", trigger: "none" },
  });
  assert.equal((await reader.get("/api/triggers")).status, 200);
  assert.equal((await reader.post("/api/triggers", spendTrigger(w))).status, 403);
  assert.equal((await none.get("/api/triggers")).status, 403);
  assert.equal((await none.attempt(NOTIFICATION_ROUTES.list, {})).status, 403);
  assert.equal((await none.attempt(TRIGGER_ROUTES.history, {})).status, 403);
  assert.equal((await reader.attempt(TRIGGER_ROUTES.channels, {})).status, 403);
});
