import assert from "node:assert/strict";
import { Rotation } from "../../contracts/rotation.ts";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { CLICK_ROUTES, REPORT_ROUTES } from "../../contracts/api/reports.ts";
import { clickIdOf, directPath, trackingApp, type TrackingSetup } from "../tracking/testing.ts";
import { TrackingEngine } from "../tracking/engine.ts";

type Rules = Rotation["rules"];

/** A rule's or path's id: the server gives each one (fails when it is missing). */
function flowId(item: { id?: number }): number {
  assert.ok(item.id !== undefined, "the server gives every rule and path an id");
  return item.id;
}

const direct = directPath;
const everyone = [{ field: "hour", op: "between", values: ["0", "23"] }];

async function rotation(s: TrackingSetup, rules: unknown[]) {
  const res = await s.api.post("/api/rotations", {
    name: "R",
    rules,
    defaultPaths: [direct(s.offerIds[0])],
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return Rotation.parse(res.body);
}

Deno.test("flow ids: rules and paths get ids that survive reorder and edits", async () => {
  const s = await trackingApp();
  const [a, b] = s.offerIds;
  const r = await rotation(s, [
    { name: "First", criteria: everyone, paths: [direct(a)] },
    { name: "Second", criteria: everyone, paths: [direct(b)] },
  ]);
  const [first, second] = r.rules;
  const ids = [first, second, first.paths[0], second.paths[0], r.defaultPaths[0]].map(flowId);
  assert.ok(ids.every((id) => id >= 1000));
  assert.equal(new Set(ids).size, ids.length);
  // Reordered, renamed, and a new rule without an id.
  const patched = await s.api.patch(`/api/rotations/${r.id}`, {
    rules: [
      { ...second, name: "Second, renamed" },
      first,
      { name: "New", criteria: everyone, paths: [direct(a)] },
    ],
  });
  const rules: Rules = Rotation.parse(patched.body).rules;
  assert.deepEqual(rules.slice(0, 2).map((x) => x.id), [second.id, first.id]);
  assert.equal(rules[0].paths[0].id, second.paths[0].id);
  assert.ok(!ids.includes(flowId(rules[2])));
  // An id pasted twice, or one belonging to another flow, is replaced.
  const twice = await s.api.patch(`/api/rotations/${r.id}`, { rules: [first, first] });
  const [x, y] = Rotation.parse(twice.body).rules;
  assert.equal(x.id, first.id);
  assert.notEqual(y.id, first.id);
  const copy = await s.api.post(`/api/rotations/${r.id}/clone`);
  const copied = Rotation.parse(copy.body).rules.map((rule) => rule.id);
  assert.ok(copied.every((id) => id !== x.id && id !== y.id), "a copy never shares ids");
});

Deno.test("flow ids: reports, the click log and CSV name rules; equal positions in two campaigns stay apart", async () => {
  const s = await trackingApp();
  const [a, b] = s.offerIds;
  const inline = (name: string, offerId: number) => ({
    type: "flow",
    flow: {
      rules: [{ name, criteria: everyone, paths: [direct(offerId, "Main")] }],
      defaultPaths: [direct(a)],
    },
  });
  await s.api.patch(`/api/campaigns/${s.campaignId}`, { destination: inline("Android US", a) });
  const other = await s.api.post("/api/campaigns", {
    name: "Other",
    trafficSourceId: s.sourceId,
    destination: inline("Desktop DE", b),
  });
  const otherKey = String(other.body.key);
  const clickA = clickIdOf(await s.click());
  clickIdOf(await s.click({ key: otherKey }));
  clickIdOf(await s.click({ key: otherKey }));
  const day = new Date().toISOString().slice(0, 10);
  const query =
    `subjectType=campaign&subjectIds=${s.campaignId},${other.body.id}&from=${day}&to=${day}&tz=UTC&groupBy=rule`;
  const report = (groupBy: string) =>
    s.api.call(REPORT_ROUTES.report, {
      query: {
        subjectType: "campaign",
        subjectIds: `${s.campaignId},${other.body.id}`,
        from: day,
        to: day,
        tz: "UTC",
        groupBy,
      },
    });
  const rows = (await report("rule")).rows.map((r) => [r.labels[0], r.metrics.clicks]).sort();
  assert.deepEqual(rows, [["Android US", 1], ["Desktop DE", 2]]);
  const paths = (await report("path")).rows.map((r) => r.labels[0]).sort();
  assert.deepEqual(paths, ["Android US › Main", "Desktop DE › Main"]);
  const [item] = (await s.api.call(CLICK_ROUTES.list, { query: { search: clickA } })).items;
  assert.equal(item.ruleName, "Android US");
  assert.equal(item.pathName, "Android US › Main");
  const cookie = await s.app.signIn("root", TEST_PASSWORD);
  const csv = await (await s.app.request(`/api/report?${query}&format=csv`, { cookie })).text();
  assert.match(csv, /Android US/);
  assert.match(csv, /Desktop DE/);
});

Deno.test("flow ids: flows saved before ids get them at start; old clicks read by position", async () => {
  const s = await trackingApp();
  const db = s.app.deps.db;
  const r = await rotation(s, [{
    name: "Geo",
    criteria: everyone,
    paths: [direct(s.offerIds[0])],
  }]);
  // As an earlier version stored it: no ids.
  const bare = JSON.stringify([{ ...r.rules[0], id: undefined, paths: [direct(s.offerIds[0])] }]);
  db.prepare("UPDATE rotations SET rules = ? WHERE id = ?").run(bare, r.id);
  db.prepare(
    `INSERT INTO clicks (id, ts, campaign_id, rotation_id, rule, path, offer_id, cost, is_unique)
     VALUES ('0ZZZZZZZ00legacyrule0001', ?, ?, ?, 1, 0, ?, 0, 1)`,
  ).run(Date.now(), s.campaignId, r.id, s.offerIds[0]);
  new TrackingEngine(db);
  const got = await s.api.get(`/api/rotations/${r.id}`);
  assert.ok(flowId(Rotation.parse(got.body).rules[0]) >= 1000);
  const search = "0ZZZZZZZ00legacyrule0001";
  const [item] = (await s.api.call(CLICK_ROUTES.list, { query: { search } })).items;
  assert.deepEqual([item.ruleName, item.pathName], ["Rule 2", "Path 1"]);
});
