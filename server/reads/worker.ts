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
 * On PostgreSQL (decision 172) each read thread holds a bridge of its own to
 * the database: a long report waits in its thread, never in the event loop.
 * There is no WAL to bound, so no checkpoint thread and no writer pauses.
 *
 * An in-memory database (`:memory:`, tests only) cannot be shared with another
 * thread: its jobs run on the one connection instead. Production always opens
 * a file (`openDataDir`) or a PostgreSQL URL, so that fallback never serves a
 * real server. The threads themselves are `threads.ts`.
 */
import { Worker } from "node:worker_threads";
import { type Db, dialectOf } from "../db/connection.ts";
import { PgBridge } from "../db/pg/bridge.ts";
import { HttpError, internal } from "../errors.ts";
import { logEvent } from "../log.ts";
import { READ_JOBS, type ReadJob, type ReadJobInput, type ReadJobOutput } from "./jobs.ts";
import {
  HELD,
  type JobError,
  type ThreadData,
  WAL_HARD_BYTES,
  WAL_PAUSE_BYTES,
} from "./threads.ts";

export { WAL_PAUSE_BYTES };

/** WAL file size past which the writer pauses for a checkpoint even while a read runs. */
const WAL_LAST_BYTES = 56 * 1024 * 1024;

/** Read threads at most; two keep one report from queueing behind another. */
const POOL_SIZE = 2;
/** A pause ends after this long even without the thread's word (ms); past the hard size, later. */
const PAUSE_LIMIT_MS = 500;
const HARD_PAUSE_LIMIT_MS = 5000;

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

function spawn(data: ThreadData): Worker {
  const worker = new Worker(new URL("./threads.ts", import.meta.url), { workerData: data });
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
    if (dialectOf(db) === "postgres") {
      // Each read thread opens a bridge of its own; they end with the server's connection.
      const bridge = db as PgBridge;
      this.#path = bridge.url;
      bridge.onClose(() => this.close());
      return;
    }
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
    // A stat a commit cost ~1 % of a click under load: the size is read at most every 20 ms.
    this.#nextStat = now + 20;
    const size = fileSize(this.#wal);
    if (size <= WAL_HARD_BYTES) return;
    // While a read runs, only past the last margin (a starved machine's checkpoints fell far
    // behind): the pause then waits for the read's next break.
    if (size <= WAL_LAST_BYTES && this.#slots.some((s) => s.pending.size > 0)) return;
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

  /** Read jobs waiting for a thread's answer (the monitor). */
  get pendingJobs(): number {
    let n = 0;
    for (const slot of this.#slots) n += slot.pending.size;
    return n;
  }

  /** Read threads running. */
  get threads(): number {
    return this.#slots.length;
  }

  /** The WAL file of a file database with a checkpoint thread, else null. */
  get walPath(): string | null {
    return this.#wal || null;
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
    if (dialectOf(this.db) === "postgres") return; // no WAL of ours
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
