/**
 * Runs one backup off the main thread (its own SQLite connection, or its own
 * PostgreSQL connection and `pg_dump`), so the server keeps answering clicks
 * while the copy runs.
 */
import { pruneBackups, takeBackup } from "./backup.ts";

type Job = {
  dataDir: string;
  databaseUrl?: string;
  folder: string;
  version: string;
  keep: number;
};

self.onmessage = async (event: MessageEvent<Job>) => {
  const job = event.data;
  try {
    const { path } = await takeBackup(job);
    const pruned = pruneBackups(job.folder, job.keep);
    self.postMessage({ ok: true, path, pruned: pruned.length });
  } catch (err) {
    self.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
