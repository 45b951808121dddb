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

Deno.test("migration 180: a notification read before it stays read, for every user there is", () => {
  const db = new DatabaseSync(":memory:");
  migrate(db, "sqlite", 170);
  db.exec(`INSERT INTO users (id, username, role, password_hash, created_at, updated_at)
    VALUES (1, 'root', 'super-admin', 'x', 0, 0), (2, 'buyer', 'user', 'x', 0, 0)`);
  db.exec(`INSERT INTO notifications (id, ts, title, body, read_at)
    VALUES (10, 1, 'read', '', 5), (11, 2, 'unread', '', NULL)`);
  assert.deepEqual(migrate(db, "sqlite", 180), [180]);
  const reads = db.prepare(
    "SELECT notification_id, user_id, read_at FROM notification_reads ORDER BY 1, 2",
  ).all().map((r) => ({ ...r }));
  assert.deepEqual(reads, [
    { notification_id: 10, user_id: 1, read_at: 5 },
    { notification_id: 10, user_id: 2, read_at: 5 },
  ]);
  const columns = db.prepare("SELECT name FROM pragma_table_info('notifications')").all();
  assert.ok(!columns.some((c) => c.name === "read_at"), "the one read state for all is gone");
});
