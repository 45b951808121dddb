/**
 * The daily ECB fetch (Settings → Stats → Currency rates, decision 162): when enabled,
 * the feed is fetched once a UTC day from the hour saved (and again an hour
 * after a failure that day); "Fetch now" runs it at once. The last run is kept
 * for the panel.
 */
import { EcbRun } from "../../contracts/currency_rate.ts";
import type { Db } from "../db/connection.ts";
import { onceAcrossNodes } from "../db/jobs.ts";
import { logEvent } from "../log.ts";
import { readSection } from "../settings/sections.ts";
import { readSetting, writeSetting } from "../settings/store.ts";
import { fetchEcbFeed, storeEcbDays } from "./ecb.ts";
import type { Allow } from "../triggers/egress.ts";

const LAST_RUN_KEY = "ecb-rates.last-run";
/** How often the schedule is looked at. */
const CHECK_EVERY_MS = 60_000;
/** A failed scheduled fetch is tried again after this long, the same day. */
const RETRY_MS = 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The last fetch (scheduled or on demand), if any. */
export function lastEcbRun(db: Db): EcbRun | null {
  return readSetting(db, LAST_RUN_KEY, { schema: EcbRun.nullable(), fallback: null });
}

const running = new WeakSet<Db>();

/** Whether a fetch is running now on `db`. */
export function ecbFetchRunning(db: Db): boolean {
  return running.has(db);
}

/** Fetches the feed now and stores it; records and answers how it went (never throws). */
export async function runEcbFetch(
  db: Db,
  options: { trigger: EcbRun["trigger"]; now?: number; allow?: Allow },
): Promise<EcbRun> {
  const { url } = readSection(db, "ecb-rates");
  const startedAt = options.now ?? Date.now();
  const clock = Date.now();
  const base = { startedAt, trigger: options.trigger, url, days: 0 };
  let run: EcbRun;
  running.add(db);
  try {
    const days = await fetchEcbFeed(url, { allow: options.allow });
    const counts = storeEcbDays(db, days);
    run = { ...base, finishedAt: 0, days: days.length, ...counts };
  } catch (err) {
    const error = (err as Error).message;
    run = { ...base, finishedAt: 0, added: 0, changed: 0, unchanged: 0, kept: 0, error };
  } finally {
    running.delete(db);
  }
  run.finishedAt = startedAt + (Date.now() - clock);
  writeSetting(db, LAST_RUN_KEY, run);
  logEvent(run.error ? "error" : "info", "ecb_rates_fetch", { ...run });
  return run;
}

/** Whether the day's fetch is due at `now` under the settings and the last run. */
export function ecbFetchDue(db: Db, now: number): boolean {
  const settings = readSection(db, "ecb-rates");
  if (!settings.enabled || running.has(db)) return false;
  const slot = Math.floor(now / DAY_MS) * DAY_MS + settings.hour * HOUR_MS;
  if (now < slot) return false;
  const last = lastEcbRun(db);
  if (!last || last.startedAt < slot) return true;
  return last.error !== undefined && now - last.startedAt >= RETRY_MS;
}

/** One look at the schedule at `now`: fetches when enabled and due. */
export async function ecbTick(db: Db, now = Date.now(), allow?: Allow): Promise<EcbRun | null> {
  if (!ecbFetchDue(db, now)) return null;
  return await runEcbFetch(db, { trigger: "schedule", now, allow });
}

/**
 * Starts the schedule; answers the stop. Several PostgreSQL nodes: one looks at
 * a time, and the shared last run makes the day's fetch once.
 */
export function startEcbSchedule(db: Db, allow?: Allow): () => void {
  const tick = () =>
    onceAcrossNodes(db, { name: "ecb-rates" }, () => ecbTick(db, Date.now(), allow));
  const timer = setInterval(() => void tick(), CHECK_EVERY_MS);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
