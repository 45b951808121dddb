/**
 * The trigger scheduler: every minute, each due trigger is claimed with one
 * UPDATE (so one process checks it) and checked. Figures come from the read
 * worker and URL checks are network waits, so the click thread is never held.
 * With several PostgreSQL nodes one ticks at a time (`onceAcrossNodes`); the
 * claim alone already keeps a check once.
 */
import { onceAcrossNodes } from "../db/jobs.ts";
import { logEvent } from "../log.ts";
import { type CheckDeps, checkTrigger } from "./check.ts";
import { triggerNow } from "./clock.ts";
import { claimCheck, dueTriggerIds } from "./store.ts";

/** How often the scheduler looks for due triggers. */
export const TICK_MS = 60_000;

/** Checks every trigger due now; the ids it checked. */
export async function runDueTriggers(deps: CheckDeps): Promise<number[]> {
  const now = triggerNow(deps.db);
  const checked: number[] = [];
  for (const id of dueTriggerIds(deps.db, now)) {
    if (!claimCheck(deps.db, id, now)) continue;
    checked.push(id);
    try {
      await checkTrigger(deps, { id, now });
    } catch (e) {
      logEvent("error", "trigger_check_failed", { trigger: id, message: String(e) });
    }
  }
  return checked;
}

/** Starts the every-minute scheduler; returns its stop function. */
export function startTriggerScheduler(deps: CheckDeps, tickMs = TICK_MS): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await onceAcrossNodes(deps.db, { name: "triggers" }, () => runDueTriggers(deps));
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, 1000);
  const timer = setInterval(tick, tickMs);
  Deno.unrefTimer(timer);
  Deno.unrefTimer(first);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
