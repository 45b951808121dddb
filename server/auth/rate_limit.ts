/**
 * Failed sign-ins per client IP in a sliding window. Checked before any
 * password hashing, so a flood costs the server nothing. In memory on SQLite
 * (one process); on PostgreSQL in `auth_failures`, so every node counts the
 * failures made on any of them (decision 172, "Several nodes").
 */

import { type Db, dialectOf } from "../db/connection.ts";
import { HttpError } from "../errors.ts";

/** What a limiter is told: its limit, and where several nodes share its counts. */
export type LimiterOptions = {
  max: number;
  windowMs: number;
  now?: () => number;
  /** The database and this limiter's name in it: on PostgreSQL the counts live there. */
  shared?: { db: Db; name: string };
};

export class FailureLimiter {
  readonly #failures = new Map<string, number[]>();
  readonly #table: FailureTable | null;

  constructor(readonly options: LimiterOptions = { max: 10, windowMs: 10 * 60_000 }) {
    const shared = options.shared;
    this.#table = shared && dialectOf(shared.db) === "postgres"
      ? new FailureTable(shared.db, shared.name)
      : null;
  }

  #now(): number {
    return this.options.now?.() ?? Date.now();
  }

  #recent(key: string): number[] {
    const since = this.#now() - this.options.windowMs;
    if (this.#table) return this.#table.since(key, since);
    const list = (this.#failures.get(key) ?? []).filter((ts) => ts > since);
    if (list.length) this.#failures.set(key, list);
    else this.#failures.delete(key);
    return list;
  }

  /** Seconds to wait before `key` may try again; 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const list = this.#recent(key);
    if (list.length < this.options.max) return 0;
    const oldest = list[list.length - this.options.max];
    return Math.max(1, Math.ceil((oldest + this.options.windowMs - this.#now()) / 1000));
  }

  /** Counts one failure for `key`. */
  recordFailure(key: string): void {
    if (this.#table) {
      return this.#table.add(key, this.#now(), this.#now() - this.options.windowMs);
    }
    const list = this.#recent(key);
    list.push(this.#now());
    this.#failures.set(key, list);
  }
}

/** One limiter's failures in `auth_failures` (PostgreSQL). */
class FailureTable {
  constructor(readonly db: Db, readonly name: string) {}

  /** The failures of `key` after `since`, oldest first. */
  since(key: string, since: number): number[] {
    return this.db.prepare(
      "SELECT ts FROM auth_failures WHERE limiter = ? AND key = ? AND ts > ? ORDER BY ts",
    ).all(this.name, key, since).map((r) => Number(r.ts));
  }

  /** Counts a failure at `now`, forgetting this limiter's failures from before `since`. */
  add(key: string, now: number, since: number): void {
    this.db.prepare("DELETE FROM auth_failures WHERE limiter = ? AND ts <= ?").run(
      this.name,
      since,
    );
    this.db.prepare("INSERT INTO auth_failures (limiter, key, ts) VALUES (?, ?, ?)")
      .run(this.name, key, now);
  }
}

/**
 * Checks `attempt` (a password re-entry) under `limiter` for `key`: 429 while
 * too many recent failures, and a failure is counted. Answers whether it passed.
 */
export async function limitedCheck(
  limiter: FailureLimiter,
  key: string,
  attempt: () => Promise<boolean>,
): Promise<boolean> {
  const wait = limiter.retryAfterSeconds(key);
  if (wait > 0) {
    throw new HttpError(
      429,
      "TOO_MANY_ATTEMPTS",
      `Too many wrong passwords. Try again in ${wait} s.`,
      {
        headers: { "Retry-After": String(wait) },
      },
    );
  }
  const ok = await attempt();
  if (!ok) limiter.recordFailure(key);
  return ok;
}
