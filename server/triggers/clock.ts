/**
 * The triggers' clock: `Date.now` in production; tests set a controllable one
 * per database, so the scheduler, the check route, the dry run and the
 * history all read the same "now".
 */
import type { Db } from "../db/connection.ts";

const clocks = new WeakMap<Db, () => number>();

/** Makes `now` the clock of the triggers on `db` (tests). */
export function setTriggerClock(db: Db, now: () => number): void {
  clocks.set(db, now);
}

/** Now, by the triggers' clock of `db`. */
export function triggerNow(db: Db): number {
  return (clocks.get(db) ?? Date.now)();
}
