/**
 * Several Rotor nodes on one PostgreSQL behind nginx (issue 16): two real
 * server processes share a throwaway cluster's database, with the
 * deployment's nginx config in front. A campaign edited through one node
 * routes on the other within a second; clicks through both nodes are counted
 * once in reports read from either; a due trigger fires once with both nodes
 * up; and a `kill -9` of one node under load loses no click that got a 302,
 * and once the node is back its unflushed clicks reach every node's reports.
 */
import assert from "node:assert/strict";
import http from "node:http";
import postgres from "postgres";
import { ADMIN_PASSWORD, ROOT, type ServerProcess, spawnServer } from "../helpers/server.ts";
import { directCampaign } from "../helpers/panel.ts";
import { nginxMissing, startBalancer } from "../helpers/nginx.ts";
import { freshDatabase, postgresOrSkip, useCluster } from "../helpers/postgres.ts";
import { waitFor } from "../helpers/wait.ts";
import { PanelClient } from "../../server/tracking/simulate/setup.ts";
import { join } from "node:path";

/** Starts a node on the shared database (`name` is its node id). */
function spawnNode(databaseUrl: string, dataDir: string, name: string): Promise<ServerProcess> {
  return spawnServer(join(ROOT, "server/main.ts"), {
    env: {
      ROTOR_DATA: dataDir,
      ROTOR_DATABASE_URL: databaseUrl,
      ROTOR_NODE_ID: name,
      ROTOR_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ROTOR_TRUST_PROXY: "1",
    },
  });
}

/** One click from `from` (a loopback source address): its status, click id and redirect. */
function click(
  url: string,
  from = "127.0.0.1",
): Promise<{ status: number; id: string; location: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress: from, agent: false }, (res) => {
      res.resume();
      res.on("end", () => {
        const cookie = res.headers["set-cookie"]?.[0] ?? "";
        resolve({
          status: res.statusCode ?? 0,
          id: cookie.split(";")[0].split("=")[1] ?? "",
          location: String(res.headers.location ?? ""),
        });
      });
    });
    req.on("error", reject);
  });
}

async function signedIn(url: string): Promise<PanelClient> {
  const panel = new PanelClient(url);
  await panel.signIn("admin", ADMIN_PASSWORD);
  return panel;
}

/** A campaign's click count in a report read from `panel`'s node. */
async function reportedClicks(panel: PanelClient, campaignId: number): Promise<number> {
  const report = await panel.call<{ totals: Record<string, number> }>(
    "GET",
    `/api/report?subjectType=campaign&subjectIds=${campaignId}&groupBy=campaign`,
  );
  return Number(report.totals.clicks ?? 0);
}

const VISITORS = Array.from({ length: 31 }, (_, i) => `127.0.0.${i + 2}`);

const skip = postgresOrSkip() ?? nginxMissing();
if (skip) console.warn(`skipped the multi-node test: ${skip}`);

Deno.test({
  name: "several nodes on one PostgreSQL behind nginx act as one tracker",
  ignore: skip !== undefined,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const { cluster, release } = await useCluster();
    const databaseUrl = await freshDatabase(cluster);
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const dirA = await Deno.makeTempDir({ prefix: "rotor-node-a-" });
    const dirB = await Deno.makeTempDir({ prefix: "rotor-node-b-" });
    // Node A migrates the empty database and makes the admin; node B finds both done.
    let a = await spawnNode(databaseUrl, dirA, "a");
    let b = await spawnNode(databaseUrl, dirB, "b");
    const nodes = () => [a, b].map((n) => new URL(n.url).host);
    let balancer = await startBalancer(nodes());
    const stopAll = async () => {
      await balancer.stop();
      for (const node of [a, b]) {
        try {
          node.child.kill("SIGTERM");
        } catch { /* already gone */ }
        await node.child.status;
      }
    };
    try {
      const first = await directCampaign(a.url, {
        name: "Shared campaign",
        offer: { name: "First offer", url: "https://first.example.com/?c={clickid}", payout: 1 },
      });
      let panelA = first.panel;
      let panelB = await signedIn(b.url);

      await t.step("a campaign edited through node B routes on node A within 1 s", async () => {
        const before = await click(`${a.url}/c/${first.key}`);
        assert.match(before.location, /^https:\/\/first\.example\.com\//);
        const offer = await panelB.call("POST", "/api/offers", {
          name: "Second offer",
          url: "https://second.example.com/?c={clickid}",
          payout: 1,
        });
        await panelB.call("PATCH", `/api/campaigns/${first.id}`, {
          destination: {
            type: "flow",
            flow: {
              rules: [],
              defaultPaths: [{ direct: true, offers: [{ offerId: offer.id, weight: 1 }] }],
            },
          },
        });
        const saved = Date.now();
        let routedAfter = 0;
        await waitFor(async () => {
          const res = await click(`${a.url}/c/${first.key}`);
          routedAfter = Date.now() - saved;
          return res.location.startsWith("https://second.example.com/");
        }, { timeoutMs: 30_000, message: "node A routes to the offer saved through node B" });
        assert.ok(routedAfter <= 1000, `node A routed the edit after ${routedAfter} ms`);
      });

      const counted = await directCampaign(a.url, {
        name: "Counted campaign",
        offer: {
          name: "Counted offer",
          url: "https://counted.example.com/?c={clickid}",
          payout: 1,
        },
      });
      const answered: { visitor: string; id: string }[] = [];

      await t.step(
        "clicks through both nodes are counted once in reports from either",
        async () => {
          for (let round = 0; round < 3; round++) {
            await Promise.all(VISITORS.map(async (visitor) => {
              const res = await click(`${balancer.url}/c/${counted.key}`, visitor);
              assert.equal(res.status, 302, `a click from ${visitor} is redirected`);
              answered.push({ visitor, id: res.id });
            }));
          }
          const rows = await sql<{ n: number }[]>`
          SELECT count(*)::int AS n FROM clicks WHERE id = ANY(${answered.map((c) => c.id)})`;
          assert.equal(Number(rows[0].n), answered.length, "every answered click is stored once");
          for (const [name, panel] of [["A", panelA], ["B", panelB]] as const) {
            await waitFor(
              async () => (await reportedClicks(panel, counted.id)) === answered.length,
              {
                message: `node ${name}'s report counts ${answered.length} clicks`,
              },
            );
          }
        },
      );

      await t.step("a due trigger fires once with two nodes up", async () => {
        const trigger = await panelA.call<{ id: number }>("POST", "/api/triggers", {
          name: "Clicks seen",
          scope: { type: "campaign", ids: [counted.id] },
          conditions: [{
            kind: "metric",
            metric: "clicks",
            window: { amount: 6, unit: "hours" },
            compare: "value",
            op: ">=",
            value: 1,
          }],
          actions: [{ kind: "notify", channels: ["panel"] }],
        });
        // Both nodes restart together, so both schedulers' first look comes in the same second.
        await stopAll();
        [a, b] = await Promise.all([
          spawnNode(databaseUrl, dirA, "a"),
          spawnNode(databaseUrl, dirB, "b"),
        ]);
        balancer = await startBalancer(nodes());
        [panelA, panelB] = await Promise.all([signedIn(a.url), signedIn(b.url)]);
        const fired = async () =>
          (await panelA.call<{ items: unknown[] }>(
            "GET",
            `/api/triggers/history?triggerId=${trigger.id}`,
          )).items.length;
        await waitFor(async () => (await fired()) > 0, { message: "the trigger fires" });
        // Both schedulers looked within about a second of each other; give the later one time.
        await new Promise((r) => setTimeout(r, 3000));
        assert.equal(await fired(), 1, "one firing across the two nodes");
      });

      await t.step("kill -9 of one node under load loses no click that got a 302", async () => {
        const sent: { visitor: string; id: string }[] = [];
        let killed = false;
        let afterKill = 0;
        const load = VISITORS.map(async (visitor) => {
          while (afterKill < 300) {
            try {
              const res = await click(`${balancer.url}/c/${counted.key}?load=1`, visitor);
              if (res.status === 302) {
                sent.push({ visitor, id: res.id });
                if (killed) afterKill++;
              }
            } catch { /* the balancer's connection broke with the node: no 302, no promise */ }
          }
        });
        await waitFor(() => sent.length >= 300, { message: "clicks flow through the balancer" });
        a.child.kill("SIGKILL");
        await a.child.status;
        killed = true;
        await Promise.all(load);
        for (const visitor of VISITORS) {
          const res = await click(`${balancer.url}/c/${counted.key}?after=1`, visitor);
          assert.equal(res.status, 302, `${visitor} is answered after node A died`);
          sent.push({ visitor, id: res.id });
        }
        const stored = new Map(
          (await sql<{ id: string; ip: string }[]>`
            SELECT id, ip FROM clicks WHERE id = ANY(${sent.map((c) => c.id)})`)
            .map((r) => [r.id, r.ip]),
        );
        const lost = sent.filter(({ id }) => !stored.has(id));
        assert.deepEqual(lost, [], `${lost.length} of ${sent.length} answered clicks were lost`);
        assert.equal(new Set(sent.map((c) => c.id)).size, sent.length, "no id answered twice");
        for (const { visitor, id } of sent) {
          assert.equal(stored.get(id), visitor, `click ${id} keeps ${visitor}`);
        }
        // Node A comes back under its own id and folds the clicks it had not flushed: then
        // reports from either node count every click both nodes answered, each once.
        a = await spawnNode(databaseUrl, dirA, "a");
        panelA = await signedIn(a.url);
        const [row] = await sql<{ n: number }[]>`
          SELECT count(*)::int AS n FROM clicks WHERE campaign_id = ${counted.id}`;
        const total = Number(row.n);
        assert.ok(total >= answered.length + sent.length);
        for (const [name, panel] of [["A", panelA], ["B", panelB]] as const) {
          await waitFor(async () => (await reportedClicks(panel, counted.id)) === total, {
            message: `node ${name}'s report counts the ${total} stored clicks`,
          });
        }
      });
    } finally {
      await stopAll();
      await sql.end();
      await release();
      await Deno.remove(dirA, { recursive: true });
      await Deno.remove(dirB, { recursive: true });
    }
  },
});
