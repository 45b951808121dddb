/**
 * The read worker's threads (decisions 053, 111 and 172): this module is the
 * entry point of every thread `worker.ts` starts, and holds what both sides
 * share (the limits and the slots of the shared state).
 *
 * - A **read thread** runs read jobs one at a time on a connection of its
 *   own: a read-only SQLite connection to the database file, or on
 *   PostgreSQL a bridge of its own (`PgBridge`: its blocking wait holds this
 *   thread, never the node's event loop).
 * - The **checkpoint thread** (SQLite only) copies the WAL back into the
 *   database and, past `WAL_PAUSE_BYTES`, has the read threads reach a break
 *   and the writer pause so that the WAL starts over (decision 111).
 */
import { DatabaseSync } from "node:sqlite";
import os from "node:os";
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Db } from "../db/connection.ts";
import { PgBridge } from "../db/pg/bridge.ts";
import { SqliteDb } from "../db/sqlite.ts";
import { HttpError } from "../errors.ts";
import { setReadBreak } from "./breaks.ts";
import { READ_JOBS, type ReadJob } from "./jobs.ts";
import type { ErrorCode } from "../../contracts/errors.ts";

/** How often the checkpoint thread copies the WAL back into the database. */
const CHECKPOINT_MS = 100;
/** WAL size past which the writer pauses for a checkpoint that completes. */
export const WAL_PAUSE_BYTES = 16 * 1024 * 1024;
/** WAL file size at which the writer itself stops until a checkpoint completes. */
export const WAL_HARD_BYTES = 48 * 1024 * 1024;
/** How long a checkpoint waits for the read threads to reach a break (ms). */
const DRAIN_LIMIT_MS = 2000;
/** How long a read thread waits at a break for a checkpoint (ms). */
const BREAK_LIMIT_MS = 3000;
/**
 * Slots of the state the threads share: 1 while a checkpoint waits for the
 * read threads; one that stays 0 (the checkpoint thread sleeps on it); from
 * `HELD` on, per read thread, 1 while its job may hold a snapshot.
 */
const DRAIN = 0;
const NAP = 1;
export const HELD = 2;

/** A PostgreSQL read thread's memory for one sort or hash (the server's default is 4 MB). */
const READ_WORK_MEM = "64MB";

/** What a thread is started with. */
export type ThreadData = {
  rotorReadThread: "reads" | "checkpoints";
  /** The SQLite database file, or a PostgreSQL URL (`postgres://…`, read threads only). */
  path: string;
  /** `Int32Array` over it: `DRAIN`, `NAP`, `HELD` + each read thread's `index`. */
  state: SharedArrayBuffer;
  /** A read thread's place in the pool. */
  index?: number;
};

/** A job's error as it crosses back to the main thread. */
export type JobError = {
  status: ContentfulStatusCode;
  code: ErrorCode;
  message: string;
  issues?: { path: string; message: string }[];
  stack?: string;
};

/** Whether `path` names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(path: string): boolean {
  return /^postgres(ql)?:\/\//.test(path);
}
/**
 * Copies the WAL back every `CHECKPOINT_MS`. When the WAL holds more than
 * `WAL_PAUSE_BYTES`, asks the writer to pause, copies what is left (a
 * fraction of a second's commits, all of the WAL unless a reader still needs
 * old frames) and lets it go: its next commit starts the WAL over.
 */
function serveCheckpoints(path: string, state: Int32Array): void {
  const db = new DatabaseSync(path);
  const pageSize = Number(db.prepare("PRAGMA page_size").get()!.page_size);
  const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
  const limit = WAL_PAUSE_BYTES / (pageSize + 24); // a frame is a page and its header
  const hardLimit = WAL_HARD_BYTES / (pageSize + 24);
  let asked = false;
  /** The pause asked for is a hard one: the writer holds while the readers reach a break. */
  let hard = false;
  let calmUntil = 0;
  const pass = (): { log: number; done: boolean } => {
    try {
      const r = checkpoint.get()!;
      return { log: Number(r.log), done: Number(r.checkpointed) === Number(r.log) };
    } catch {
      return { log: 0, done: false }; // busy: the next tick tries again
    }
  };
  const release = () => {
    Atomics.store(state, DRAIN, 0);
    Atomics.notify(state, DRAIN);
  };
  parentPort!.on("message", (msg: "paused" | "go") => {
    if (msg === "paused" && hard) {
      // Past the hard size the writer waits for the readers' next break, then the copy.
      const until = Date.now() + BREAK_LIMIT_MS;
      while (reading(state) && Date.now() < until) Atomics.wait(state, NAP, 0, 5);
    }
    hard = false;
    // A reader still on old frames kept the copy short: no new pause for a while.
    if (msg === "paused" && !pass().done) calmUntil = Date.now() + 2000;
    parentPort!.postMessage("resume");
    release();
    asked = false;
  });
  setInterval(() => {
    if (asked) return;
    const log = pass().log;
    if (log > hardLimit) {
      // The drains fell behind (a starved machine, reads that outran their breaks): the writer
      // stops first, so the WAL grows no further while the readers reach a break.
      Atomics.store(state, DRAIN, 1);
      asked = true;
      hard = true;
      parentPort!.postMessage("pause-hard");
      return;
    }
    if (log <= limit || Date.now() < calmUntil) return;
    // Read threads stop at their next break (between two short read transactions): with no
    // snapshot held, the pause's copy reaches the WAL's end and the writer starts it over.
    Atomics.store(state, DRAIN, 1);
    const until = Date.now() + DRAIN_LIMIT_MS;
    while (reading(state)) {
      if (Date.now() >= until) {
        // A read that has no breaks still runs: a pause would only wait for it.
        release();
        calmUntil = Date.now() + 500;
        return;
      }
      Atomics.wait(state, NAP, 0, 5);
      pass();
    }
    asked = true;
    parentPort!.postMessage("pause");
  }, CHECKPOINT_MS);
  parentPort!.postMessage("ready");
}

/** Whether a read thread may hold a snapshot (atomic loads: see `enter` in `serveReads`). */
function reading(state: Int32Array): boolean {
  for (let i = HELD; i < state.length; i++) if (Atomics.load(state, i) !== 0) return true;
  return false;
}

/**
 * A read thread's connection: read-only on a SQLite file; on PostgreSQL a
 * bridge of its own (no migrations: the server's connection made the schema).
 */
function openReadConnection(path: string): Db {
  if (isPostgresUrl(path)) {
    const db = new PgBridge(path);
    // A report sorts and groups up to ~100k rollup rows: in memory, not in temporary files.
    db.exec(`SET work_mem = '${READ_WORK_MEM}'`);
    return db;
  }
  const db = new SqliteDb(path, { readOnly: true });
  db.exec("PRAGMA busy_timeout = 5000");
  // Reports read many pages; a larger cache keeps the rollups in memory.
  db.exec("PRAGMA cache_size = -65536");
  return db;
}

/**
 * A read thread: jobs one at a time, marked in `state[HELD + index]` while
 * one may hold a snapshot. At a break (`readBreak`) and before a job, a
 * waiting checkpoint (`state[DRAIN]`) goes first, for up to `BREAK_LIMIT_MS`.
 */
function serveReads(path: string, state: Int32Array, index: number): void {
  const leave = () => Atomics.store(state, HELD + index, 0);
  const enter = () => {
    const until = Date.now() + BREAK_LIMIT_MS;
    for (;;) {
      // Marked first, then the flag read: the checkpoint thread sets the flag, then reads the
      // marks, so one of the two sees the other (sequentially consistent atomics).
      Atomics.store(state, HELD + index, 1);
      if (Atomics.load(state, DRAIN) === 0 || Date.now() >= until) return;
      leave();
      Atomics.wait(state, DRAIN, 1, Math.max(1, until - Date.now()));
    }
  };
  setReadBreak(() => {
    leave();
    enter();
  });
  // On Linux this lowers only this thread: when cores are short, clicks go first. Not to 19:
  // a thread there can wait a second or more for a core on a busy machine, and a read holds
  // its snapshot (and with it every WAL frame written since) through the wait (decision 111).
  try {
    os.setPriority(10);
  } catch { /* not permitted here: reads simply share the CPU */ }
  const db = openReadConnection(path);
  parentPort!.on("message", (req: { id: number; job: ReadJob; input: unknown }) => {
    enter();
    try {
      const fn = READ_JOBS[req.job] as (db: Db, input: unknown) => unknown;
      const result = fn(db, req.input);
      leave();
      parentPort!.postMessage({ id: req.id, result });
    } catch (err) {
      leave();
      const e = err as Error;
      const error: JobError = err instanceof HttpError
        ? { status: err.status, code: err.code, message: err.message, issues: err.options.issues }
        : { status: 500, code: "INTERNAL", message: e.message, stack: e.stack };
      parentPort!.postMessage({ id: req.id, error });
    }
  });
}

const thread = isMainThread ? null : (workerData as ThreadData | null);
if (thread?.rotorReadThread === "checkpoints") {
  serveCheckpoints(thread.path, new Int32Array(thread.state));
}
if (thread?.rotorReadThread === "reads") {
  serveReads(thread.path, new Int32Array(thread.state), thread.index ?? 0);
}
