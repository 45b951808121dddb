/**
 * `rotor backup` under load and `rotor restore` (issue 18 item 5): clicks flow
 * into the real server while the CLI copies the data folder; after a restore,
 * every click that got its 302 before the backup started is there, and so are
 * the hosted files.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ADMIN_PASSWORD, ROOT, runCli, spawnServer, stopServer } from "../helpers/server.ts";
import { directCampaign } from "../helpers/panel.ts";
import { waitFor } from "../helpers/wait.ts";
import { UA } from "../../server/tracking/enrich/test_agents.ts";

Deno.test({
  name: "backup: a backup taken while clicks flow restores every click answered before it",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "rotor-backup-" });
    const folder = join(dataDir, "my-backups");
    const server = await spawnServer(join(ROOT, "server/main.ts"), {
      env: { ROTOR_DATA: dataDir, ROTOR_ADMIN_PASSWORD: ADMIN_PASSWORD, ROTOR_TRUST_PROXY: "1" },
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
      const backup = await runCli(["backup", "--folder", folder], { dataDir });
      assert.equal(backup.code, 0, backup.stderr);
      const during = answered.length;
      await waitFor(() => answered.length >= during + 100, { message: "clicks still flow" });
      running = false;
      await Promise.all(workers);
      const path = /backup written to (\S+):/.exec(backup.stdout)![1];

      await stopServer(server);
      serverStopped = true;
      const restore = await runCli(["restore", path], { dataDir });
      assert.equal(restore.code, 0, restore.stderr);

      const db = new DatabaseSync(join(dataDir, "rotor.db"), { readOnly: true });
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
});
