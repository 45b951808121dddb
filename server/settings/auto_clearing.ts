/**
 * Auto-clearing of raw clicks: clicks older than the kept days are deleted in
 * small batches, each its own short transaction with a pause between, so the
 * click writer is never held up for long. Clicks that converted are kept
 * (conversions point at them), and campaigns listed as exceptions keep their
 * own number of days, or forever.
 */
import { ClearRun } from "../../contracts/settings_tools.ts";
import { type Db, transaction } from "../db/connection.ts";
import { clickIdBound } from "../tracking/click_id.ts";
import { logEvent } from "../log.ts";
import { readSetting, writeSetting } from "./store.ts";
import { readSection } from "./sections.ts";

const DAY_MS = 86_400_000;
/** Rows per batch: small enough that one batch takes a few milliseconds. */
export const CLEAR_BATCH_SIZE = 500;
/** How often the background job runs. */
export const CLEAR_EVERY_MS = 3600_000;

const LAST_RUN_KEY = "auto-clearing.last-run";

/** The last clearing, if one ever ran. */
export function lastClearRun(db: Db): ClearRun | null {
  return readSetting(db, LAST_RUN_KEY, { schema: ClearRun.nullable(), fallback: null });
}

/** What to delete: clicks older than `keepDays`, except the listed campaigns' own terms. */
export type ClearPlan = {
  keepDays: number;
  exceptions: ReadonlyArray<{ campaignId: number; keepDays: number | null }>;
};

const NOT_CONVERTED = "NOT EXISTS (SELECT 1 FROM conversions v WHERE v.click_id = clicks.id)";

type Pass = { where: string; args: Array<number | string> };

/**
 * The deletions a plan makes. Click ids start with their time, so `id < bound`
 * reads only the old end of the table; `ts` keeps the exact cut.
 */
function passes(db: Db, plan: ClearPlan, now: number): Pass[] {
  const excepted = plan.exceptions.map((e) => e.campaignId);
  const cutoff = now - plan.keepDays * DAY_MS;
  const list: Pass[] = [{
    where: `id < ? AND ts < ? AND (campaign_id IS NULL OR campaign_id NOT IN (${
      excepted.map(() => "?").join(",")
    }))`,
    args: [clickIdBound(db, cutoff + 1), cutoff, ...excepted],
  }];
  for (const e of plan.exceptions) {
    if (e.keepDays === null) continue;
    const own = now - e.keepDays * DAY_MS;
    list.push({
      where: "campaign_id = ? AND id < ? AND ts < ?",
      args: [e.campaignId, clickIdBound(db, own + 1), own],
    });
  }
  return list;
}

/**
 * Deletes what `plan` says, `batchSize` rows per transaction, yielding to the
 * event loop between batches. A cursor moves past kept rows (converted
 * clicks), so none is read twice. Returns the counts (`runClearing` stores them).
 */
export async function clearClicks(
  db: Db,
  plan: ClearPlan,
  options: { now?: number; batchSize?: number } = {},
): Promise<Omit<ClearRun, "startedAt" | "finishedAt" | "trigger">> {
  const now = options.now ?? Date.now();
  const batchSize = options.batchSize ?? CLEAR_BATCH_SIZE;
  let deleted = 0;
  let batches = 0;
  let longestBatchMs = 0;
  for (const pass of passes(db, plan, now)) {
    // One statement a batch (on PostgreSQL each statement is a round trip).
    const remove = db.prepare(
      `DELETE FROM clicks WHERE id IN (SELECT id FROM clicks WHERE id > ? AND ${pass.where}
        AND ${NOT_CONVERTED} ORDER BY id LIMIT ?) RETURNING id`,
    );
    let cursor = "";
    while (true) {
      const started = performance.now();
      const ids = transaction(db, () => {
        // RETURNING comes in no set order: the cursor is the largest id.
        return remove.all(cursor, ...pass.args, batchSize).map((r) => String(r.id)).sort();
      });
      longestBatchMs = Math.max(longestBatchMs, performance.now() - started);
      if (ids.length === 0) break;
      deleted += ids.length;
      batches++;
      cursor = ids[ids.length - 1];
      if (ids.length < batchSize) break;
      // Let clicks waiting for the database go first.
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
  return { deleted, batches, longestBatchMs: Math.round(longestBatchMs * 100) / 100 };
}

/** Runs a clearing with `plan` (the settings' plan when absent) and records it as the last run. */
export async function runClearing(
  db: Db,
  options: { trigger: ClearRun["trigger"]; plan?: ClearPlan; now?: number },
): Promise<ClearRun> {
  const settings = readSection(db, "auto-clearing");
  const plan = options.plan ?? settings;
  const startedAt = Date.now();
  let run: ClearRun;
  try {
    const counts = await clearClicks(db, plan, { now: options.now });
    run = { startedAt, finishedAt: Date.now(), trigger: options.trigger, ...counts };
  } catch (err) {
    const error = (err as Error).message;
    run = {
      startedAt,
      finishedAt: Date.now(),
      trigger: options.trigger,
      deleted: 0,
      batches: 0,
      longestBatchMs: 0,
      error,
    };
  }
  writeSetting(db, LAST_RUN_KEY, run);
  logEvent(run.error ? "error" : "info", "auto_clearing", { ...run });
  return run;
}

/**
 * Starts the background job: every `everyMs` it clears when the settings say
 * enabled. Returns the stop function.
 */
export function startAutoClearing(db: Db, options: { everyMs?: number } = {}): () => void {
  let running = false;
  const tick = async () => {
    if (running || !readSection(db, "auto-clearing").enabled) return;
    running = true;
    try {
      await runClearing(db, { trigger: "schedule" });
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, 10_000);
  const timer = setInterval(tick, options.everyMs ?? CLEAR_EVERY_MS);
  // The job never keeps the process alive: shutdown does not wait for it.
  Deno.unrefTimer(first);
  Deno.unrefTimer(timer);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/** Parses `30d`, `12h` or `90m` into milliseconds. */
export function parseAge(text: string): number {
  const match = /^(\d{1,5})([dhm])$/.exec(text.trim());
  if (!match) throw new Error(`'${text}' is not an age like 30d, 12h or 90m`);
  const unit = { d: DAY_MS, h: 3600_000, m: 60_000 }[match[2] as "d" | "h" | "m"];
  const ms = Number(match[1]) * unit;
  if (ms <= 0) throw new Error("the age must be more than zero");
  return ms;
}
