/**
 * Failed sign-ins per client IP in a sliding window. Checked before any
 * password hashing, so a flood costs the server nothing.
 */

import { HttpError } from "../errors.ts";

export class FailureLimiter {
  readonly #failures = new Map<string, number[]>();

  constructor(
    readonly options: { max: number; windowMs: number; now?: () => number } = {
      max: 10,
      windowMs: 10 * 60_000,
    },
  ) {}

  #now(): number {
    return this.options.now?.() ?? Date.now();
  }

  #recent(key: string): number[] {
    const since = this.#now() - this.options.windowMs;
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
    const list = this.#recent(key);
    list.push(this.#now());
    this.#failures.set(key, list);
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
