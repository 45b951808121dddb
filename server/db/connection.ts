/**
 * The SQLite connection: WAL mode, foreign keys, a busy timeout, and the
 * migrations applied before anything else touches the file.
 */
import type { SQLInputValue, SQLOutputValue } from "node:sqlite";
import { join } from "node:path";
import { type Dialect, migrate } from "./migrate.ts";
import { PgBridge } from "./pg/bridge.ts";
import { SqliteDb } from "./sqlite.ts";
import type { ChangeFeed } from "./pg/changes.ts";
import { DAY_MS } from "./pg_schema.ts";

/** A value a statement binds, and one it answers (node:sqlite's kinds; PostgreSQL's map to them). */
export type SqlInput = SQLInputValue;
export type SqlValue = SQLOutputValue;
/** One answered row. */
export type Row = Record<string, SqlValue>;

/** A prepared statement, on either store. */
export interface Statement {
  get(...params: SqlInput[]): Row | undefined;
  all(...params: SqlInput[]): Row[];
  /** No row id: a statement that needs the new row's id says `RETURNING id` and uses `get`. */
  run(...params: SqlInput[]): { changes: number | bigint };
  iterate(...params: SqlInput[]): IterableIterator<Row>;
}

/**
 * The database seam (decision 172): all that store code uses of a connection,
 * so the same functions run on SQLite (`DatabaseSync`) and on PostgreSQL
 * (`server/db/pg/bridge.ts`).
 */
export interface Db {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
  /** The database file, or null (in memory, or not a file). */
  location(): string | null;
  readonly isTransaction: boolean;
}

/** Opens (and migrates) `path`; `":memory:"` gives a fresh database for tests. */
export function openDatabase(path: string): Db {
  const db = new SqliteDb(path);
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

/** The PostgreSQL bridge behind `db`: itself, or the one a wrapper (the click path's prefetching reads) names as `base`. */
function bridgeOf(db: Db): PgBridge | null {
  if (db instanceof PgBridge) return db;
  const base = (db as { base?: unknown }).base;
  return base instanceof PgBridge ? base : null;
}

/** Which store a connection talks to. */
export function dialectOf(db: Db): Dialect {
  return bridgeOf(db) ? "postgres" : "sqlite";
}

/** Other nodes' writes to what a node caches (PostgreSQL); null on SQLite (one process). */
export function changesOf(db: Db): ChangeFeed | null {
  return bridgeOf(db)?.changes() ?? null;
}

/** Days of `clicks` partitions made ahead of today (and kept behind it) on PostgreSQL. */
const PARTITION_DAYS_AHEAD = 7;

/**
 * Creates the `clicks` day partitions from yesterday to a week ahead that do
 * not exist yet (PostgreSQL; a click outside them lands in the default one).
 */
export function ensureClickPartitions(db: Db, now = Date.now()): number {
  if (dialectOf(db) !== "postgres") return 0;
  const today = Math.floor(now / DAY_MS);
  return Number(
    db.prepare("SELECT rotor_click_partitions(?::bigint, ?::bigint) AS n")
      .get(today - 1, today + PARTITION_DAYS_AHEAD)!.n,
  );
}

/** The advisory lock a starting PostgreSQL node holds while it migrates. */
const START_LOCK = "hashtext('rotor.job.start')";

/** Opens (and migrates) the PostgreSQL database at `url` through the synchronous bridge. */
export function openPostgres(url: string): Db {
  const db = new PgBridge(url);
  try {
    // Nodes starting together migrate and make partitions one at a time (decision 172).
    db.prepare(`SELECT pg_advisory_lock(${START_LOCK})`).get();
    try {
      migrate(db, "postgres");
      ensureClickPartitions(db);
    } finally {
      db.prepare(`SELECT pg_advisory_unlock(${START_LOCK})`).get();
    }
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/** The store of a configuration: PostgreSQL when a database URL is set, else the data folder's SQLite file. */
export function openStore(config: { dataDir: string; databaseUrl?: string }): Db {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openDataDir(config.dataDir);
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
