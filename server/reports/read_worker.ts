/**
 * The report read worker: its own read-only SQLite connection in its own
 * thread, so a ten-million-click report never holds the server's event loop
 * (and so never delays a click's redirect). WAL mode lets it read while the
 * click writer commits.
 */
import { DatabaseSync } from "node:sqlite";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { HttpError } from "../errors.ts";
import { type JobName, JOBS } from "./jobs.ts";

type Request = { id: number; job: JobName; input: unknown };

// On Linux this lowers only this thread: when cores are short, clicks go first.
try {
  os.setPriority(19);
} catch { /* not permitted here: reports simply share the CPU */ }

const db = new DatabaseSync(String(workerData.path), { readOnly: true });
db.exec("PRAGMA busy_timeout = 5000");
// Reports read many pages; a larger cache keeps rollups in memory.
db.exec("PRAGMA cache_size = -65536");

parentPort!.on("message", (req: Request) => {
  try {
    const run = JOBS[req.job] as (db: DatabaseSync, input: unknown) => unknown;
    parentPort!.postMessage({ id: req.id, result: run(db, req.input) });
  } catch (err) {
    const e = err as Error;
    const error = err instanceof HttpError
      ? { status: err.status, code: err.code, message: err.message, issues: err.options.issues }
      : { status: 500, code: "INTERNAL", message: e.message, stack: e.stack };
    parentPort!.postMessage({ id: req.id, error });
  }
});
