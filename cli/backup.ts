/**
 * `rotor backup` and `rotor restore` (decision 102): an online copy of the data
 * folder (database and hosted files) while the server runs, and a verified
 * restore while it is stopped. With `--database` (or `ROTOR_DATABASE_URL`)
 * the database is that PostgreSQL store, copied by `pg_dump`.
 */
import type { Command } from "commander";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { VERSION } from "../server/deps.ts";
import { pruneBackups, restoreBackup, takeBackup } from "../server/backup/backup.ts";
import { lastServerStart } from "../server/monitor/build_info.ts";
import { type GlobalOptions, openData } from "./context.ts";
import { isRunning } from "./status.ts";

function positive(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--keep must be a whole number ≥ 1`);
  return n;
}

/**
 * Throws while the server recorded in the data folder still runs, or when
 * that cannot be told. A data folder without a database is left as it is:
 * a restore into a new folder must not create one first.
 */
function refuseWhileServerRuns({ data, database }: GlobalOptions): void {
  if (!database && !existsSync(join(data, "rotor.db"))) return;
  let start;
  try {
    const db = openData({ data, database });
    try {
      start = lastServerStart(db);
    } finally {
      db.close();
    }
  } catch {
    return; // An unreadable current database is what a restore is for.
  }
  if (!start) return;
  const running = isRunning(start);
  if (running === true) throw new Error("the server is running: stop it first (or pass --force)");
  if (running === undefined) {
    throw new Error(
      `cannot tell whether the server (pid ${start.pid}) still runs: ` +
        "stop it, then pass --force",
    );
  }
}

export function registerBackup(program: Command) {
  program.command("backup")
    .description("copy the database and hosted files into one folder, while the server runs")
    .option("--folder <dir>", "where backups go (default: <data>/backups)")
    .option("--keep <n>", "then delete all but the newest n backups there", positive)
    .action(async (opts: { folder?: string; keep?: number }, cmd: Command) => {
      const { data, database } = cmd.optsWithGlobals<GlobalOptions>();
      openData({ data, database }).close(); // migrated and present before it is copied
      const { path, manifest } = await takeBackup({
        dataDir: data,
        databaseUrl: database,
        folder: opts.folder,
        version: VERSION,
      });
      console.log(
        `backup written to ${path}: ${manifest.counts.clicks} clicks, ` +
          `${manifest.counts.conversions} conversions, ${manifest.files} hosted files`,
      );
      if (opts.keep !== undefined) {
        const root = opts.folder || `${data}/backups`;
        for (const gone of pruneBackups(root, opts.keep)) console.log(`deleted ${gone}`);
      }
    });
  program.command("restore")
    .description("verify a backup folder, then put it in place of the data folder's contents")
    .argument("<backup>", "a folder written by `rotor backup`")
    .option("--force", "restore even though the server seems to be running")
    .action((backup: string, opts: { force?: boolean }, cmd: Command) => {
      const { data, database } = cmd.optsWithGlobals<GlobalOptions>();
      if (!opts.force) refuseWhileServerRuns({ data, database });
      const { manifest, keptIn, keptAs } = restoreBackup(backup, data, Date.now(), database);
      const kept = keptAs ? ` (the replaced database is now named ${keptAs})` : "";
      console.log(
        `restored ${backup} (taken ${new Date(manifest.takenAt).toISOString()}, ` +
          `${manifest.counts.clicks} clicks); the replaced data is in ${keptIn}${kept}`,
      );
    });
}
