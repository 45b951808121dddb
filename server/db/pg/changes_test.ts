import assert from "node:assert/strict";
import { postgresTest } from "../../../tests/helpers/postgres.ts";
import { waitFor } from "../../../tests/helpers/wait.ts";
import { openPostgres } from "../connection.ts";
import type { PgBridge } from "./bridge.ts";

postgresTest(
  "PostgreSQL changes: a committed write reaches another node's feed; a lost LISTEN comes back as *",
  async (t, url) => {
    const a = openPostgres(url) as PgBridge;
    const b = openPostgres(url) as PgBridge;
    try {
      const feed = a.changes();
      const seen: string[] = [];
      feed.onChange((table, key) => seen.push(key ? `${table}:${key}` : table));
      const settle = async (want: string) => {
        await waitFor(() => {
          feed.poll();
          return seen.includes(want);
        }, { timeoutMs: 10_000, intervalMs: 5, message: want });
      };
      await settle("*"); // the first LISTEN reports itself too

      await t.step("an insert, an update and a settings write, each named", async () => {
        const id = Number(
          b.prepare(
            `INSERT INTO rotations (name, rules, default_paths, created_at, updated_at)
             VALUES ('R', '[]', '[]', 0, 0) RETURNING id`,
          ).get()!.id,
        );
        await settle(`rotations:${id}`);
        b.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('x', '1', 0)").run();
        await settle("settings:x");
      });

      await t.step("nothing is delivered before commit, and a rollback sends nothing", async () => {
        seen.length = 0;
        b.exec("BEGIN");
        b.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('y', '1', 0)").run();
        b.exec("ROLLBACK");
        b.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('z', '1', 0)").run();
        await settle("settings:z");
        assert.ok(!seen.includes("settings:y"), seen.join(" "));
      });

      await t.step("sign-ins' own columns tell nobody; a role change does", async () => {
        seen.length = 0;
        const id = Number(
          b.prepare(
            `INSERT INTO users (username, role, password_hash, created_at, updated_at)
             VALUES ('u', 'user', 'x', 0, 0) RETURNING id`,
          ).get()!.id,
        );
        await settle(`users:${id}`);
        seen.length = 0;
        b.prepare("UPDATE users SET password_hash = 'y' WHERE id = ?").run(id);
        b.prepare("UPDATE users SET role = 'admin' WHERE id = ?").run(id);
        await settle(`users:${id}`);
        assert.equal(seen.filter((s) => s === `users:${id}`).length, 1);
      });

      await t.step("latency: from B's commit to A's feed (printed)", async () => {
        const times: number[] = [];
        for (let i = 0; i < 50; i++) {
          const started = performance.now();
          b.prepare("INSERT INTO settings (key, value, updated_at) VALUES (?, '1', 0)").run(
            `l${i}`,
          );
          await waitFor(() => {
            feed.poll();
            return seen.includes(`settings:l${i}`);
          }, { timeoutMs: 10_000, intervalMs: 0, message: `write ${i}` });
          times.push(performance.now() - started);
        }
        times.sort((p, q) => p - q);
        const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
        console.log(
          `notification latency over 50 writes: median ${at(0.5).toFixed(2)} ms, ` +
            `p90 ${at(0.9).toFixed(2)} ms, max ${at(1).toFixed(2)} ms`,
        );
        assert.ok(at(1) < 1000);
      });

      await t.step("the LISTEN connection killed: listening again, then * (drop all)", async () => {
        seen.length = 0;
        const killed = b.prepare(
          "SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE application_name = 'rotor_listen'",
        ).get()!.n;
        assert.ok(Number(killed) >= 1);
        await settle("*");
        b.prepare("UPDATE settings SET value = '2' WHERE key = 'x'").run();
        await settle("settings:x");
      });
    } finally {
      a.close();
      b.close();
    }
  },
);
