/**
 * Read-time shares of cost updates (decision 160, "Update 3"). An update that
 * covers every non-bot click of a campaign-hour with one share per click
 * records that share (`cost_hour_chain`, one row per update and hour; the
 * hour's effective share in `cost_hour_shares`) instead of writing the hour's
 * clicks and cube rows: O(hours) writes, so a campaign-day of 100k clicks is
 * a few rows and clicks keep flowing. Every reader of a click's or a cube
 * row's cost reads it through the share with the SQL below: in a shared
 * campaign-hour a row's stored cost counts only when the share does not
 * replace it, and every non-bot click adds the share in its currency. A
 * background fold (`foldOneHour`) later writes each hour into the rows with
 * the whole-hour writer and drops its share, one hour at a time; anything
 * that writes a click's cost first folds the click's hour (`foldHoursOf`).
 * SQLite only: on PostgreSQL an update writes the rows (its row locks never
 * hold a click insert), so the tables stay empty and no query changes.
 */
import { type Db, dialectOf, transaction } from "../db/connection.ts";
import { MS_HOUR } from "../reports/rollup_schema.ts";
import { SHARES } from "./share_sql.ts";
import { writeClickCosts } from "./bulk_cost.ts";
import { HourMismatch, writeHourCost } from "./hour_cost.ts";
import { clickIdBound } from "../tracking/click_id.ts";
import type { TrackingEngine } from "../tracking/engine.ts";
import { logEvent } from "../log.ts";

/**
 * A campaign-hour's share under one update: every non-bot click gets `share`,
 * those with an id in `[extraFrom, extraTo)` one micro-unit more (the
 * update's remainder falls on its first receivers).
 */
export type HourShare = {
  campaignId: number;
  hour: number;
  share: number;
  extraFrom?: string;
  extraTo?: string;
};

/** When each database's shares last changed by an update or undo (the fold waits for quiet). */
const lastChange = new WeakMap<Db, number>();

/** How long after an update or undo the fold waits: a buyer pushing spend goes first. */
export const FOLD_QUIET_MS = 30_000;

/** A chain entry's columns, as `settle` and the fold read them. */
const ENTRY = "update_id, mode, share, currency, extra_from, extra_to";

/**
 * Recomputes the effective share of each campaign-hour from its chain: from
 * its last replace on (what came before it no longer counts).
 */
function settle(db: Db, hours: readonly { campaignId: number; hour: number }[]): void {
  const chain = db.prepare(
    `SELECT ${ENTRY} FROM cost_hour_chain WHERE campaign_id = ?1 AND hour = ?2
       AND update_id >= coalesce((SELECT max(update_id) FROM cost_hour_chain
         WHERE campaign_id = ?1 AND hour = ?2 AND mode = 'replace'), 0)
     ORDER BY update_id`,
  );
  const drop = db.prepare(`DELETE FROM ${SHARES} WHERE campaign_id = ? AND hour = ?`);
  const put = db.prepare(
    `INSERT INTO ${SHARES} (campaign_id, hour, replaces, share, currency, extra_from, extra_to)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (campaign_id, hour) DO UPDATE SET replaces = excluded.replaces,
       share = excluded.share, currency = excluded.currency, extra_from = excluded.extra_from,
       extra_to = excluded.extra_to`,
  );
  for (const { campaignId, hour } of hours) {
    const entries = chain.all(campaignId, hour);
    if (entries.length === 0) {
      drop.run(campaignId, hour);
      continue;
    }
    let replaces = 0, share = 0, currency = "";
    let extra: [string, string] | null = null;
    for (const e of entries) {
      if (e.mode === "replace") {
        replaces = 1;
        share = 0;
        extra = null;
      }
      share += Number(e.share);
      currency = String(e.currency);
      if (e.extra_to !== null) {
        // The planner gives an hour at most one remainder (a second is written instead).
        if (extra) throw new Error(`two remainders in campaign #${campaignId}'s hour ${hour}`);
        extra = [String(e.extra_from), String(e.extra_to)];
      }
    }
    put.run(campaignId, hour, replaces, share, currency, extra?.[0] ?? null, extra?.[1] ?? null);
  }
}

/** Records update `updateId`'s shares of whole campaign-hours; call inside a transaction. */
export function recordShares(
  db: Db,
  updateId: number,
  mode: "replace" | "add",
  currency: string,
  hours: readonly HourShare[],
): void {
  const insert = db.prepare(
    `INSERT INTO cost_hour_chain (update_id, campaign_id, hour, mode, share, currency, extra_from,
       extra_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  lastChange.set(db, Date.now());
  for (const h of hours) {
    insert.run(
      updateId,
      h.campaignId,
      h.hour,
      mode,
      h.share,
      currency,
      h.extraFrom ?? null,
      h.extraTo ?? null,
    );
  }
  settle(db, hours);
}

/**
 * Takes update `updateId`'s shares back (its hours not folded yet); call
 * inside a transaction. Returns how many campaign-hours it had.
 */
export function dropShares(db: Db, updateId: number): number {
  const hours = db.prepare(
    "SELECT campaign_id, hour FROM cost_hour_chain WHERE update_id = ?",
  ).all(updateId).map((r) => ({ campaignId: Number(r.campaign_id), hour: Number(r.hour) }));
  db.prepare("DELETE FROM cost_hour_chain WHERE update_id = ?").run(updateId);
  settle(db, hours);
  if (hours.length > 0) lastChange.set(db, Date.now());
  return hours.length;
}

/**
 * The first later update with a share in one of the campaign-hours update
 * `updateId` changed (its shares, and the hours it wrote or that were folded).
 */
export function laterShare(db: Db, updateId: number): number | null {
  const row = db.prepare(
    `WITH hours AS (
       SELECT campaign_id, hour FROM cost_hour_chain WHERE update_id = ?1
       UNION
       SELECT k.campaign_id, k.ts / ${MS_HOUR} FROM cost_update_clicks c
         JOIN clicks k ON k.id = c.click_id WHERE c.update_id = ?1)
     SELECT min(b.update_id) AS later FROM cost_hour_chain b
       JOIN hours h ON h.campaign_id = b.campaign_id AND h.hour = b.hour
     WHERE b.update_id > ?1`,
  ).get(updateId);
  return row?.later == null ? null : Number(row.later);
}

/**
 * Writes the first update of a shared campaign-hour's chain into the rows
 * (each click's old cost kept under that update, so undo works on it as on
 * any written hour) and settles the hour on the rest; call inside a
 * transaction. The whole-hour writer moves the cubes from their own rows;
 * when they do not count the hour's clicks, the clicks are written one by
 * one. The remainder's micro-units land on their clicks one by one. Returns
 * false when the hour holds no share.
 */
export function foldFirst(db: Db, campaignId: number, hour: number): boolean {
  const e = db.prepare(
    `SELECT ${ENTRY} FROM cost_hour_chain WHERE campaign_id = ? AND hour = ?
     ORDER BY update_id LIMIT 1`,
  ).get(campaignId, hour);
  if (!e) return false;
  const range = [
    clickIdBound(db, hour * MS_HOUR),
    clickIdBound(db, (hour + 1) * MS_HOUR),
    campaignId,
    hour * MS_HOUR,
    (hour + 1) * MS_HOUR,
  ];
  const live = `id >= ? AND id < ? AND campaign_id = ? AND is_bot = 0 AND ts >= ? AND ts < ?`;
  const write = {
    updateId: Number(e.update_id),
    campaignId,
    hour,
    clicks: Number(db.prepare(`SELECT count(*) AS n FROM clicks WHERE ${live}`).get(...range)!.n),
    share: Number(e.share),
    mode: String(e.mode) as "replace" | "add",
    currency: String(e.currency),
    keep: true,
  };
  // The entry leaves the chain first: its share must not lie on top of the rows it writes.
  db.prepare("DELETE FROM cost_hour_chain WHERE update_id = ? AND campaign_id = ? AND hour = ?")
    .run(write.updateId, campaignId, hour);
  settle(db, [{ campaignId, hour }]);
  if (write.clicks > 0) {
    db.exec("SAVEPOINT fold_hour");
    try {
      writeHourCost(db, write);
      db.exec("RELEASE fold_hour");
    } catch (err) {
      db.exec("ROLLBACK TO fold_hour");
      db.exec("RELEASE fold_hour");
      if (!(err instanceof HourMismatch)) throw err;
      const changes = db.prepare(`SELECT id, cost, cost_currency FROM clicks WHERE ${live}`)
        .all(...range).map((r) => ({
          id: String(r.id),
          cost: write.mode === "add" ? Number(r.cost) + write.share : write.share,
          currency: write.currency,
          before: Number(r.cost),
          beforeCurrency: String(r.cost_currency),
        }));
      writeClickCosts(db, changes, write.updateId);
    }
  }
  if (e.extra_to !== null) {
    // Already kept under the update by the write above: only the cost moves.
    const changes = db.prepare(
      `SELECT id, cost, cost_currency FROM clicks WHERE id >= ? AND id < ? AND campaign_id = ?
         AND is_bot = 0`,
    ).all(String(e.extra_from), String(e.extra_to), campaignId).map((r) => ({
      id: String(r.id),
      cost: Number(r.cost) + 1,
      currency: String(r.cost_currency),
      before: Number(r.cost),
      beforeCurrency: String(r.cost_currency),
    }));
    writeClickCosts(db, changes);
  }
  return true;
}

/** Writes a shared campaign-hour's whole chain into the rows; inside a transaction. */
export function foldHour(db: Db, campaignId: number, hour: number): void {
  while (foldFirst(db, campaignId, hour));
}

/**
 * Folds every shared hour of clicks `ids` (a click's cost is about to be
 * written): nothing to do, and one indexed lookup, when none is shared. Call
 * inside a transaction, after flushing the in-memory rollups.
 */
export function foldHoursOfClicks(db: Db, ids: readonly string[]): void {
  if (dialectOf(db) === "postgres" || ids.length === 0) return;
  const hours = db.prepare(
    `SELECT DISTINCT sh.campaign_id, sh.hour FROM clicks k
     JOIN ${SHARES} sh ON sh.campaign_id = k.campaign_id AND sh.hour = k.ts / ${MS_HOUR}
     WHERE k.id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids));
  for (const h of hours) foldHour(db, Number(h.campaign_id), Number(h.hour));
}

/** Folds the shared hours of campaigns `campaignIds` in hours `[from, to)`; inside a transaction. */
export function foldHoursOf(
  db: Db,
  campaignIds: readonly number[],
  from: number,
  to: number,
): number {
  if (dialectOf(db) === "postgres") return 0;
  const hours = db.prepare(
    `SELECT campaign_id, hour FROM ${SHARES} WHERE hour >= ? AND hour < ?
       AND campaign_id IN (SELECT value FROM json_each(?)) ORDER BY hour`,
  ).all(from, to, JSON.stringify(campaignIds));
  for (const h of hours) foldHour(db, Number(h.campaign_id), Number(h.hour));
  return hours.length;
}

/** Folds every shared hour (before the store is copied elsewhere); inside a transaction. */
export function foldAll(db: Db): number {
  if (dialectOf(db) === "postgres") return 0;
  const hours = db.prepare(`SELECT campaign_id, hour FROM ${SHARES} ORDER BY hour`).all();
  for (const h of hours) foldHour(db, Number(h.campaign_id), Number(h.hour));
  return hours.length;
}

/**
 * Folds the first update of the oldest shared hour, in its own transaction
 * (a chain of several updates takes several turns); false when none is left.
 */
export function foldOneHour(db: Db): boolean {
  const next = db.prepare(
    `SELECT campaign_id, hour FROM ${SHARES} ORDER BY hour, campaign_id LIMIT 1`,
  ).get();
  if (!next) return false;
  transaction(db, () => foldFirst(db, Number(next.campaign_id), Number(next.hour)));
  return true;
}

/** How often the fold looks for shares, and the least time between two folds. */
export const FOLD_EVERY_MS = 1000;

/**
 * Keeps folding shares into the rows in the background, oldest hour first:
 * one update of one campaign-hour a transaction, taken under the cost-update
 * turn, none within `FOLD_QUIET_MS` of an update or undo (a buyer pushing
 * spend goes first), and the next one only after 100 times as long as the
 * last took (a ~25 ms hour of ~4,000 clicks waits 2.5 s), so the fold holds
 * the writer ≤ 1 % of the time. SQLite only. Returns the stop function.
 */
export function startCostFolding(
  engine: TrackingEngine,
  turn: <T>(fn: () => Promise<T>) => Promise<T>,
): () => void {
  if (dialectOf(engine.db) === "postgres") return () => {};
  let next = 0;
  let running = false;
  const tick = async () => {
    if (running || Date.now() < next) return;
    if (Date.now() - (lastChange.get(engine.db) ?? 0) < FOLD_QUIET_MS) return;
    running = true;
    try {
      const start = performance.now();
      const more = await turn(() => Promise.resolve(foldOneHour(engine.db)));
      if (more) next = Date.now() + Math.ceil((performance.now() - start) * 100);
    } catch (err) {
      logEvent("warn", "cost_fold_failed", { message: (err as Error).message });
      next = Date.now() + 60_000;
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), FOLD_EVERY_MS);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
