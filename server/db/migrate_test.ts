import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { loadMigrations, migrate } from "./migrate.ts";
import { openDatabase } from "./connection.ts";

Deno.test("migrations: each applies once, in order, recorded in schema_migrations", () => {
  const db = new DatabaseSync(":memory:");
  const all = loadMigrations();
  assert.ok(all.length >= 1);
  assert.deepEqual(migrate(db), all.map((m) => m.version));
  assert.deepEqual(migrate(db), [], "a second run applies nothing");
  const rows = db.prepare("SELECT version FROM schema_migrations ORDER BY version").all();
  assert.deepEqual(rows.map((r) => Number(r.version)), all.map((m) => m.version));
});

Deno.test("migrations: a file database survives reopening, in WAL mode", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const first = openDatabase(`${dir}/rotor.db`);
    first.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('k', '1', 0)").run();
    first.close();
    const second = openDatabase(`${dir}/rotor.db`);
    assert.equal(second.prepare("PRAGMA journal_mode").get()?.journal_mode, "wal");
    assert.equal(second.prepare("SELECT value FROM settings WHERE key = 'k'").get()?.value, "1");
    second.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("migrations: a failing migration leaves nothing behind", () => {
  const db = new DatabaseSync(":memory:");
  migrate(db);
  db.exec("BEGIN");
  try {
    db.exec("CREATE TABLE half (x INTEGER)");
    db.exec("INSERT INTO nowhere VALUES (1)");
    db.exec("COMMIT");
  } catch {
    db.exec("ROLLBACK");
  }
  const half = db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get();
  assert.equal(half, undefined, "DDL is transactional in SQLite, which migrate() relies on");
});
