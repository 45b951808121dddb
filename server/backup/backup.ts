/**
 * Backups of a data folder (issue 18 item 5, decision 102): a consistent online
 * copy of the SQLite database (SQLite's online backup in one step, one read
 * transaction, so clicks keep flowing through WAL while it runs) with the hosted files beside it, in
 * one folder `rotor-backup-<time>` holding `rotor.db`, `files/` and
 * `manifest.json`. A backup is written under a `.partial` name and renamed
 * when complete. Restore verifies a backup before it replaces anything, and
 * keeps what it replaces. A PostgreSQL store's backup holds `rotor.pgdump`
 * (`pg_dump`, custom format) in place of `rotor.db`: see `pg_backup.ts`.
 */
import { backup, DatabaseSync } from "node:sqlite";
import { basename, dirname, join, resolve, sep as SEPARATOR } from "node:path";
import { z } from "zod";
import { checkDump, countRows, dumpPostgres, PG_DUMP, restorePostgres } from "./pg_backup.ts";
import { assertKnownSchema } from "./schema_check.ts";

/** What `manifest.json` says about a backup; a restore reads nothing else before it checks this. */
export const BackupManifest = z.object({
  takenAt: z.number(),
  version: z.string(),
  /** Which store the backup holds (absent in backups older than PostgreSQL: SQLite). */
  store: z.enum(["sqlite", "postgres"]).optional(),
  /** Rows per table that matters for a restore check. */
  counts: z.record(z.string(), z.number()),
  files: z.number(),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

/** Tables a Rotor database must hold for a restore to go ahead. */
export const EXPECTED_TABLES = [
  "settings",
  "users",
  "campaigns",
  "offers",
  "traffic_sources",
  "clicks",
  "conversions",
] as const;

const PREFIX = "rotor-backup-";

/** `rotor-backup-20261123-211502-123` for `at`. */
export function backupName(at: number): string {
  const iso = new Date(at).toISOString(); // 2026-11-23T21:15:02.123Z
  return PREFIX + iso.slice(0, 10).replaceAll("-", "") + "-" +
    iso.slice(11, 19).replaceAll(":", "") + "-" + iso.slice(20, 23);
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    throw err;
  }
}

/** Copies a folder tree; answers how many files it copied. */
function copyTree(from: string, to: string): number {
  if (!exists(from)) return 0;
  Deno.mkdirSync(to, { recursive: true });
  let n = 0;
  for (const entry of Deno.readDirSync(from)) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory) n += copyTree(source, target);
    else if (entry.isFile) {
      Deno.copyFileSync(source, target);
      n++;
    }
  }
  return n;
}

/** How many files a folder tree holds, as `copyTree` counts them. */
function countFiles(dir: string): number {
  if (!exists(dir)) return 0;
  let n = 0;
  for (const entry of Deno.readDirSync(dir)) {
    if (entry.isDirectory) n += countFiles(join(dir, entry.name));
    else if (entry.isFile) n++;
  }
  return n;
}

function counts(db: DatabaseSync): Record<string, number> {
  return countRows(db, EXPECTED_TABLES);
}

/**
 * The counts of a SQLite copy of `dataDir`'s database written into `partial`.
 * SQLite's backup API, not `VACUUM INTO`: Deno allows no attached database
 * (which `VACUUM INTO` needs) without `--allow-all`, and the server runs
 * without it. All pages go in one step (`rate: -1`), so the copy is one read
 * transaction, never restarted by the clicks written meanwhile.
 */
async function copySqlite(dataDir: string, partial: string): Promise<Record<string, number>> {
  const source = new DatabaseSync(join(dataDir, "rotor.db"), { readOnly: true });
  try {
    source.exec("PRAGMA busy_timeout = 30000");
    await backup(source, join(partial, "rotor.db"), { rate: -1 });
  } finally {
    source.close();
  }
  const copy = new DatabaseSync(join(partial, "rotor.db"));
  try {
    // One self-contained file: no -wal or -shm beside it once it is closed.
    copy.exec("PRAGMA journal_mode = DELETE");
    return counts(copy);
  } finally {
    copy.close();
  }
}

/**
 * Takes one backup of `dataDir` (and of the PostgreSQL database at
 * `databaseUrl` when the store is there) into `folder` (default
 * `<dataDir>/backups`) through its own connection; answers the backup's path
 * and manifest.
 */
export async function takeBackup(
  options: {
    dataDir: string;
    databaseUrl?: string;
    folder?: string;
    version: string;
    now?: number;
  },
): Promise<{ path: string; manifest: BackupManifest }> {
  const root = options.folder || join(options.dataDir, "backups");
  assertOutsideHostedFiles(root, options.dataDir);
  const takenAt = options.now ?? Date.now();
  const path = join(root, backupName(takenAt));
  const partial = `${path}.partial`;
  Deno.mkdirSync(partial, { recursive: true });
  const url = options.databaseUrl;
  let rows: Record<string, number>;
  try {
    rows = url
      ? dumpPostgres(url, partial, EXPECTED_TABLES)
      : await copySqlite(options.dataDir, partial);
  } catch (err) {
    Deno.removeSync(partial, { recursive: true });
    throw err;
  }
  const files = copyTree(join(options.dataDir, "files"), join(partial, "files"));
  const store = url ? "postgres" : "sqlite";
  const manifest: BackupManifest = {
    takenAt,
    version: options.version,
    store,
    counts: rows,
    files,
  };
  Deno.writeTextFileSync(join(partial, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  Deno.renameSync(partial, path);
  return { path, manifest };
}

/** The real path of `path`, or of its nearest folder that exists with the rest appended. */
function realPath(path: string): string {
  const absolute = resolve(path);
  try {
    return Deno.realPathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(realPath(parent), basename(absolute));
  }
}

/**
 * Refuses a backup folder in the hosted files: `/lp/files/` would publish the
 * database, and the copy of the files would copy itself until a name is too long.
 */
function assertOutsideHostedFiles(root: string, dataDir: string): void {
  const hosted = realPath(join(dataDir, "files"));
  const target = realPath(root);
  if (target === hosted || target.startsWith(hosted + SEPARATOR)) {
    throw new Error(`the backup folder ${root} is inside the hosted files (${hosted})`);
  }
}

/** Complete backups in `root`, oldest first. */
export function listBackups(root: string): string[] {
  if (!exists(root)) return [];
  return [...Deno.readDirSync(root)]
    .filter((e) => e.isDirectory && e.name.startsWith(PREFIX) && !e.name.endsWith(".partial"))
    .map((e) => e.name).sort().map((name) => join(root, name));
}

/** Deletes all but the newest `keep` backups in `root`; answers what it deleted. */
export function pruneBackups(root: string, keep: number): string[] {
  const all = listBackups(root);
  const gone = all.slice(0, Math.max(0, all.length - keep));
  for (const path of gone) Deno.removeSync(path, { recursive: true });
  return gone;
}

/** Checks a backup folder: integrity, expected tables, manifest. Throws with the reason. */
export function verifyBackup(path: string): BackupManifest {
  const file = join(path, "rotor.db");
  const dump = exists(join(path, PG_DUMP));
  if (!exists(file) && !dump) throw new Error(`${basename(path)}: no rotor.db in it`);
  let json: unknown;
  try {
    json = JSON.parse(Deno.readTextFileSync(join(path, "manifest.json")));
  } catch {
    throw new Error(`${basename(path)}: manifest.json is missing or unreadable`);
  }
  const parsed = BackupManifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
    throw new Error(
      `${basename(path)}: manifest.json is not a backup's manifest (${where}${issue.message})`,
    );
  }
  const manifest = parsed.data;
  // The hosted files replace the current ones: a backup that lost some would lose landers.
  const files = countFiles(join(path, "files"));
  if (files !== manifest.files) {
    throw new Error(
      `${basename(path)}: files/ holds ${files} files, the manifest says ${manifest.files}`,
    );
  }
  if (dump) {
    // The counts are compared once the dump is loaded (`restorePostgres`), before the swap.
    try {
      checkDump(path, EXPECTED_TABLES);
    } catch (err) {
      throw new Error(`${basename(path)}: ${(err as Error).message}`);
    }
    return { ...manifest, store: "postgres" };
  }
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: true });
  } catch (err) {
    throw new Error(`${basename(path)}: rotor.db does not open (${(err as Error).message})`);
  }
  try {
    const check = db.prepare("PRAGMA integrity_check").all().map((r) => String(r.integrity_check));
    if (check.join() !== "ok") {
      throw new Error(`integrity check failed: ${check.slice(0, 3).join("; ")}`);
    }
    const tables = new Set(
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((r) =>
        String(r.name)
      ),
    );
    const missing = EXPECTED_TABLES.filter((t) => !tables.has(t));
    if (missing.length) throw new Error(`not a Rotor database: no table ${missing.join(", ")}`);
    assertKnownSchema(db, "sqlite");
    const found = counts(db);
    for (const table of EXPECTED_TABLES) {
      if (found[table] !== manifest.counts[table]) {
        throw new Error(
          `${table} holds ${found[table]} rows, the manifest says ${manifest.counts[table]}`,
        );
      }
    }
  } catch (err) {
    throw new Error(`${basename(path)}: ${(err as Error).message}`);
  } finally {
    db.close();
  }
  return { ...manifest, store: "sqlite" };
}

/**
 * Restores `path` into `dataDir` (and into the PostgreSQL database at
 * `databaseUrl` for a PostgreSQL backup) after verifying it. The database and
 * files it replaces move to `<dataDir>/before-restore-<time>/`, so nothing is
 * lost; a replaced PostgreSQL database is renamed aside (`keptAs`).
 */
export function restoreBackup(
  path: string,
  dataDir: string,
  now = Date.now(),
  databaseUrl?: string,
): { manifest: BackupManifest; keptIn: string; keptAs?: string | null } {
  const manifest = verifyBackup(path);
  if (manifest.store === "postgres" && !databaseUrl) {
    throw new Error(
      `${
        basename(path)
      } is a PostgreSQL backup: restore it with ROTOR_DATABASE_URL (or --database) set`,
    );
  }
  if (manifest.store === "sqlite" && databaseUrl) {
    throw new Error(
      `${basename(path)} is a SQLite backup: restore it into a data folder (without ` +
        "ROTOR_DATABASE_URL), then copy it with `rotor migrate --to`",
    );
  }
  const stamp = backupName(now).slice(PREFIX.length);
  const keptAs = databaseUrl
    ? restorePostgres(path, databaseUrl, manifest.counts, stamp.replaceAll("-", "")).keptAs
    : undefined;
  const keptIn = join(dataDir, `before-restore-${stamp}`);
  Deno.mkdirSync(keptIn, { recursive: true });
  const replaced = databaseUrl ? ["files"] : ["rotor.db", "rotor.db-wal", "rotor.db-shm", "files"];
  for (const name of replaced) {
    const current = join(dataDir, name);
    if (exists(current)) Deno.renameSync(current, join(keptIn, name));
  }
  if (!databaseUrl) Deno.copyFileSync(join(path, "rotor.db"), join(dataDir, "rotor.db"));
  copyTree(join(path, "files"), join(dataDir, "files"));
  return { manifest, keptIn, keptAs };
}
