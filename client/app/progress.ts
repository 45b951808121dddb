/**
 * The navigation progress bar's timing (SPEC §2, §4, §9): idle → pending after 300 ms, rising
 * to 75% over 800 ms → finishing to 100% in 400 ms → idle. A navigation that resolves within
 * 300 ms shows nothing. Timers are injected so the rules run under fake timers.
 */
import { realTimers, type Timers } from "./helpers.ts";

/** The bar's constants. */
export const PROGRESS = { delayMs: 300, riseMs: 800, riseTo: 75, finishMs: 400 } as const;

/** What the bar shows. `transitionMs` is how long the move to `value` takes. */
export interface ProgressView {
  phase: "idle" | "pending" | "finishing";
  value: number;
  transitionMs: number;
}

/** The bar at rest. */
export const IDLE: ProgressView = { phase: "idle", value: 0, transitionMs: 0 };

/** Drives the bar: call `start` when a navigation begins and `done` when it resolves. */
export interface ProgressController {
  start(): void;
  done(): void;
  view(): ProgressView;
}

/** Creates a controller that reports each change of view to `onChange`. */
export function createProgress(
  onChange: (view: ProgressView) => void,
  timers: Timers = realTimers,
): ProgressController {
  let view = IDLE;
  let timer: number | undefined;
  let active = false;
  const show = (next: ProgressView) => {
    view = next;
    onChange(next);
  };
  const clear = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  const rise = () => {
    timer = undefined;
    show({ phase: "pending", value: PROGRESS.riseTo, transitionMs: PROGRESS.riseMs });
  };
  return {
    start() {
      if (active) return;
      active = true;
      clear();
      if (view.phase === "finishing") rise();
      else timer = timers.setTimeout(rise, PROGRESS.delayMs);
    },
    done() {
      if (!active) return;
      active = false;
      clear();
      if (view.phase !== "pending") return;
      show({ phase: "finishing", value: 100, transitionMs: PROGRESS.finishMs });
      timer = timers.setTimeout(() => {
        timer = undefined;
        show(IDLE);
      }, PROGRESS.finishMs);
    },
    view: () => view,
  };
}
