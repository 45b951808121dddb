/**
 * The one read worker (DESIGN §4, decisions 053 and 060): every report, trend,
 * click-log, conversions and entity-list-stats read runs in a read thread with
 * its own read-only connection, so a long scan never holds the event loop that
 * answers redirects. Reads go to a small pool started on first use, each
 * thread at nice 10 (clicks go first when cores are short). A separate thread
 * runs the WAL checkpoints: the main connection turns automatic checkpoints
 * off (each one fsyncs, ~50–100 ms here, inside whichever commit crossed the
 * threshold) and the checkpoint thread copies the WAL back several times a
 * second. A WAL is reused from its start only when a checkpoint has copied
 * all of it before the next commit, which never happens while clicks keep
 * coming; so past `WAL_PAUSE_BYTES` the thread asks the click writer to hold
 * its commits, copies the last frames, and lets it go on (decision 111).
 * A read's snapshot pins every frame written after it, so first the read
 * threads stop at their next break (`readBreak`: long raw reads run as short
 * read transactions), through a `SharedArrayBuffer` all the threads share.
 *
 * An in-memory database (`:memory:`, tests only) cannot be shared with another
 * thread: its jobs run on the one connection instead. Production always opens
 * a file (`openDataDir`), so that fallback never serves a real server.
 *
 * This module is also the threads' entry point (see the end of the file).
 */
import { DatabaseSync } from "node:sqlite";
import os from "node:os";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Db } from "../db/connection.ts";
import { HttpError, internal } from "../errors.ts";
import { logEvent } from "../log.ts";
import { setReadBreak } from "./breaks.ts";
import { READ_JOBS, type ReadJob, type ReadJobInput, type ReadJobOutput } from "./jobs.ts";
import type { ErrorCode } from "../../contracts/errors.ts";

/** Read threads at most; two keep one report from queueing behind another. */
const POOL_SIZE = 2;
/** How often the checkpoint thread copies the WAL back into the database. */
const CHECKPOINT_MS = 100;
/** WAL size past which the writer pauses for a checkpoint that completes. */
export const WAL_PAUSE_BYTES = 16 * 1024 * 1024;
/** WAL file size at which the writer itself stops until a checkpoint completes. */
const WAL_HARD_BYTES = 48 * 1024 * 1024;
/** A pause ends after this long even without the thread's word (ms); past the hard size, later. */
const PAUSE_LIMIT_MS = 500;
const HARD_PAUSE_LIMIT_MS = 5000;
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
const HELD = 2;

type ThreadData = {
  rotorReadThread: "reads" | "checkpoints";
  path: string;
  /** `Int32Array` over it: `DRAIN`, `NAP`, `HELD` + each read thread's `index`. */
  state: SharedArrayBuffer;
  /** A read thread's place in the pool. */
  index?: number;
};

/** What the read worker asks of the database's writer. */
export type WriterHooks = {
  /** Runs before each read job is sent (the click writer writes its pending sums). */
  beforeRead?: () => void;
  /** Holds commits until `resume` (no transaction is open when it returns). */
  pause?: () => void;
  resume?: () => void;
};
type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type Slot = { worker: Worker; index: number; pending: Map<number, Pending> };
type JobError = {
  status: ContentfulStatusCode;
  code: ErrorCode;
  message: string;
  issues?: { path: string; message: string }[];
  stack?: string;
};

function spawn(data: ThreadData): Worker {
  const worker = new Worker(new URL(import.meta.url), { workerData: data });
  // Never keeps the process alive: shutdown closes the pool explicitly.
  worker.unref();
  return worker;
}

/** An error from a job as the caller should see it (5xx details go to the log only). */
function toHttpError(e: JobError): HttpError {
  if (e.status < 500) return new HttpError(e.status, e.code, e.message, { issues: e.issues });
  logEvent("error", "read_job_failed", { message: e.message, stack: e.stack });
  return internal("Internal server error");
}

/** Reads off the server's thread, and the WAL checkpoints, for one database. */
export class ReadWorker {
  readonly #path: string | null;
  #slots: Slot[] = [];
  #checkpoints: Worker | null = null;
  #next = 1;
  #closed = false;
  readonly #state = new SharedArrayBuffer(4 * (HELD + POOL_SIZE));
  #pauseTimer: ReturnType<typeof setTimeout> | undefined;
  /** Writer pauses so far, and the longest (ms), for the monitor and the benchmark. */
  pauses = 0;
  longestPauseMs = 0;

  constructor(readonly db: Db, readonly hooks: WriterHooks = {}) {
    this.#path = db.location() || null;
    if (!this.#path) return;
    db.exec("PRAGMA wal_autocheckpoint = 0");
    // After a checkpoint restarts the WAL, its file is cut back to this size.
    db.exec(`PRAGMA journal_size_limit = ${WAL_PAUSE_BYTES}`);
    const thread = spawn({
      rotorReadThread: "checkpoints",
      path: this.#path,
      state: this.#state,
    });
    this.#checkpoints = thread;
    thread.on("error", (err: Error) => {
      thread.unref();
      this.#resume(0);
      logEvent("error", "checkpoint_thread_failed", { message: err.message });
    });
    // Held until the thread runs, so a process that waits for it is not ended early.
    thread.ref();
    this.checkpointsReady = new Promise((resolve) => this.#ready = resolve);
    this.#wal = `${this.#path}-wal`;
    // A large WAL left by a crash is the thread's to copy first, while clicks go on; any other
    // start checks from the first commit (a fast writer can pass the hard size within seconds).
    if (fileSize(this.#wal) > WAL_HARD_BYTES) this.#nextHardPause = performance.now() + 5000;
    thread.on("message", (msg: "ready" | "pause" | "pause-hard" | "resume") => {
      if (msg === "ready") {
        thread.unref();
        return this.#ready();
      }
      if (msg === "resume") return this.#resume(performance.now() - this.#pausedAt);
      if (!this.hooks.pause || this.#closed) return thread.postMessage("go");
      this.#pause(msg === "pause-hard" ? HARD_PAUSE_LIMIT_MS : PAUSE_LIMIT_MS);
    });
  }

  #wal = "";
  #nextHardPause = 0;
  #nextStat = 0;

  #pause(limitMs = PAUSE_LIMIT_MS): void {
    if (this.#pauseTimer !== undefined) return;
    this.hooks.pause!();
    this.#pausedAt = performance.now();
    this.#pauseTimer = setTimeout(() => this.#resume(limitMs), limitMs);
    this.#checkpoints!.postMessage("paused");
  }

  /**
   * After a commit: a WAL file past `WAL_HARD_BYTES` (the thread's checks fell
   * behind, on a starved machine) pauses the writer for a checkpoint at once.
   */
  checkWal(): void {
    if (!this.#checkpoints || !this.hooks.pause || this.#pauseTimer !== undefined) return;
    // At most four a second, and never while a read runs: a reader on old frames keeps the WAL
    // from starting over, and the pause would only wait for it.
    const now = performance.now();
    if (now < this.#nextHardPause || now < this.#nextStat) return;
    if (this.#slots.some((s) => s.pending.size > 0)) return;
    // A stat a commit cost ~1 % of a click under load: the size is read at most every 20 ms.
    this.#nextStat = now + 20;
    if (fileSize(this.#wal) <= WAL_HARD_BYTES) return;
    this.#nextHardPause = performance.now() + 250;
    this.#pause(HARD_PAUSE_LIMIT_MS);
  }

  #pausedAt = 0;
  #ready = () => {};
  /** Settles once the checkpoint thread runs (tests wait for it; it loads in a moment). */
  checkpointsReady: Promise<void> = Promise.resolve();

  #resume(ms: number): void {
    if (this.#pauseTimer === undefined) return;
    clearTimeout(this.#pauseTimer);
    this.#pauseTimer = undefined;
    this.pauses++;
    this.longestPauseMs = Math.max(this.longestPauseMs, ms);
    this.hooks.resume?.();
  }

  /** Whether reads leave the main thread (false only for in-memory test databases). */
  get offThread(): boolean {
    return this.#path !== null;
  }

  /** Runs read job `job`; its errors arrive as the HttpError the job threw. */
  run<K extends ReadJob>(job: K, input: ReadJobInput<K>): Promise<ReadJobOutput<K>> {
    try {
      this.hooks.beforeRead?.();
    } catch (err) {
      return Promise.reject(err);
    }
    if (!this.#path) {
      try {
        const fn = READ_JOBS[job] as (db: Db, input: ReadJobInput<K>) => ReadJobOutput<K>;
        return Promise.resolve(fn(this.db, input));
      } catch (err) {
        return Promise.reject(err);
      }
    }
    if (this.#closed) return Promise.reject(new HttpError(503, "UNAVAILABLE", "Shutting down"));
    const slot = this.#slotFor(this.#path);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      slot.worker.ref(); // an answer is awaited: keep the process up until it arrives
      slot.worker.postMessage({ id, job, input });
    });
  }

  /** Stops the threads; the main connection checkpoints what is left. */
  close(): void {
    if (this.#closed || !this.#path) return;
    this.#closed = true;
    for (const slot of this.#slots) {
      void slot.worker.terminate();
      for (const p of slot.pending.values()) p.reject(new Error("read worker closed"));
    }
    this.#slots = [];
    this.#resume(0);
    void this.#checkpoints?.terminate();
    this.#checkpoints = null;
    this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }

  #slotFor(path: string): Slot {
    const idle = this.#slots.find((s) => s.pending.size === 0);
    if (idle) return idle;
    if (this.#slots.length < POOL_SIZE) return this.#start(path);
    return this.#slots.reduce((a, b) => (a.pending.size <= b.pending.size ? a : b));
  }

  #start(path: string): Slot {
    let index = 0;
    while (this.#slots.some((s) => s.index === index)) index++;
    const slot: Slot = {
      worker: spawn({ rotorReadThread: "reads", path, state: this.#state, index }),
      index,
      pending: new Map(),
    };
    this.#slots.push(slot);
    slot.worker.on("message", (msg: { id: number; result?: unknown; error?: JobError }) => {
      const p = slot.pending.get(msg.id);
      if (!p) return;
      slot.pending.delete(msg.id);
      if (slot.pending.size === 0) slot.worker.unref();
      if (msg.error) p.reject(toHttpError(msg.error));
      else p.resolve(msg.result);
    });
    slot.worker.on("error", (err: Error) => {
      logEvent("error", "read_thread_failed", { message: err.message });
      for (const p of slot.pending.values()) {
        p.reject(internal("Internal server error"));
      }
      slot.pending.clear();
      this.#slots = this.#slots.filter((s) => s !== slot);
      // A thread that died in a job holds no snapshot: checkpoints stop waiting for it.
      Atomics.store(new Int32Array(this.#state), HELD + slot.index, 0);
    });
    return slot;
  }
}

/** A file's size in bytes, 0 when it does not exist (no WAL yet). */
function fileSize(path: string): number {
  try {
    return Deno.statSync(path).size;
  } catch {
    return 0;
  }
}

// ── inside a read or checkpoint thread ─────────────────────────────────────

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
  const db = new DatabaseSync(path, { readOnly: true });
  db.exec("PRAGMA busy_timeout = 5000");
  // Reports read many pages; a larger cache keeps the rollups in memory.
  db.exec("PRAGMA cache_size = -65536");
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
