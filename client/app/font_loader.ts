/** Loading a font with the 3000 ms timeout of SPEC §8–9. */
import { FONT_LOAD_TIMEOUT_MS } from "./appearance.ts";
import { realTimers, type Timers } from "./helpers.ts";

/** Logged when the font takes longer than the timeout. */
export const FONT_TIMEOUT_LOG = "Font loading timed out";
/** Logged when the font fails to load. */
export const FONT_FAILED_LOG = "Font loading failed";

/** Options of `loadFont`. */
export interface LoadFontOptions {
  timeoutMs?: number;
  timers?: Timers;
  log?: (message: string, detail?: unknown) => void;
}

/**
 * Runs `load` (e.g. `document.fonts.load(...)`) and resolves `true` when it finished in time;
 * `false` after logging the timeout or the failure, in which case the font stays unapplied.
 */
export function loadFont(
  load: () => Promise<unknown>,
  options: LoadFontOptions = {},
): Promise<boolean> {
  const timers = options.timers ?? realTimers;
  const log = options.log ?? ((message, detail) => console.warn(message, detail ?? ""));
  return new Promise((resolve) => {
    let settled = false;
    const finish = (ok: boolean, message?: string, detail?: unknown) => {
      if (settled) return;
      settled = true;
      timers.clearTimeout(timer);
      if (message) log(message, detail);
      resolve(ok);
    };
    const timer = timers.setTimeout(
      () => finish(false, FONT_TIMEOUT_LOG),
      options.timeoutMs ?? FONT_LOAD_TIMEOUT_MS,
    );
    let started: Promise<unknown>;
    try {
      started = load();
    } catch (error) {
      started = Promise.reject(error);
    }
    started.then(() => finish(true), (error) => finish(false, FONT_FAILED_LOG, error));
  });
}
