/**
 * Background jobs run once across nodes (decision 172, "Several nodes"). On
 * PostgreSQL each job takes a session advisory lock named after it
 * (`pg_try_advisory_lock`) on the node's bridge connection: while one node
 * runs it, another node's tick skips it; a node that dies loses its
 * connection, and with it the lock. A periodic job also claims its period in
 * `job_runs`, so two nodes whose timers tick at different minutes still run it
 * once a period. On SQLite (one process) the job just runs.
 */
import { type Db, dialectOf } from "./connection.ts";
import { logEvent } from "../log.ts";

/** The lock's key for job `name` (a 32-bit hash, in PostgreSQL's own `hashtext`). */
const LOCK = "hashtext('rotor.job.' || ?)";

/** A period is claimed when the last start is this share of it ago (timers drift a little). */
const PERIOD_SLACK = 0.9;

/**
 * Runs `fn` as job `name` unless another node runs it now (or, with `everyMs`,
 * started it less than a period ago): its answer, or null when skipped.
 */
export async function onceAcrossNodes<T>(
  db: Db,
  job: { name: string; everyMs?: number; now?: number },
  fn: () => T | Promise<T>,
): Promise<T | null> {
  if (dialectOf(db) !== "postgres") return await fn();
  if (!tryLock(db, job.name)) return null;
  try {
    if (job.everyMs !== undefined && !claimPeriod(db, job.name, job.everyMs, job.now)) return null;
    return await fn();
  } finally {
    unlock(db, job.name);
  }
}

/**
 * Runs `fn` holding `name`'s lock, waiting first (without blocking the node:
 * a try every `pollMs`) while another node holds it.
 */
export async function whileHeld<T>(
  db: Db,
  name: string,
  fn: () => Promise<T>,
  pollMs = 50,
): Promise<T> {
  if (dialectOf(db) !== "postgres") return await fn();
  while (!tryLock(db, name)) await new Promise((resolve) => setTimeout(resolve, pollMs));
  try {
    return await fn();
  } finally {
    unlock(db, name);
  }
}

/** Runs `fn` now unless another node holds `name` (then null, without waiting). */
export function unlessHeld<T>(db: Db, name: string, fn: () => T): T | null {
  if (dialectOf(db) !== "postgres") return fn();
  if (!tryLock(db, name)) return null;
  try {
    return fn();
  } finally {
    unlock(db, name);
  }
}

function tryLock(db: Db, name: string): boolean {
  return Boolean(db.prepare(`SELECT pg_try_advisory_lock(${LOCK}) AS ok`).get(name)!.ok);
}

function unlock(db: Db, name: string): void {
  try {
    db.prepare(`SELECT pg_advisory_unlock(${LOCK})`).get(name);
  } catch (err) {
    // The connection is gone (closing, or lost): so is the lock.
    logEvent("warn", "job_unlock_failed", { job: name, message: String(err) });
  }
}

/** Records that `name` starts now, unless it started less than ~a period ago (then false). */
function claimPeriod(db: Db, name: string, everyMs: number, now = Date.now()): boolean {
  return db.prepare(
    `INSERT INTO job_runs (name, started_at) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET started_at = excluded.started_at
     WHERE job_runs.started_at <= excluded.started_at - ?
     RETURNING name`,
  ).get(name, now, Math.floor(everyMs * PERIOD_SLACK)) !== undefined;
}

/**
 * Holds node name `node` for the life of this connection (PostgreSQL): a
 * second running node under the same name would fold and rebuild the first
 * one's rollup tail, so it is refused at start with what to do.
 */
export function holdNodeName(db: Db, node: string): void {
  if (dialectOf(db) !== "postgres") return;
  if (tryLock(db, `node.${node}`)) return;
  throw new Error(
    `node name "${node}" is in use by another running Rotor node on this database: ` +
      "give each node its own ROTOR_NODE_ID",
  );
}
