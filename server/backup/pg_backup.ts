/**
 * Backups of a PostgreSQL store (decision 102, issue 18 item 5; decision 172):
 * `pg_dump` in its custom format takes the database, online, from one
 * snapshot. The snapshot is exported by a repeatable-read transaction that
 * also counts the checked tables, so the manifest's counts are the dump's own
 * however fast clicks arrive meanwhile. A restore first loads the dump into a
 * scratch database and compares the counts there; only then is the current
 * database renamed aside (kept, never dropped) and the scratch one renamed
 * into its place.
 */
import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { PgBridge } from "../db/pg/bridge.ts";
import type { Db } from "../db/connection.ts";
import { assertKnownSchema } from "./schema_check.ts";

/** The dump's file name inside a backup folder. */
export const PG_DUMP = "rotor.pgdump";

/** Where PostgreSQL's own programs are looked for first (the newest version wins). */
const PG_LIB = "/usr/lib/postgresql";

/**
 * The path of `pg_dump` or `pg_restore`: `ROTOR_PG_BIN` when set, else the
 * newest `/usr/lib/postgresql/<version>/bin` holding it, else the name (PATH).
 */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  const own = Deno.env.get("ROTOR_PG_BIN");
  if (own) return join(own, name);
  try {
    const versions = [...Deno.readDirSync(PG_LIB)].map((e) => e.name)
      .filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const path = join(PG_LIB, v, "bin", name);
      if (existsSync(path)) return path;
    }
  } catch { /* no such folder: PATH */ }
  return name;
}

/** Runs a PostgreSQL program to its end; its error text when it fails. */
function runTool(name: "pg_dump" | "pg_restore", args: string[]): string {
  let out: Deno.CommandOutput;
  try {
    out = new Deno.Command(pgTool(name), { args, stdout: "piped", stderr: "piped" }).outputSync();
  } catch (err) {
    throw new Error(
      `${name} could not run (${(err as Error).message}); install PostgreSQL's client`,
    );
  }
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) {
    const why = new TextDecoder().decode(out.stderr).trim().split("\n").slice(0, 3).join("; ");
    throw new Error(`${name} failed: ${why}`);
  }
  return text;
}

/** Rows per table of `tables` on `db`. */
export function countRows(db: Db, tables: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    out[table] = Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.n ?? 0);
  }
  return out;
}

/**
 * Dumps the database at `url` into `folder/rotor.pgdump`; answers the counts
 * of `tables` in the same snapshot.
 */
export function dumpPostgres(
  url: string,
  folder: string,
  tables: readonly string[],
): Record<string, number> {
  const db = new PgBridge(url);
  try {
    // The snapshot pg_dump reads is this transaction's: it stays open until the dump is done.
    db.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshot = String(db.prepare("SELECT pg_export_snapshot() AS s").get()!.s);
    const counts = countRows(db, tables);
    runTool("pg_dump", [
      "--format=custom",
      `--snapshot=${snapshot}`,
      "--file",
      join(folder, PG_DUMP),
      "--dbname",
      url,
    ]);
    db.exec("COMMIT");
    return counts;
  } finally {
    db.close();
  }
}

/** Checks a dump without loading it: `pg_restore --list` reads it whole and names every table. */
export function checkDump(path: string, tables: readonly string[]): void {
  const list = runTool("pg_restore", ["--list", join(path, PG_DUMP)]);
  const found = new Set(
    [...list.matchAll(/^\d+; \d+ \d+ TABLE public (\S+) /gm)].map((m) => m[1]),
  );
  const missing = tables.filter((t) => !found.has(t));
  if (missing.length) throw new Error(`not a Rotor database: no table ${missing.join(", ")}`);
}

/** `url` with its database name replaced by `name`. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

/** A name as a quoted identifier. */
function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Loads the dump in `path` into a scratch database beside the one at `url`,
 * checks its counts against `expected`, then puts it in place: the database
 * there is renamed `<name>_before_restore_<stamp>` (answered; null when there
 * was none). Any failure before the swap drops the scratch database and
 * leaves the current one untouched.
 */
export function restorePostgres(
  path: string,
  url: string,
  expected: Record<string, number>,
  stamp: string,
): { keptAs: string | null } {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) throw new Error("the database URL names no database");
  const scratch = `${name}_restore_${stamp}`;
  const keptAs = `${name}_before_restore_${stamp}`;
  // Databases are made and renamed from the server's maintenance database.
  const admin = new PgBridge(withDatabase(url, "postgres"));
  try {
    admin.exec(`CREATE DATABASE ${ident(scratch)} TEMPLATE template0`);
    try {
      runTool("pg_restore", [
        "--exit-on-error",
        "--single-transaction",
        "--no-owner",
        "--no-privileges",
        "--dbname",
        withDatabase(url, scratch),
        join(path, PG_DUMP),
      ]);
      const copy = new PgBridge(withDatabase(url, scratch));
      try {
        assertKnownSchema(copy, "postgres");
        const found = countRows(copy, Object.keys(expected));
        for (const [table, n] of Object.entries(expected)) {
          if (found[table] !== n) {
            throw new Error(`${table} holds ${found[table]} rows, the manifest says ${n}`);
          }
        }
      } finally {
        copy.close();
      }
    } catch (err) {
      admin.exec(`DROP DATABASE IF EXISTS ${ident(scratch)}`);
      throw new Error(`${basename(path)}: ${(err as Error).message}`);
    }
    const exists = admin.prepare("SELECT count(*) AS n FROM pg_database WHERE datname = ?")
      .get(name)!;
    const had = Number(exists.n) > 0;
    try {
      if (had) admin.exec(`ALTER DATABASE ${ident(name)} RENAME TO ${ident(keptAs)}`);
    } catch (err) {
      // In use (a node still runs): the loaded copy would be left behind, as big as the database.
      admin.exec(`DROP DATABASE IF EXISTS ${ident(scratch)}`);
      throw new Error(
        `${basename(path)}: ${(err as Error).message}: stop every server on it, then restore`,
      );
    }
    admin.exec(`ALTER DATABASE ${ident(scratch)} RENAME TO ${ident(name)}`);
    return { keptAs: had ? keptAs : null };
  } finally {
    admin.close();
  }
}
