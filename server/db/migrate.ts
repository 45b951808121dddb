/**
 * Numbered SQL migrations, each applied once, inside a transaction, and
 * recorded in `schema_migrations`: SQLite's in `migrations/NNN_name.sql`,
 * PostgreSQL's in `pg_migrations/NNN_name.sql` (decision 172).
 */
import type { Db } from "./connection.ts";

type Migration = { version: number; name: string; sql: string };

/** Which store's migrations. */
export type Dialect = "sqlite" | "postgres";

const DIRS: Record<Dialect, URL> = {
  sqlite: new URL("./migrations/", import.meta.url),
  postgres: new URL("./pg_migrations/", import.meta.url),
};

/** Reads the migration files in version order. */
export function loadMigrations(dialect: Dialect = "sqlite"): Migration[] {
  const DIR = DIRS[dialect];
  const list: Migration[] = [];
  for (const entry of Deno.readDirSync(DIR)) {
    const match = /^(\d+)_([\w-]+)\.sql$/.exec(entry.name);
    if (!entry.isFile || !match) continue;
    const sql = Deno.readTextFileSync(new URL(entry.name, DIR));
    list.push({ version: Number(match[1]), name: match[2], sql });
  }
  list.sort((a, b) => a.version - b.version);
  list.forEach((m, i) => {
    if (i > 0 && m.version === list[i - 1].version) {
      throw new Error(`Two migrations share version ${m.version}`);
    }
  });
  return list;
}

/** Applies every migration not yet recorded (up to `through`); returns the versions applied now. */
export function migrate(db: Db, dialect: Dialect = "sqlite", through = Infinity): number[] {
  db.exec(
    dialect === "sqlite"
      ? `CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  ) STRICT`
      : `CREATE TABLE IF NOT EXISTS schema_migrations (
    version bigint PRIMARY KEY,
    name text NOT NULL,
    applied_at bigint NOT NULL
  )`,
  );
  const done = new Set(
    db.prepare("SELECT version FROM schema_migrations").all().map((r) => Number(r.version)),
  );
  const applied: number[] = [];
  for (const m of loadMigrations(dialect)) {
    if (done.has(m.version) || m.version > through) continue;
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(m.sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)")
        .run(m.version, m.name, Date.now());
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      throw new Error(`Migration ${m.version}_${m.name} failed: ${(err as Error).message}`);
    }
    applied.push(m.version);
  }
  return applied;
}
