/** Manual timers for tests of time-based rules (no real waiting). */
import type { Timers } from "./helpers.ts";

/** Timers driven by `tick(ms)`. */
export interface FakeTimers extends Timers {
  tick(ms: number): void;
  now(): number;
  pending(): number;
}

/** Creates fake timers starting at time 0. */
export function fakeTimers(): FakeTimers {
  let now = 0;
  let nextId = 1;
  const queue = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback, ms) {
      const id = nextId++;
      queue.set(id, { at: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout: (id) => void queue.delete(id),
    tick(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...queue.entries()].filter(([, t]) => t.at <= end)
          .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        queue.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    now: () => now,
    pending: () => queue.size,
  };
}
