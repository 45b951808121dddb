/**
 * Runs one backup off the main thread (its own SQLite connection), so the
 * server keeps answering clicks while `VACUUM INTO` and the file copy run.
 */
import { pruneBackups, takeBackup } from "./backup.ts";

type Job = { dataDir: string; folder: string; version: string; keep: number };

self.onmessage = (event: MessageEvent<Job>) => {
  const job = event.data;
  try {
    const { path } = takeBackup(job);
    const pruned = pruneBackups(job.folder, job.keep);
    self.postMessage({ ok: true, path, pruned: pruned.length });
  } catch (err) {
    self.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
