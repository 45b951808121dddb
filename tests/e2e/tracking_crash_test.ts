/**
 * Durability of the real process: a 5k-click load, `kill -9` at a random
 * moment, restart — every click that got its 302 is stored exactly once and
 * the database is intact, and the rollups (whose newest sums were in memory)
 * equal the raw clicks again; postbacks stay idempotent across retries and restarts.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ADMIN_PASSWORD, ROOT, type ServerProcess, spawnServer } from "../helpers/server.ts";
import { directCampaign } from "../helpers/panel.ts";
import { UA } from "../../server/tracking/enrich/test_agents.ts";

function spawn(dataDir: string): Promise<ServerProcess> {
  return spawnServer(join(ROOT, "server/main.ts"), {
    env: { ROTOR_DATA: dataDir, ROTOR_ADMIN_PASSWORD: ADMIN_PASSWORD, ROTOR_TRUST_PROXY: "1" },
  });
}

function setUp(url: string) {
  return directCampaign(url, {
    name: "Crash campaign",
    offer: { name: "Crash offer", url: "https://offer.example.com/?c={clickid}", payout: 2.5 },
  });
}

Deno.test({
  name: "crash: after kill -9 under load, every click answered 302 is stored exactly once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "rotor-crash-" });
    let server = await spawn(dataDir);
    const { key } = await setUp(server.url);
    const answered: string[] = [];
    let next = 0;
    const killAt = 1000 + Math.floor(Math.random() * 3000);
    let killed = false;
    const worker = async () => {
      while (next < 5000 && !killed) {
        const i = next++;
        try {
          const res = await fetch(`${server.url}/c/${key}?n=${i}`, {
            redirect: "manual",
            headers: { "user-agent": UA.galaxy, "x-forwarded-for": `81.2.${i >> 8}.${i & 255}` },
          });
          await res.body?.cancel();
          if (res.status === 302) {
            const cookie = res.headers.getSetCookie()[0];
            answered.push(cookie.split(";")[0].split("=")[1]);
          }
        } catch { /* the server died mid-request: no 302, no promise */ }
        if (answered.length >= killAt && !killed) {
          killed = true;
          server.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 64 }, worker));
    await server.child.status;
    assert.ok(killed, "the server was killed under load");

    server = await spawn(dataDir);
    try {
      const db = new DatabaseSync(join(dataDir, "rotor.db"), { readOnly: true });
      assert.equal(db.prepare("PRAGMA integrity_check").get()!.integrity_check, "ok");
      const stored = new Set(
        db.prepare("SELECT id FROM clicks").all().map((r) => String(r.id)),
      );
      const lost = answered.filter((id) => !stored.has(id));
      assert.deepEqual(lost, [], `${lost.length} of ${answered.length} answered clicks were lost`);
      assert.equal(new Set(answered).size, answered.length, "no click id was answered twice");
      // The sums held in memory at the kill were added back from the raw clicks at start.
      const raw = db.prepare(
        "SELECT count(*) AS clicks, sum(is_unique) AS uniques, sum(cost) AS cost FROM clicks",
      ).get();
      for (const cube of ["rollup_flow", "rollup_geo", "rollup_tech"]) {
        const rolled = db.prepare(
          `SELECT sum(clicks) AS clicks, sum(unique_clicks) AS uniques, sum(cost) AS cost
           FROM ${cube}`,
        ).get();
        assert.deepEqual({ ...rolled }, { ...raw }, `${cube} equals the raw clicks`);
      }
      db.close();
      // The server takes clicks again after the crash.
      const res = await fetch(`${server.url}/c/${key}`, { redirect: "manual" });
      await res.body?.cancel();
      assert.equal(res.status, 302);
    } finally {
      server.child.kill("SIGTERM");
      assert.equal((await server.child.status).code, 0, "SIGTERM exits 0");
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});

Deno.test({
  name: "postback: concurrent retries and a restart count one conversion",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "rotor-postback-" });
    let server = await spawn(dataDir);
    try {
      const { key } = await setUp(server.url);
      const res = await fetch(`${server.url}/c/${key}`, { redirect: "manual" });
      await res.body?.cancel();
      const clickId = res.headers.getSetCookie()[0].split(";")[0].split("=")[1];
      const postback = `/postback?clickid=${clickId}&status=sale&txid=T-1`;
      const send = async () => {
        const r = await fetch(server.url + postback);
        return (await r.json()).recorded as boolean;
      };
      const first = await Promise.all(Array.from({ length: 40 }, send));
      assert.equal(first.filter(Boolean).length, 1);
      server.child.kill("SIGTERM");
      assert.equal((await server.child.status).code, 0);
      server = await spawn(dataDir);
      const after = await Promise.all(Array.from({ length: 10 }, send));
      assert.equal(after.filter(Boolean).length, 0, "a retry after a restart changes nothing");
      const db = new DatabaseSync(join(dataDir, "rotor.db"), { readOnly: true });
      assert.equal(db.prepare("SELECT count(*) AS n FROM conversions").get()!.n, 1);
      db.close();
    } finally {
      server.child.kill("SIGTERM");
      await server.child.status;
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
