/**
 * Scheduled backups (Settings → Import / export → Backups): when enabled, a
 * backup is taken once `everyHours` have passed since the last one, in a
 * worker, then all but the newest `keep` are deleted from the folder. The last
 * run is recorded for the panel. See decision 102.
 */
import { join } from "node:path";
import { BackupRun } from "../../contracts/settings_tools.ts";
import type { Deps } from "../context.ts";
import { onceAcrossNodes } from "../db/jobs.ts";
import { logEvent } from "../log.ts";
import { readSetting, writeSetting } from "../settings/store.ts";
import { readSection } from "../settings/sections.ts";

const LAST_RUN_KEY = "backups.last-run";
/** How often the schedule is looked at. */
const CHECK_EVERY_MS = 60_000;

/** The last backup run, if any. */
export function lastBackupRun(deps: Pick<Deps, "db">): BackupRun | null {
  return readSetting(deps.db, LAST_RUN_KEY, { schema: BackupRun.nullable(), fallback: null });
}

/** The folder backups go to under the current settings. */
export function backupFolder(deps: Pick<Deps, "db" | "config">): string {
  return readSection(deps.db, "backups").folder || join(deps.config.dataDir, "backups");
}

const running = new WeakSet<object>();

/** Takes one backup now in a worker; records and answers how it went. */
export async function runBackup(
  deps: Pick<Deps, "db" | "config" | "version">,
  trigger: BackupRun["trigger"],
): Promise<BackupRun> {
  const settings = readSection(deps.db, "backups");
  const startedAt = Date.now();
  running.add(deps.db);
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
  try {
    const answer = await new Promise<
      { ok: boolean; path?: string; pruned?: number; error?: string }
    >(
      (resolve) => {
        worker.onmessage = (e) => resolve(e.data);
        worker.onerror = (e) => {
          e.preventDefault();
          resolve({ ok: false, error: e.message });
        };
        worker.postMessage({
          dataDir: deps.config.dataDir,
          databaseUrl: deps.config.databaseUrl,
          folder: backupFolder(deps),
          version: deps.version,
          keep: settings.keep,
        });
      },
    );
    const run: BackupRun = {
      startedAt,
      finishedAt: Date.now(),
      trigger,
      path: answer.path ?? null,
      pruned: answer.pruned ?? 0,
      ...(answer.ok ? {} : { error: answer.error ?? "failed" }),
    };
    writeSetting(deps.db, LAST_RUN_KEY, run);
    logEvent(answer.ok ? "info" : "error", "backup", { ...run });
    return run;
  } finally {
    worker.terminate();
    running.delete(deps.db);
  }
}

/** One look at the schedule at `now`: backs up when enabled and due. */
export async function backupTick(
  deps: Pick<Deps, "db" | "config" | "version">,
  now = Date.now(),
): Promise<BackupRun | null> {
  const settings = readSection(deps.db, "backups");
  if (!settings.enabled || running.has(deps.db)) return null;
  const last = lastBackupRun(deps);
  if (last && now - last.startedAt < settings.everyHours * 3_600_000) return null;
  return await runBackup(deps, "schedule");
}

/** Starts the schedule; answers the stop. Several PostgreSQL nodes: one looks at a time. */
export function startScheduledBackups(deps: Deps): () => void {
  const tick = () => onceAcrossNodes(deps.db, { name: "backups" }, () => backupTick(deps));
  const timer = setInterval(() => void tick(), CHECK_EVERY_MS);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
