/**
 * Several Rotor nodes on one PostgreSQL database behave as one tracker (issue
 * 16 item 2, decision 172 "Several nodes"): two apps, each with its own
 * bridge, engine and caches, as two processes would have.
 */
import assert from "node:assert/strict";
import { TriggerInput } from "../../../contracts/trigger.ts";
import { CampaignInput } from "../../../contracts/campaign.ts";
import { SESSION_ROUTES } from "../../../contracts/api/session.ts";
import { buildCampaign } from "../../../fixtures/builders.ts";
import { TEST_PASSWORD, type TestApp, testApp } from "../../../tests/helpers/api.ts";
import { postgresTest } from "../../../tests/helpers/postgres.ts";
import { waitFor } from "../../../tests/helpers/wait.ts";
import { campaignDef } from "../../campaigns/definition.ts";
import { createEntity } from "../../entities/service.ts";
import { apiAs, idOf } from "../../entities/testing.ts";
import { ReadWorker } from "../../reads/worker.ts";
import { insertTestClick } from "../../reports/testing.ts";
import { formatIp, type IpAddress } from "../../tracking/ip.ts";
import { clickIdOf, NETWORK_IP, trackingApp, US_IP } from "../../tracking/testing.ts";
import { TrackingEngine } from "../../tracking/engine.ts";
import { UA } from "../../tracking/enrich/test_agents.ts";
import { setTriggerClock } from "../../triggers/clock.ts";
import { triggerDef } from "../../triggers/definition.ts";
import { runDueTriggers, startTriggerScheduler } from "../../triggers/scheduler.ts";
import { HOUR, metric, MIN, T0 } from "../../triggers/testing.ts";
import { ensureFirstAdmin } from "../../users/service.ts";
import { onceAcrossNodes, whileHeld } from "../jobs.ts";
import { recoverCostUpdates } from "../../costs/apply.ts";
import { type Db, openPostgres } from "../connection.ts";

let nodes = 0;

/** A node: an app on its own connection to the database at `url`, under a name of its own. */
function node(url: string): TestApp {
  return testApp({ db: openPostgres(url), config: { nodeId: `node-${++nodes}` } });
}

async function stop(...apps: TestApp[]): Promise<void> {
  for (const app of apps) {
    await app.deps.tracking.close();
    app.deps.db.close();
  }
}

/** GET /c/KEY (or another click path) on `app`, as a visitor from the US. */
function click(app: TestApp, path: string): Promise<Response> {
  return app.request(path, {
    ip: US_IP,
    headers: { "user-agent": UA.iphone, "accept-language": "en-US" },
    redirect: "manual",
  });
}

/**
 * Polls `check` on node A until it holds, from the moment B's change was
 * answered; the time it took (ms). The limit is generous, the assertion is not.
 */
async function propagation(check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  await waitFor(check, { timeoutMs: 30_000, intervalMs: 1, message: "the change on node A" });
  return performance.now() - started;
}

postgresTest(
  "Several nodes: a campaign or settings change made on B routes on A within 1 s",
  async (t, url) => {
    const a = node(url);
    const b = node(url);
    try {
      await a.addUser("root", "super-admin");
      const onB = apiAs(b, await b.signIn("root", TEST_PASSWORD));
      const created = await onB.post(
        "/api/campaigns",
        buildCampaign({ destination: { type: "url", url: "https://first.example.com/" } }),
      );
      const id = idOf(created);
      const key = String(created.body.key);
      const figures: string[] = [];

      await t.step("a campaign's new destination", async () => {
        const before = await click(a, `/c/${key}`);
        assert.equal(before.headers.get("location"), "https://first.example.com/");
        for (let round = 1; round <= 3; round++) {
          const target = `https://changed-${round}.example.com/`;
          const res = await onB.patch(`/api/campaigns/${id}`, {
            destination: { type: "url", url: target },
          });
          assert.equal(res.status, 200, JSON.stringify(res.body));
          const ms = await propagation(async () =>
            (await click(a, `/c/${key}`)).headers.get("location") === target
          );
          figures.push(`campaign ${ms.toFixed(1)} ms`);
          assert.ok(ms <= 1000, `A routed the change after ${ms} ms`);
        }
      });

      await t.step("pausing the campaign on B stops its clicks on A", async () => {
        await onB.patch(`/api/campaigns/${id}`, { status: "paused" });
        const ms = await propagation(async () =>
          (await click(a, `/c/${key}`)).headers.get("location") !==
            "https://changed-3.example.com/"
        );
        figures.push(`pause ${ms.toFixed(1)} ms`);
        assert.ok(ms <= 1000, `A saw the pause after ${ms} ms`);
        await onB.patch(`/api/campaigns/${id}`, { status: "active" });
      });

      await t.step("a custom click path saved on B answers on A", async () => {
        const clicked = async () =>
          (await click(a, `/go/${key}`)).headers.get("location") ===
            "https://changed-3.example.com/";
        assert.equal(await clicked(), false, "not a click path yet");
        const res = await onB.put("/api/settings/url-customization", { clickPath: "/go" });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const ms = await propagation(clicked);
        figures.push(`settings ${ms.toFixed(1)} ms`);
        assert.ok(ms <= 1000, `A took the new path after ${ms} ms`);
      });
      console.log(`propagation B → A: ${figures.join(", ")}`);
    } finally {
      await stop(a, b);
    }
  },
);

postgresTest(
  "Several nodes: sessions, sign-in limits and the sealed auth secret are shared",
  async (t, url) => {
    const a = node(url);
    const b = node(url);
    try {
      await a.addUser("alice", "admin");

      await t.step("a session made on A works on B, and signing out on B ends it", async () => {
        const cookie = await a.signIn("alice", TEST_PASSWORD);
        const role = await apiAs(b, cookie).call(SESSION_ROUTES.role, {});
        assert.equal(role.role, "admin");
        assert.equal((await b.send("/api/user/logout", {}, { cookie })).status, 200);
        assert.equal((await a.request("/api/user/role", { cookie })).status, 403);
      });

      await t.step("failed sign-ins counted on A refuse the address on B", async () => {
        const ip = "198.51.100.7";
        const wrong = { login: "alice", password: "wrong password" };
        for (let i = 0; i < 10; i++) {
          const res = await a.send("/api/user/sign_in", wrong, { ip });
          assert.equal(res.status, 401);
        }
        const right = { login: "alice", password: TEST_PASSWORD };
        const onB = await b.send("/api/user/sign_in", right, { ip });
        assert.equal(onB.status, 429);
        assert.ok(Number(onB.headers.get("retry-after")) > 0);
        const other = await b.send("/api/user/sign_in", right, { ip: "198.51.100.8" });
        assert.equal(other.status, 200, "another address is not limited");
      });

      await t.step("a secret sealed on A opens on B and on a restarted node", async () => {
        const secret = async (app: TestApp) => {
          const cookie = await app.signIn("alice", TEST_PASSWORD);
          return (await apiAs(app, cookie).call(SESSION_ROUTES.secret, {})).secret;
        };
        const made = await secret(a);
        assert.equal(await secret(b), made, "B opened A's sealed secret (a new one would differ)");
        await stop(b);
        const restarted = node(url);
        try {
          assert.equal(await secret(restarted), made);
        } finally {
          await stop(restarted);
        }
      });
    } finally {
      await stop(a);
    }
  },
);

postgresTest(
  "Several nodes: the seal key is made once and every node seals and opens with it",
  async (_t, url) => {
    // Each node inserts a key unless one exists, then reads the one stored: the first wins.
    const dbs = [openPostgres(url), openPostgres(url)];
    try {
      const { seal, unseal } = await import("../../auth/seal.ts");
      const sealed = dbs.map((db) => seal(db, "same"));
      assert.equal(unseal(dbs[0], sealed[1]), "same");
      assert.equal(unseal(dbs[1], sealed[0]), "same");
      assert.equal(dbs[0].prepare("SELECT count(*) AS n FROM auth_seal_key").get()!.n, 1);
    } finally {
      for (const db of dbs) db.close();
    }
  },
);

postgresTest(
  "Several nodes: two nodes starting on an empty database make one first admin",
  async (_t, url) => {
    const dbs = [openPostgres(url), openPostgres(url)];
    try {
      const made = await Promise.all(
        dbs.map((db) => ensureFirstAdmin(db, { username: "admin", password: TEST_PASSWORD })),
      );
      assert.deepEqual(made.map((m) => m.created).sort(), [false, true]);
      assert.equal(dbs[1].prepare("SELECT count(*) AS n FROM users").get()!.n, 1);
    } finally {
      for (const db of dbs) db.close();
    }
  },
);

/** Test hook: exactly one loopback port stands in for a public server. */
const onlyPort = (port: number) => (addr: IpAddress, p: number) =>
  formatIp(addr) === "127.0.0.1" && p === port;

postgresTest(
  "Several nodes: a double-meta click's second page opens on the other node",
  async (_t, url) => {
    const a = node(url);
    const b = node(url);
    try {
      await a.addUser("root", "super-admin");
      const onA = apiAs(a, await a.signIn("root", TEST_PASSWORD));
      const created = await onA.post(
        "/api/campaigns",
        buildCampaign({
          destination: { type: "url", url: "https://offer.example.com/?a=1" },
          redirectMode: "double-meta",
        }),
      );
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const first = await click(a, `/c/${created.body.key}`);
      assert.equal(first.status, 200);
      const hop = /url=([^"]+)"/.exec(await first.text())![1]
        .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
      assert.match(hop, /^\/c\/[\w-]+\/hop\?/);
      // The balancer may send the visitor's second request to the other node.
      const second = await click(b, hop);
      assert.equal(second.status, 200, "the hop address opens on node B");
      assert.match(await second.text(), /url=https:\/\/offer\.example\.com\/\?a=1/);
    } finally {
      await stop(a, b);
    }
  },
);

postgresTest("Several nodes: each S2S postback goes out once with two queues", async (_t, url) => {
  const seen: string[] = [];
  const target = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    seen.push(new URL(req.url).searchParams.get("c")!);
    return new Response("ok");
  });
  const s2s = { backoffMs: [0], fetch: { allowAddress: onlyPort(target.addr.port) } };
  const s = await trackingApp({ db: openPostgres(url), tracking: { s2s } });
  const b = node(url);
  b.deps.tracking = new TrackingEngine(b.deps.db, { s2s, node: b.deps.config.nodeId });
  try {
    await s.api.patch(`/api/traffic-sources/${s.sourceId}`, {
      postbackUrl: `http://127.0.0.1:${target.addr.port}/pb?c={clickid}`,
      postbackStatuses: ["sale"],
    });
    const clicks: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = clickIdOf(await s.click({ query: `?subid=ext-${i}` }));
      clicks.push(id);
      const res = await s.app.request(`/postback?token=s3cr3t-token&clickid=${id}&status=sale`, {
        ip: NETWORK_IP,
      });
      assert.equal(res.status, 200);
    }
    const queued = s.app.deps.db.prepare("SELECT count(*) AS n FROM s2s_queue").get()!.n;
    assert.equal(queued, 12);
    // Both nodes drain the one queue at once, twice over.
    const now = Date.now() + 1;
    await Promise.all([
      s.app.deps.tracking.s2s.runDue(now),
      b.deps.tracking.s2s.runDue(now),
      s.app.deps.tracking.s2s.runDue(now),
      b.deps.tracking.s2s.runDue(now),
    ]);
    assert.equal(seen.length, 12, `sent ${seen.length} for 12 conversions`);
    assert.deepEqual([...seen].sort(), [...clicks].sort(), "each conversion's postback once");
    assert.equal(s.app.deps.db.prepare("SELECT count(*) AS n FROM s2s_queue").get()!.n, 0);
  } finally {
    await stop(s.app, b);
    await target.shutdown();
  }
});

postgresTest(
  "Several nodes: a due trigger is checked and fires once with two schedulers",
  async (t, url) => {
    const nodes = [0, 1].map(() => {
      const db = openPostgres(url);
      const reads = new ReadWorker(db);
      setTriggerClock(db, () => T0);
      return { db, reads };
    });
    const [first] = nodes;
    /** Firings of trigger `id`, and the most for any one subject (campaign). */
    const fires = (id: number) => {
      const rows = first.db.prepare(
        "SELECT count(*) AS n FROM trigger_actions WHERE trigger_id = ? GROUP BY subject",
      ).all(id).map((r) => Number(r.n));
      return { subjects: rows.length, most: Math.max(0, ...rows) };
    };
    const makeTrigger = (db: Db, name: string) => {
      const campaign = createEntity(db, campaignDef, CampaignInput.parse(buildCampaign({ name })));
      for (let i = 0; i < 20; i++) {
        insertTestClick(db, { ts: T0 - HOUR, campaignId: Number(campaign.id), cost: 1 });
      }
      return Number(
        createEntity(
          db,
          triggerDef,
          TriggerInput.parse({
            name,
            scope: { type: "campaign" },
            conditions: [metric("cost >= 20", "1 days")],
            actions: [{ kind: "notify", channels: ["panel"] }],
            checkEveryMinutes: 5,
            cooldownMinutes: 60,
          }),
        ).id,
      );
    };
    try {
      first.db.exec("UPDATE triggers SET enabled = 0"); // the install's defaults
      await t.step("both nodes run the due checks at once: one checks it", async () => {
        const id = makeTrigger(first.db, "Spend");
        const checked = await Promise.all(nodes.map((n) => runDueTriggers(n)));
        assert.deepEqual(checked.flat(), [id]);
        assert.deepEqual(fires(id), { subjects: 1, most: 1 });
      });
      await t.step("both schedulers running: the next due trigger fires once", async () => {
        first.db.exec("UPDATE triggers SET enabled = 0");
        const id = makeTrigger(first.db, "Spend 2");
        const stops = nodes.map((n) => startTriggerScheduler(n, 20));
        try {
          // Both campaigns (the first step's too) spent 20: one firing each.
          await waitFor(() => fires(id).subjects === 2, {
            timeoutMs: 30_000,
            message: "the trigger fired",
          });
          // Due again at T0 + 5 min on both clocks: both schedulers check again (in cooldown).
          const checkedAt = () =>
            Number(
              first.db.prepare("SELECT next_check_at AS n FROM triggers WHERE id = ?").get(id)!.n,
            );
          const next = checkedAt();
          for (const n of nodes) setTriggerClock(n.db, () => T0 + 5 * MIN);
          await waitFor(() => checkedAt() > next, { timeoutMs: 30_000, message: "checked again" });
          assert.deepEqual(fires(id), { subjects: 2, most: 1 });
        } finally {
          for (const stopIt of stops) stopIt();
        }
      });
    } finally {
      for (const n of nodes) {
        n.reads.close();
        n.db.close();
      }
    }
  },
);

postgresTest("Several nodes: a job runs on one node at a time, once a period", async (t, url) => {
  const [a, b] = [openPostgres(url), openPostgres(url)];
  try {
    await t.step("while A runs it, B skips it; after, B may", async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => release = resolve);
      const onA = onceAcrossNodes(a, { name: "demo" }, () => held.then(() => "A"));
      assert.equal(await onceAcrossNodes(b, { name: "demo" }, () => "B"), null);
      release();
      assert.equal(await onA, "A");
      assert.equal(await onceAcrossNodes(b, { name: "demo" }, () => "B"), "B");
    });
    await t.step("a periodic job claimed by A this hour is skipped by B", async () => {
      const hourly = { name: "hourly", everyMs: HOUR, now: T0 };
      assert.equal(await onceAcrossNodes(a, hourly, () => "A"), "A");
      assert.equal(await onceAcrossNodes(b, { ...hourly, now: T0 + 30 * MIN }, () => "B"), null);
      assert.equal(await onceAcrossNodes(b, { ...hourly, now: T0 + HOUR }, () => "B"), "B");
    });
    await t.step(
      "cost updates: one node writes at a time; a node starting meanwhile leaves it alone",
      async () => {
        const id = Number(
          a.prepare(
            `INSERT INTO cost_updates (ts, username, source, campaign_ids, period_from, period_to,
             tz, filters, mode, unique_only, amount, currency, clicks, cost_before, cost_after,
             state)
           VALUES (0, 'root', 'panel', '[]', '', '', 'UTC', '[]', 'replace', 0, 0, 'USD', 0, 0, 0,
             'applying') RETURNING id`,
          ).get()!.id,
        );
        let release = () => {};
        const held = new Promise<void>((resolve) => release = resolve);
        const applying = whileHeld(a, "cost-updates", () => held);
        assert.deepEqual(recoverCostUpdates(b), [], "A is applying it");
        let bWrote = false;
        const onB = whileHeld(b, "cost-updates", () => Promise.resolve(bWrote = true));
        await new Promise((resolve) => setTimeout(resolve, 200));
        assert.equal(bWrote, false, "B's update waits for A's");
        release();
        await applying;
        await onB;
        assert.equal(bWrote, true);
        assert.deepEqual(recoverCostUpdates(b), [id], "a crash's leftover is recovered");
      },
    );
    await t.step("a node that dies lets go of its jobs", async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => release = resolve);
      const onA = onceAcrossNodes(a, { name: "demo" }, () => held);
      assert.equal(await onceAcrossNodes(b, { name: "demo" }, () => "B"), null);
      b.prepare(
        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND pid <> pg_backend_pid()",
      ).all();
      await waitFor(
        async () => await onceAcrossNodes(b, { name: "demo" }, () => "B") === "B",
        { timeoutMs: 10_000, message: "B takes the job" },
      );
      release();
      await onA.catch(() => {});
    });
  } finally {
    a.close();
    b.close();
  }
});

postgresTest(
  "Several nodes: a second running node under one node's name is refused",
  async (_t, url) => {
    const first = openPostgres(url);
    const second = openPostgres(url);
    try {
      const running = new TrackingEngine(first, { node: "eu-1" });
      assert.throws(
        () => new TrackingEngine(second, { node: "eu-1" }),
        /node name "eu-1" is in use by another running Rotor node.*ROTOR_NODE_ID/,
      );
      // Once the first node is gone, its name is free again (a restart keeps its name).
      await running.close();
      first.close();
      const restarted = new TrackingEngine(second, { node: "eu-1" });
      await restarted.close();
    } finally {
      second.close();
    }
  },
);
