import assert from "node:assert/strict";
import { MONITOR_ROUTES } from "../../contracts/api/monitor.ts";
import { Health } from "../../contracts/monitor_health.ts";
import { TEST_PASSWORD, TEST_STORE, testApp } from "../../tests/helpers/api.ts";
import { formatIp, type IpAddress } from "../tracking/ip.ts";
import { clickIdOf, NETWORK_IP, trackingApp, type TrackingSetup } from "../tracking/testing.ts";
import { health, healthWarnings } from "./health.ts";

async function readHealth(s: TrackingSetup): Promise<Health> {
  return Health.parse(await s.api.call(MONITOR_ROUTES.health, {}));
}

/** A loopback listener answering `status` to every request. */
function listen(status: number) {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response("", { status }),
  );
  return { port: server.addr.port, close: () => server.shutdown() };
}

const onlyPort = (port: number) => (a: IpAddress, p: number) =>
  formatIp(a) === "127.0.0.1" && p === port;

Deno.test("monitor health: clicks, commits and rollups move with the traffic", async () => {
  const s = await trackingApp();
  const before = await readHealth(s);
  assert.equal(before.process.store, TEST_STORE);
  assert.ok(before.process.node.length > 0);
  assert.ok(before.process.rssBytes > 0 && before.process.heapUsedBytes > 0);
  assert.ok(before.database.sizeBytes > 0);
  const N = 7;
  for (let i = 0; i < N; i++) assert.equal((await s.click()).status, 302);
  const after = await readHealth(s);
  assert.equal(after.clicks.sinceStart, before.clicks.sinceStart + N);
  assert.equal(after.clicks.lastMinute, before.clicks.lastMinute + N);
  assert.equal(after.clicks.lastHour, before.clicks.lastHour + N);
  assert.ok(after.clicks.perSecond > 0, `per second ${after.clicks.perSecond}`);
  assert.ok(after.writer.committed >= before.writer.committed + N);
  assert.equal(after.writer.queue, 0);
  assert.ok(after.writer.lastCommitAt !== null && after.writer.lastCommitAt <= after.at);
  // Each click either waits in memory or moved the watermark to its time.
  assert.ok(after.rollups.pendingClicks > 0 || after.rollups.watermarkAt !== null);
  if (TEST_STORE === "postgres") {
    assert.equal(after.database.walBytes, null);
    assert.match(after.database.note ?? "", /PostgreSQL/);
  }
});

Deno.test("monitor health: a queued S2S postback is pending, a failing one warns", async (t) => {
  const target = listen(500);
  try {
    const s = await trackingApp({
      tracking: { s2s: { backoffMs: [60_000], fetch: { allowAddress: onlyPort(target.port) } } },
    });
    await s.api.patch(`/api/traffic-sources/${s.sourceId}`, {
      postbackUrl: `http://127.0.0.1:${target.port}/pb?c={clickid}`,
      postbackStatuses: ["sale"],
    });
    const id = clickIdOf(await s.click());
    const res = await s.app.request(`/postback?token=s3cr3t-token&clickid=${id}&status=sale`, {
      ip: NETWORK_IP,
    });
    assert.equal(res.status, 200);
    await t.step("queued, not yet sent: pending", async () => {
      const h = await readHealth(s);
      assert.equal(h.s2s.pending, 1);
      assert.equal(h.s2s.retrying, 0);
      assert.ok(h.s2s.nextDueAt !== null);
      assert.deepEqual(h.warnings.filter((w) => w.card === "s2s"), []);
    });
    await t.step("its send failed: retrying, and the S2S card warns", async () => {
      await s.app.deps.tracking.s2s.runDue(Date.now() + 1);
      const h = await readHealth(s);
      assert.equal(h.s2s.pending, 1);
      assert.equal(h.s2s.retrying, 1);
      assert.match(h.warnings.find((w) => w.card === "s2s")?.message ?? "", /1 postback .*retry/);
    });
    await t.step("given up after its last retry: counted in the last hour", async () => {
      await s.app.deps.tracking.s2s.runDue(Date.now() + 120_000);
      const h = await readHealth(s);
      assert.equal(h.s2s.pending, 0);
      assert.equal(h.s2s.failedLastHour, 1);
      assert.equal(h.s2s.sentLastHour, 0);
      assert.match(h.warnings.map((w) => w.message).join("\n"), /1 postback given up/);
    });
  } finally {
    await target.close();
  }
});

Deno.test("monitor health: a sent postback counts in the last hour", async () => {
  const target = listen(200);
  try {
    const s = await trackingApp({
      tracking: { s2s: { fetch: { allowAddress: onlyPort(target.port) } } },
    });
    await s.api.patch(`/api/traffic-sources/${s.sourceId}`, {
      postbackUrl: `http://127.0.0.1:${target.port}/pb?c={clickid}`,
      postbackStatuses: ["sale"],
    });
    const id = clickIdOf(await s.click());
    await s.app.request(`/postback?token=s3cr3t-token&clickid=${id}&status=sale`, {
      ip: NETWORK_IP,
    });
    await s.app.deps.tracking.s2s.runDue(Date.now() + 1);
    const h = await readHealth(s);
    assert.equal(h.s2s.sentLastHour, 1);
    assert.equal(h.s2s.pending, 0);
    assert.deepEqual(h.warnings, []);
  } finally {
    await target.close();
  }
});

Deno.test("monitor health: only admins see it", async () => {
  const app = testApp();
  await app.addUser("bob", "user");
  const cookie = await app.signIn("bob", TEST_PASSWORD);
  const res = await app.request("/api/monitor/health", { cookie });
  assert.equal(res.status, 403);
  const body = await res.json();
  assert.equal(body.error.message, "Only admins see the server's health");
  assert.equal((await app.request("/api/monitor/health")).status, 401);
  await app.addUser("ann", "admin");
  const admin = await app.signIn("ann", TEST_PASSWORD);
  assert.equal((await app.request("/api/monitor/health", { cookie: admin })).status, 200);
});

Deno.test("monitor health: warnings for a growing writer queue, a stuck writer, a large WAL, a failed backup", () => {
  const app = testApp();
  const now = Date.now();
  const base = health(app.deps, now);
  assert.deepEqual(healthWarnings(base), []);
  const cards = (h: typeof base) => healthWarnings(h).map((w) => w.card);
  assert.deepEqual(
    cards({ ...base, writer: { ...base.writer, queue: 900, queueTrend: [0, 100, 300, 600, 900] } }),
    ["writer"],
  );
  assert.deepEqual(
    cards({
      ...base,
      writer: { ...base.writer, queue: 4, queueTrend: [4, 4, 4], lastCommitAt: now - 60_000 },
    }),
    ["writer"],
  );
  // A busy queue that drains between samples is no warning.
  assert.deepEqual(
    cards({ ...base, writer: { ...base.writer, queue: 3, queueTrend: [0, 5, 0, 7, 3] } }),
    [],
  );
  assert.deepEqual(
    cards({
      ...base,
      database: { ...base.database, walBytes: 40 * 1024 * 1024, walPauseBytes: 16 * 1024 * 1024 },
    }),
    ["database"],
  );
  assert.deepEqual(
    cards({ ...base, backup: { ...base.backup, lastError: "disk full" } }),
    ["backup"],
  );
});
