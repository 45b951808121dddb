import assert from "node:assert/strict";
import { postgresTest } from "../../../tests/helpers/postgres.ts";
import { PgBridge, PgError, START_LIMIT_MS } from "./bridge.ts";
import postgres from "postgres";

postgresTest(
  "PostgreSQL bridge: SQLite-shaped statements run synchronously against a real server",
  async (t, url) => {
    const db = new PgBridge(url);
    try {
      await t.step("exec, run, get and all, with ? placeholders and int8 as numbers", () => {
        db.exec(`CREATE TABLE offers (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE,
          payout bigint NOT NULL DEFAULT 0)`);
        const insert = db.prepare("INSERT INTO offers (name, payout) VALUES (?, ?) RETURNING id");
        const first = insert.get("A", 1_500_000);
        assert.deepEqual(first, { id: 1 });
        assert.equal(db.prepare("INSERT INTO offers (name) VALUES (?)").run("B").changes, 1);
        const rows = db.prepare("SELECT name, payout FROM offers ORDER BY id").all();
        assert.deepEqual(rows, [{ name: "A", payout: 1_500_000 }, { name: "B", payout: 0 }]);
        const sum = db.prepare("SELECT sum(payout) AS s, count(*) AS n FROM offers").get();
        assert.deepEqual(sum, { s: 1_500_000, n: 2 }, "sums and counts are numbers");
        assert.equal(db.prepare("SELECT * FROM offers WHERE name = ?").get("none"), undefined);
      });
      await t.step("a failed statement throws with its SQLSTATE and the connection goes on", () => {
        assert.throws(
          () => db.prepare("INSERT INTO offers (name) VALUES (?)").run("A"),
          (err) => err instanceof PgError && err.code === "23505",
        );
        assert.equal(db.prepare("SELECT count(*) AS n FROM offers").get()!.n, 2);
      });
      await t.step("BEGIN IMMEDIATE … ROLLBACK leaves nothing; COMMIT keeps all", () => {
        db.exec("BEGIN IMMEDIATE");
        db.prepare("UPDATE offers SET payout = ? WHERE name = ?").run(9, "A");
        db.exec("ROLLBACK");
        assert.equal(
          db.prepare("SELECT payout FROM offers WHERE name = 'A'").get()!.payout,
          1_500_000,
        );
        db.exec("BEGIN");
        db.prepare("UPDATE offers SET payout = ? WHERE name = ?").run(7, "B");
        db.exec("COMMIT");
        assert.equal(db.prepare("SELECT payout FROM offers WHERE name = 'B'").get()!.payout, 7);
      });
      await t.step(
        "another connection sees committed rows (several nodes share one database)",
        async () => {
          const other = postgres(url, { max: 1, onnotice: () => {} });
          const [row] = await other`SELECT count(*)::int AS n FROM offers`;
          assert.equal(row.n, 2);
          await other`INSERT INTO offers (name) VALUES ('C')`;
          await other.end();
          assert.equal(db.prepare("SELECT count(*) AS n FROM offers").get()!.n, 3);
        },
      );
      await t.step("a large answer arrives whole", () => {
        const rows = db.prepare(
          "SELECT g AS n, repeat('x', 100) AS pad FROM generate_series(1, 50000) g",
        )
          .all();
        assert.equal(rows.length, 50_000);
        assert.equal(rows.at(-1)!.n, 50_000);
      });
    } finally {
      db.close();
    }
  },
);

Deno.test("PostgreSQL bridge: a server that refuses is a clear error at once, not a query's wait", () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close(); // nothing listens there now
  const started = performance.now();
  assert.throws(
    () => new PgBridge(`postgres://rotor:secret@127.0.0.1:${port}/rotor`),
    (err) =>
      err instanceof PgError && /did not start: .*ECONNREFUSED/.test(err.message) &&
      !err.message.includes("secret"),
  );
  assert.ok(performance.now() - started < START_LIMIT_MS, "answered before the start limit");
});

Deno.test("PostgreSQL bridge: a thread without the driver fails the start with why", async () => {
  // A script outside the project's deno.json has no `postgres` in its import map.
  const dir = await Deno.makeTempDir({ prefix: "rotor-bridge-" });
  try {
    const script = `${dir}/open.ts`;
    const bridge = new URL("./bridge.ts", import.meta.url).href;
    await Deno.writeTextFile(
      script,
      `import { PgBridge } from ${JSON.stringify(bridge)};
       try { new PgBridge("postgres://rotor@127.0.0.1:1/rotor"); }
       catch (err) { console.log(String(err)); Deno.exit(3); }`,
    );
    const started = performance.now();
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--no-config", script],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 3, text);
    assert.match(text, /did not start: the driver did not load/);
    assert.ok(performance.now() - started < START_LIMIT_MS + 10_000, "not the 120 s query limit");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

postgresTest(
  "PostgreSQL bridge: a remembered rewrite is used only while its tables' keys are the same",
  (_t, url) => {
    const upsert =
      "INSERT INTO tally (a, b, n) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET n = n + 1";
    const first = new PgBridge(url);
    try {
      first.exec("CREATE TABLE tally (a bigint PRIMARY KEY, b bigint NOT NULL, n bigint)");
      assert.match(first.prepare(upsert).sql, /ON CONFLICT \(a\) DO UPDATE/);
      first.exec("DROP TABLE tally");
      first.exec("CREATE TABLE tally (a bigint, b bigint, n bigint, PRIMARY KEY (a, b))");
    } finally {
      first.close();
    }
    const second = new PgBridge(url);
    try {
      assert.match(second.prepare(upsert).sql, /ON CONFLICT \(a, b\) DO UPDATE/);
      second.prepare(upsert).run(1, 2, 1);
      second.prepare(upsert).run(1, 2, 1);
      assert.equal(second.prepare("SELECT n FROM tally").get()!.n, 2);
    } finally {
      second.close();
    }
    return Promise.resolve();
  },
);
