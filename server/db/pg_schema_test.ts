import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { postgresTest } from "../../tests/helpers/postgres.ts";
import { migrate } from "./migrate.ts";
import { PgBridge } from "./pg/bridge.ts";
import { DAY_MS, pgBaselineSql } from "./pg_schema.ts";

/** Tables only PostgreSQL has: what several nodes share (003_nodes.sql). */
const POSTGRES_ONLY = new Set(["auth_failures", "auth_seal_key", "job_runs"]);

/** Every table's columns, by table name, on SQLite after all its migrations. */
function sqliteColumns(): Record<string, string[]> {
  const db = new DatabaseSync(":memory:");
  migrate(db);
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all().map((r) => String(r.name));
  const out: Record<string, string[]> = {};
  for (const t of tables) {
    out[t] = db.prepare("SELECT name FROM pragma_table_info(?) ORDER BY name").all(t)
      .map((r) => String(r.name));
  }
  db.close();
  return out;
}

Deno.test("PostgreSQL baseline: the checked-in file is the generator's output", () => {
  const file = Deno.readTextFileSync(new URL("./pg_migrations/001_baseline.sql", import.meta.url));
  assert.equal(file, pgBaselineSql(), "run `deno run -A server/db/pg_schema.ts`");
});

/** Columns only PostgreSQL has (`pg_migrations/002_click_nodes.sql`: one database, several nodes). */
const PG_ONLY: Record<string, string[]> = { clicks: ["node"], rollup_watermark: ["node"] };

postgresTest(
  "PostgreSQL migrations: the same tables and columns as SQLite's, rollups kept by triggers",
  async (t, url) => {
    const db = new PgBridge(url);
    try {
      await t.step("applied once, recorded, and a second run applies nothing", () => {
        assert.ok(migrate(db, "postgres").length >= 1);
        assert.deepEqual(migrate(db, "postgres"), []);
      });
      await t.step("every SQLite table and column exists on PostgreSQL, and no other", () => {
        const rows = db.prepare(
          `SELECT c.table_name AS t, c.column_name AS c FROM information_schema.columns c
           JOIN pg_class k ON k.relname = c.table_name AND NOT k.relispartition
           WHERE c.table_schema = 'public' AND k.relkind IN ('r', 'p')
           ORDER BY 1, 2`,
        ).all();
        const pg: Record<string, string[]> = {};
        for (const r of rows) {
          if (!POSTGRES_ONLY.has(String(r.t))) (pg[String(r.t)] ??= []).push(String(r.c));
        }
        const want = sqliteColumns();
        // PostgreSQL's own columns: the node of a click and of a watermark (several nodes, 002).
        for (const [table, columns] of Object.entries(PG_ONLY)) want[table].push(...columns);
        assert.deepEqual(
          Object.keys(pg).sort(),
          Object.keys(want).sort(),
          "a SQLite migration needs its PostgreSQL twin in server/db/pg_migrations/",
        );
        for (const table of Object.keys(want)) {
          assert.deepEqual(pg[table].sort(), want[table].sort(), `columns of ${table}`);
        }
      });
      await t.step("clicks land in their day's partition; others in the default one", () => {
        const day = Math.floor(Date.UTC(2026, 10, 26) / DAY_MS);
        assert.equal(
          db.prepare("SELECT rotor_click_partitions(?, ?) AS n").get(day, day + 1)!.n,
          2,
        );
        assert.equal(
          db.prepare("SELECT rotor_click_partitions(?, ?) AS n").get(day, day + 1)!.n,
          0,
        );
        const insert = db.prepare("INSERT INTO clicks (id, ts, campaign_id) VALUES (?, ?, 1)");
        insert.run("a", day * DAY_MS + 5);
        insert.run("b", (day + 1) * DAY_MS);
        insert.run("c", 1_000);
        const where = db.prepare(
          "SELECT id, tableoid::regclass::text AS part FROM clicks ORDER BY id",
        ).all();
        assert.deepEqual(where, [
          { id: "a", part: `clicks_${day}` },
          { id: "b", part: `clicks_${day + 1}` },
          { id: "c", part: "clicks_default" },
        ]);
      });
      await t.step(
        "a conversion adds to the sealed and hourly rollups through the triggers",
        () => {
          db.prepare("UPDATE rollup_sealed SET hour = ?").run(Number.MAX_SAFE_INTEGER);
          db.prepare(
            "INSERT INTO conversions (click_id, ts, status, payout, currency) VALUES ('a', ?, 'sale', 2500000, 'USD')",
          ).run(Date.UTC(2026, 10, 26, 3));
          const flow = db.prepare("SELECT leads, sales, revenue, approved_revenue FROM rollup_flow")
            .all();
          assert.deepEqual(flow, [{
            leads: 0,
            sales: 1,
            revenue: 2_500_000,
            approved_revenue: 2_500_000,
          }]);
          const day = db.prepare("SELECT sales, revenue FROM rollup_time_day").all();
          assert.deepEqual(day, [{ sales: 1, revenue: 2_500_000 }]);
          assert.equal(db.prepare("SELECT n FROM conversion_version").get()!.n, 1);
          db.prepare("UPDATE conversions SET status = 'rejected'").run();
          assert.deepEqual(
            db.prepare("SELECT sales, rejected, revenue FROM rollup_flow").all(),
            [{ sales: 0, rejected: 1, revenue: 0 }],
          );
        },
      );
      await t.step("a click with two current conversions moves both (summed by key first)", () => {
        db.prepare(
          "INSERT INTO conversions (click_id, ts, status, payout, currency, txid, is_upsell) VALUES ('a', ?, 'sale', 1000000, 'USD', 'up', 1)",
        ).run(Date.UTC(2026, 10, 26, 3, 30));
        db.prepare("UPDATE clicks SET campaign_id = 2 WHERE id = 'a'").run();
        const rows = db.prepare(
          "SELECT campaign_id, sum(sales) AS sales, sum(rejected) AS rejected FROM rollup_flow GROUP BY 1 ORDER BY 1",
        ).all();
        assert.deepEqual(rows, [
          { campaign_id: 1, sales: 0, rejected: 0 },
          { campaign_id: 2, sales: 1, rejected: 1 },
        ]);
      });
      await t.step(
        "SQLite's group_concat leaves NULLs out; report statements run without JIT",
        () => {
          const concat = (values: (string | null)[]) =>
            db.prepare(
              `SELECT group_concat(x) AS g FROM (VALUES (NULL::text)${
                values.map((v) => v === null ? ", (NULL)" : `, ('${v}')`).join("")
              }) v(x)`,
            ).get()!.g;
          assert.equal(concat([null, "EUR", null, "GBP", "EUR"]), "EUR,GBP,EUR");
          assert.equal(concat([null, null]), null);
          assert.equal(concat([]), null);
          assert.equal(db.prepare("SELECT current_setting('jit') AS jit").get()!.jit, "off");
        },
      );
    } finally {
      db.close();
    }
  },
);
