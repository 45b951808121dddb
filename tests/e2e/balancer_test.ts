/**
 * nginx in front of two Rotor nodes with the deployment's own config
 * (`deploy/nginx/rotor.conf`, issue 16): a visitor keeps to one node, the
 * node stores the visitor's address from the hop nginx appends, and after a
 * `kill -9` of one node under load the balancer sends its visitors to the
 * other, with every click that got a 302 stored exactly once.
 *
 * The two nodes start from copies of one data folder (same campaign, same
 * key): each keeps its own SQLite file here; the shared PostgreSQL store of
 * decision 172 replaces the copies when it lands.
 */
import assert from "node:assert/strict";
import http from "node:http";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ADMIN_PASSWORD, ROOT, type ServerProcess, spawnServer } from "../helpers/server.ts";
import { directCampaign } from "../helpers/panel.ts";
import { nginxMissing, startBalancer } from "../helpers/nginx.ts";
import { waitFor } from "../helpers/wait.ts";

function spawn(dataDir: string): Promise<ServerProcess> {
  return spawnServer(join(ROOT, "server/main.ts"), {
    env: { ROTOR_DATA: dataDir, ROTOR_ADMIN_PASSWORD: ADMIN_PASSWORD, ROTOR_TRUST_PROXY: "1" },
  });
}

/** One click from `from` (a loopback source address): its status and click id. */
function click(url: string, from: string): Promise<{ status: number; id: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress: from, agent: false }, (res) => {
      res.resume();
      res.on("end", () => {
        const cookie = res.headers["set-cookie"]?.[0] ?? "";
        resolve({ status: res.statusCode ?? 0, id: cookie.split(";")[0].split("=")[1] ?? "" });
      });
    });
    req.on("error", reject);
  });
}

/** Click ids and the address each was stored with, from a stopped node's data folder. */
function storedClicks(dataDir: string): Map<string, string> {
  const db = new DatabaseSync(join(dataDir, "rotor.db"));
  try {
    const rows = db.prepare("SELECT id, ip FROM clicks").all();
    return new Map(rows.map((r) => [String(r.id), String(r.ip)]));
  } finally {
    db.close();
  }
}

const VISITORS = Array.from({ length: 41 }, (_, i) => `127.0.0.${i + 2}`);

/** The visitors in a random order (a round robin would otherwise look sticky). */
function shuffled(): string[] {
  return VISITORS.map((v) => [Math.random(), v] as const).sort((x, y) => x[0] - y[0]).map(([, v]) =>
    v
  );
}
const missing = nginxMissing();
if (missing) console.warn(`skipped the balancer test: ${missing}`);

Deno.test({
  name: "balancer: nginx keeps a visitor on one node and moves them when it dies, losing no click",
  ignore: missing !== undefined,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dirA = await Deno.makeTempDir({ prefix: "rotor-node-a-" });
    const dirB = await Deno.makeTempDir({ prefix: "rotor-node-b-" });
    const first = await spawn(dirA);
    const { key } = await directCampaign(first.url, {
      name: "Balanced campaign",
      offer: { name: "Balanced offer", url: "https://offer.example.com/?c={clickid}", payout: 1 },
    });
    first.child.kill("SIGTERM");
    await first.child.status;
    await new Deno.Command("cp", { args: ["-a", `${dirA}/.`, dirB] }).output();

    const a = await spawn(dirA);
    const b = await spawn(dirB);
    const balancer = await startBalancer([a.url, b.url].map((u) => new URL(u).host));
    const answered: { visitor: string; id: string }[] = [];
    try {
      // Round one, both nodes up: three clicks a visitor.
      for (let round = 0; round < 3; round++) {
        for (const visitor of shuffled()) {
          const res = await click(`${balancer.url}/c/${key}`, visitor);
          assert.equal(res.status, 302, `a click from ${visitor} is redirected`);
          answered.push({ visitor, id: res.id });
        }
      }
      // Under load, node A dies; the visitors keep clicking through the balancer.
      let killed = false;
      let afterKill = 0;
      const load = VISITORS.map(async (visitor) => {
        while (afterKill < 400) {
          try {
            const res = await click(`${balancer.url}/c/${key}?load=1`, visitor);
            if (res.status === 302) {
              answered.push({ visitor, id: res.id });
              if (killed) afterKill++;
            }
          } catch { /* the balancer's connection broke with the node: no 302, no promise */ }
        }
      });
      await waitFor(() => answered.length >= VISITORS.length * 3 + 300, {
        message: "clicks flow through the balancer",
      });
      a.child.kill("SIGKILL");
      await a.child.status;
      killed = true;
      await Promise.all(load);
      // With node A gone, every visitor is answered (by node B).
      await Promise.all(VISITORS.map(async (visitor) => {
        const res = await click(`${balancer.url}/c/${key}?after=1`, visitor);
        assert.equal(res.status, 302, `${visitor} is answered after node A died`);
        answered.push({ visitor, id: res.id });
      }));
    } finally {
      await balancer.stop();
      b.child.kill("SIGTERM");
      await b.child.status;
    }

    const onA = storedClicks(dirA);
    const onB = storedClicks(dirB);
    const lost = answered.filter(({ id }) => !onA.has(id) && !onB.has(id));
    assert.deepEqual(lost, [], `${lost.length} of ${answered.length} answered clicks were lost`);
    assert.equal(new Set(answered.map((c) => c.id)).size, answered.length, "no id answered twice");
    // Every click is stored with the visitor's own address, from the hop nginx appended.
    for (const { visitor, id } of answered) {
      assert.equal(onA.get(id) ?? onB.get(id), visitor, `click ${id} keeps ${visitor}`);
    }
    // Both nodes served, and while both were up each visitor kept to one of them.
    const firstRounds = answered.slice(0, VISITORS.length * 3);
    const nodeOf = new Map<string, Set<string>>();
    for (const { visitor, id } of firstRounds) {
      const nodes = nodeOf.get(visitor) ?? new Set();
      nodes.add(onA.has(id) ? "A" : "B");
      nodeOf.set(visitor, nodes);
    }
    for (const [visitor, nodes] of nodeOf) {
      assert.equal(nodes.size, 1, `${visitor} kept to one node`);
    }
    const served = new Set([...nodeOf.values()].flatMap((n) => [...n]));
    assert.deepEqual([...served].sort(), ["A", "B"], "the hash spread visitors over both nodes");
    // After the kill, node A's visitors were answered by node B.
    const movedVisitors = [...nodeOf].filter(([, n]) => n.has("A")).map(([v]) => v);
    const lastClicks = answered.slice(-VISITORS.length);
    for (const { visitor, id } of lastClicks.filter((c) => movedVisitors.includes(c.visitor))) {
      assert.ok(onB.has(id), `${visitor}'s click after the kill went to node B`);
    }
    await Deno.remove(dirA, { recursive: true });
    await Deno.remove(dirB, { recursive: true });
  },
});
