/**
 * `rotor backup` and `rotor restore` on a PostgreSQL store (issue 18 item 5,
 * issue 16 item 1): clicks flow into the real server on PostgreSQL while the
 * CLI dumps the database; the backup restored into a fresh database holds
 * every click that got its 302 before the backup started, and the hosted
 * files come back too.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ADMIN_PASSWORD, ROOT, runCli, spawnServer, stopServer } from "../helpers/server.ts";
import { directCampaign } from "../helpers/panel.ts";
import { postgresTest } from "../helpers/postgres.ts";
import { waitFor } from "../helpers/wait.ts";
import { PgBridge } from "../../server/db/pg/bridge.ts";
import { UA } from "../../server/tracking/enrich/test_agents.ts";

postgresTest(
  "backup on PostgreSQL: a backup taken while clicks flow restores into a fresh database every click answered before it",
  async (_t, url) => {
    const dataDir = await Deno.makeTempDir({ prefix: "rotor-pg-backup-" });
    const folder = join(dataDir, "my-backups");
    const env = { ROTOR_DATABASE_URL: url };
    const server = await spawnServer(join(ROOT, "server/main.ts"), {
      env: {
        ...env,
        ROTOR_DATA: dataDir,
        ROTOR_ADMIN_PASSWORD: ADMIN_PASSWORD,
        ROTOR_TRUST_PROXY: "1",
      },
    });
    let serverStopped = false;
    try {
      const { key } = await directCampaign(server.url, {
        name: "Backup campaign",
        offer: { name: "Offer", url: "https://offer.example.com/?c={clickid}", payout: 1 },
      });
      await Deno.mkdir(join(dataDir, "files", "lander"), { recursive: true });
      await Deno.writeTextFile(join(dataDir, "files", "lander", "index.html"), "<h1>kept</h1>");
      const answered: string[] = [];
      let running = true;
      let n = 0;
      const worker = async () => {
        while (running) {
          const i = n++;
          const res = await fetch(`${server.url}/c/${key}?n=${i}`, {
            redirect: "manual",
            headers: {
              "user-agent": UA.galaxy,
              "x-forwarded-for": `81.2.${(i >> 8) & 255}.${i & 255}`,
            },
          });
          await res.body?.cancel();
          if (res.status === 302) {
            answered.push(res.headers.getSetCookie()[0].split(";")[0].split("=")[1]);
          }
        }
      };
      const workers = Array.from({ length: 8 }, worker);
      await waitFor(() => answered.length >= 300, { message: "300 clicks answered" });
      const beforeBackup = [...answered];
      const backup = await runCli(["backup", "--folder", folder], { dataDir, env });
      assert.equal(backup.code, 0, backup.stderr);
      const during = answered.length;
      await waitFor(() => answered.length >= during + 100, { message: "clicks still flow" });
      running = false;
      await Promise.all(workers);
      const path = /backup written to (\S+):/.exec(backup.stdout)![1];
      assert.ok((await Deno.stat(join(path, "rotor.pgdump"))).isFile);

      await stopServer(server);
      serverStopped = true;
      await Deno.remove(join(dataDir, "files"), { recursive: true });
      const fresh = url.replace(/\/([^/?]+)(\?|$)/, "/$1_restored$2");
      const restore = await runCli(["restore", path], {
        dataDir,
        env: { ROTOR_DATABASE_URL: fresh },
      });
      assert.equal(restore.code, 0, restore.stderr);

      const db = new PgBridge(fresh);
      const stored = new Set(db.prepare("SELECT id FROM clicks").all().map((r) => String(r.id)));
      db.close();
      const lost = beforeBackup.filter((id) => !stored.has(id));
      assert.deepEqual(lost, [], `${lost.length} of ${beforeBackup.length} clicks lost`);
      assert.ok(stored.size < answered.length, "clicks after the backup are not in it");
      assert.equal(
        await Deno.readTextFile(join(dataDir, "files", "lander", "index.html")),
        "<h1>kept</h1>",
      );
    } finally {
      if (!serverStopped) await stopServer(server);
      await Deno.remove(dataDir, { recursive: true });
    }
  },
);
