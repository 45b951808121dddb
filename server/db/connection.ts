/**
 * The SQLite connection: WAL mode, foreign keys, a busy timeout, and the
 * migrations applied before anything else touches the file.
 */
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { migrate } from "./migrate.ts";

export type Db = DatabaseSync;

/** Opens (and migrates) `path`; `":memory:"` gives a fresh database for tests. */
export function openDatabase(path: string): Db {
  const db = new DatabaseSync(path);
  db.exec("PRAGMA journal_mode = WAL");
  // NORMAL in WAL mode survives a process crash; only an OS crash can lose the last commits.
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  db.exec("PRAGMA busy_timeout = 5000");
  migrate(db);
  return db;
}

/** Opens the database of a data folder, creating the folder when absent. */
export function openDataDir(dataDir: string): Db {
  Deno.mkdirSync(dataDir, { recursive: true });
  return openDatabase(join(dataDir, "rotor.db"));
}

/** Runs `fn` in one transaction: all of it commits, or none of it. */
export function transaction<T>(db: Db, fn: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = fn();
    db.exec("COMMIT");
    return result;
  } catch (err) {
    db.exec("ROLLBACK");
    throw err;
  }
}
