/** Small shared helpers of SPEC §9: wait, durations, debounce, one-at-a-time runs. */

/** The wait helper's default delay. */
export const DEFAULT_WAIT_MS = 500;
/** Bounds of the wait helper's random delay. */
export const RANDOM_WAIT_MS = { min: 1000, max: 3000 } as const;
/** The default delay before a cached value is reloaded (SPEC §9). */
export const DEFAULT_DELAY_MS = 1000;
/** Virtual lists render this many rows beyond the viewport. */
export const VIRTUAL_OVERSCAN = 5;

/** Timers, injectable so time-based rules run under fake timers. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/** The real timers. */
export const realTimers: Timers = {
  setTimeout: (callback, ms) => Number(globalThis.setTimeout(callback, ms)),
  clearTimeout: (id) => globalThis.clearTimeout(id),
};

/** A random delay between 1000 and 3000 ms. */
export function randomDelay(random: () => number = Math.random): number {
  return Math.round(RANDOM_WAIT_MS.min + random() * (RANDOM_WAIT_MS.max - RANDOM_WAIT_MS.min));
}

/** Resolves after `ms` (500 by default, or a random 1000–3000 ms with `"random"`). */
export function wait(ms: number | "random" = DEFAULT_WAIT_MS, timers = realTimers): Promise<void> {
  const delay = ms === "random" ? randomDelay() : ms;
  return new Promise((resolve) => void timers.setTimeout(resolve, delay));
}

/** Calls `fn` once `ms` has passed without another call; `cancel` drops the pending call. */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  timers = realTimers,
): ((...args: A) => void) & { cancel(): void } {
  let pending: number | undefined;
  const run = (...args: A) => {
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = timers.setTimeout(() => {
      pending = undefined;
      fn(...args);
    }, ms);
  };
  return Object.assign(run, {
    cancel() {
      if (pending !== undefined) timers.clearTimeout(pending);
      pending = undefined;
    },
  });
}

/** Thrown when an exclusive action is started while it is already running. */
export class AlreadyRunning extends Error {
  constructor(name: string) {
    super(`${name} is already in progress`);
    this.name = "AlreadyRunning";
  }
}

/** Wraps an async action so a second start while one runs is refused (sign-in, logout). */
export function exclusive<A extends unknown[], R>(
  name: string,
  action: (...args: A) => Promise<R>,
): ((...args: A) => Promise<R>) & { running(): boolean } {
  let busy = false;
  const run = async (...args: A) => {
    if (busy) throw new AlreadyRunning(name);
    busy = true;
    try {
      return await action(...args);
    } finally {
      busy = false;
    }
  };
  return Object.assign(run, { running: () => busy });
}
