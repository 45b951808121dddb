/**
 * Auto-clearing of raw clicks: clicks older than the kept days are deleted in
 * small batches, each its own short transaction with a pause between, so the
 * click writer is never held up for long. Clicks that converted are kept
 * (conversions point at them), and campaigns listed as exceptions keep their
 * own number of days, or forever.
 *
 * On PostgreSQL `clicks` is partitioned by day (decision 172): a day partition
 * wholly older than the kept days is dropped at once, the clicks it must keep
 * moved out first, and the rows left (the day at the cut, the default
 * partition) go in batches as on SQLite. `click_events` has no foreign key
 * there, so its rows go with their clicks here, as SQLite's cascade does.
 */
import { ClearRun } from "../../contracts/settings_tools.ts";
import { type Db, dialectOf, transaction } from "../db/connection.ts";
import { onceAcrossNodes } from "../db/jobs.ts";
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
  const postgres = dialectOf(db) === "postgres";
  // PostgreSQL: click events and changes have no foreign key to the partitioned clicks, so they
  // go by hand.
  const removeEvents = postgres ? eventsRemover(db) : null;
  const counts = { deleted: 0, batches: 0, longestBatchMs: 0 };
  if (postgres) dropOldPartitions(db, plan, now, counts);
  let { deleted, batches, longestBatchMs } = counts;
  for (const pass of passes(db, plan, now)) {
    // One statement a batch (on PostgreSQL each statement is a round trip).
    const remove = db.prepare(
      `DELETE FROM clicks WHERE id IN (SELECT id FROM clicks WHERE id > ? AND ${pass.where}
        AND ${NOT_CONVERTED} ORDER BY id LIMIT ?) RETURNING id, campaign_id, ts`,
    );
    const mark = markCleared(db);
    let cursor = "";
    while (true) {
      const started = performance.now();
      const ids = transaction(db, () => {
        // RETURNING comes in no set order: the cursor is the largest id.
        const rows = remove.all(cursor, ...pass.args, batchSize);
        mark(rows);
        const found = rows.map((r) => String(r.id)).sort();
        removeEvents?.(found);
        return found;
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

/**
 * Records, per campaign, that its clicks before the newest deleted one may be
 * gone while the rollups still count them (`clicks_cleared`): a cost update
 * there is planned from the clicks, not the cubes (decision 160, update 5).
 */
function markCleared(db: Db): (rows: Record<string, unknown>[]) => void {
  const upsert = db.prepare(
    `INSERT INTO clicks_cleared (campaign_id, before_ts) VALUES (?, ?)
     ON CONFLICT (campaign_id) DO UPDATE SET before_ts = excluded.before_ts
       WHERE excluded.before_ts > clicks_cleared.before_ts`,
  );
  return (rows) => {
    const newest = new Map<number, number>();
    for (const r of rows) {
      if (r.campaign_id === null) continue;
      const campaign = Number(r.campaign_id), ts = Number(r.ts);
      newest.set(campaign, Math.max(newest.get(campaign) ?? ts, ts));
    }
    for (const [campaign, ts] of newest) upsert.run(campaign, ts + 1);
  };
}

/** A cleared click's rows in other tables (SQLite's foreign keys cascade; PostgreSQL's have none). */
const CLICK_CHILDREN = ["click_events", "click_changes"];

/** PostgreSQL: deletes the events and changes of a batch of deleted clicks (SQLite's cascade). */
function eventsRemover(db: Db): (ids: string[]) => void {
  const children = CLICK_CHILDREN.map((table) =>
    db.prepare(
      `DELETE FROM ${table} WHERE click_id IN
        (SELECT jsonb_array_elements_text(?::text::jsonb) COLLATE "C")`,
    )
  );
  return (found) => {
    if (found.length > 0) { for (const s of children) s.run(JSON.stringify(found)); }
  };
}

/**
 * How long dropping a partition may wait for its lock (a long read holds one)
 * before its rows go in batches; clicks queue behind the wait, so it is short.
 */
const PARTITION_LOCK_MS = 250;

/**
 * PostgreSQL: drops every `clicks` day partition wholly older than the plan's
 * cut. In one transaction: the events of its deletable clicks are deleted,
 * the partition detached, the clicks the plan keeps (converted ones, the
 * exceptions' own days, ids past the cut) inserted back (they land in the
 * default partition; no day partition is ever made that far back), and the
 * detached table dropped. A partition that holds mostly kept clicks, or whose
 * lock a long read holds past `PARTITION_LOCK_MS` (and every partition after
 * it, this run), is left to the batches.
 */
function dropOldPartitions(
  db: Db,
  plan: ClearPlan,
  now: number,
  counts: { deleted: number; batches: number; longestBatchMs: number },
): void {
  const cutoff = now - plan.keepDays * DAY_MS;
  const list = passes(db, plan, now);
  const deletable = `COALESCE((${
    list.map((p) => `(${p.where})`).join(" OR ")
  }), false) AND ${NOT_CONVERTED}`;
  const args = list.flatMap((p) => p.args);
  const days = db.prepare(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'clicks'::regclass AND c.relname ~ '^clicks_[0-9]+$'`,
  ).all().map((r) => String(r.name)).filter((name) =>
    (Number(name.slice(7)) + 1) * DAY_MS <= cutoff
  )
    .sort();
  for (const name of days) {
    const table = `${name} AS clicks`;
    const { total, gone } = db.prepare(
      `SELECT count(*) AS total, count(*) FILTER (WHERE ${deletable}) AS gone FROM ${table}`,
    ).get(...args)!;
    if (Number(gone) * 2 < Number(total)) continue;
    const started = performance.now();
    try {
      transaction(db, () => {
        db.exec(`SET LOCAL lock_timeout = '${PARTITION_LOCK_MS}ms'`);
        for (const child of CLICK_CHILDREN) {
          db.prepare(
            `DELETE FROM ${child} WHERE click_id IN (SELECT id FROM ${table} WHERE ${deletable})`,
          ).run(...args);
        }
        db.exec(`ALTER TABLE clicks DETACH PARTITION ${name}`);
        db.prepare(`INSERT INTO clicks SELECT * FROM ${table} WHERE NOT (${deletable})`)
          .run(...args);
        db.exec(`DROP TABLE ${name}`);
      });
    } catch (err) {
      // A read holds the table (or the drop failed): the batches clear the rows this run, and
      // the next run tries the partitions again.
      logEvent("warn", "auto_clearing_partition_kept", { name, message: (err as Error).message });
      return;
    }
    counts.deleted += Number(gone);
    counts.batches++;
    counts.longestBatchMs = Math.max(counts.longestBatchMs, performance.now() - started);
  }
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
      // Several PostgreSQL nodes: one of them clears, once an interval.
      const everyMs = options.everyMs ?? CLEAR_EVERY_MS;
      await onceAcrossNodes(
        db,
        { name: "auto-clearing", everyMs },
        () => runClearing(db, { trigger: "schedule" }),
      );
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
