/**
 * Where report reads run (DESIGN §4): on a file database, in read workers
 * with their own connections (a small pool, started on first use, never
 * keeping the process alive); on an in-memory database (tests), inline on the
 * one connection. Callers just `await read(db, job, input)`.
 */
import { Worker } from "node:worker_threads";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Db } from "../db/connection.ts";
import { HttpError } from "../errors.ts";
import { logEvent } from "../log.ts";
import { type JobInput, type JobName, type JobOutput, JOBS } from "./jobs.ts";

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type Slot = { worker: Worker; pending: Map<number, Pending> };
type WorkerError = {
  status: ContentfulStatusCode;
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
  stack?: string;
};

const POOL_SIZE = 2;
const pools = new WeakMap<Db, Slot[]>();
let nextId = 1;

function startSlot(path: string, slots: Slot[]): Slot {
  const worker = new Worker(new URL("./read_worker.ts", import.meta.url), {
    workerData: { path },
  });
  worker.unref();
  const slot: Slot = { worker, pending: new Map() };
  worker.on("message", (msg: { id: number; result?: unknown; error?: WorkerError }) => {
    const p = slot.pending.get(msg.id);
    if (!p) return;
    slot.pending.delete(msg.id);
    if (slot.pending.size === 0) worker.unref();
    if (!msg.error) return p.resolve(msg.result);
    if (msg.error.status >= 500) {
      logEvent("error", "report_failed", { message: msg.error.message, stack: msg.error.stack });
      return p.reject(new HttpError(500, "INTERNAL", "Internal server error"));
    }
    p.reject(
      new HttpError(msg.error.status, msg.error.code, msg.error.message, {
        issues: msg.error.issues,
      }),
    );
  });
  worker.on("error", (err: Error) => {
    logEvent("error", "report_worker_failed", { message: err.message });
    for (const p of slot.pending.values()) {
      p.reject(new HttpError(500, "INTERNAL", "Internal server error"));
    }
    slot.pending.clear();
    slots.splice(slots.indexOf(slot), 1);
  });
  return slot;
}

function slotFor(db: Db, path: string): Slot {
  let slots = pools.get(db);
  if (!slots) pools.set(db, slots = []);
  const idle = slots.find((s) => s.pending.size === 0);
  if (idle) return idle;
  if (slots.length < POOL_SIZE) {
    const slot = startSlot(path, slots);
    slots.push(slot);
    return slot;
  }
  return slots.reduce((a, b) => (a.pending.size <= b.pending.size ? a : b));
}

/** Runs a read job off the server's thread when the database is a file. */
export function read<K extends JobName>(db: Db, job: K, input: JobInput<K>): Promise<JobOutput<K>> {
  const path = db.location();
  if (!path) {
    try {
      const run = JOBS[job] as (db: Db, input: JobInput<K>) => JobOutput<K>;
      return Promise.resolve(run(db, input));
    } catch (err) {
      return Promise.reject(err);
    }
  }
  const slot = slotFor(db, path);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    slot.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    slot.worker.ref();
    slot.worker.postMessage({ id, job, input });
  });
}
