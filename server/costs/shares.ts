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

/** A campaign-hour's share under one update. */
export type HourShare = { campaignId: number; hour: number; share: number };

/** Recomputes the effective share of each campaign-hour from its chain. */
function settle(db: Db, hours: readonly { campaignId: number; hour: number }[]): void {
  const chain = db.prepare(
    `SELECT mode, share, currency FROM cost_hour_chain WHERE campaign_id = ? AND hour = ?
     ORDER BY update_id`,
  );
  const drop = db.prepare(`DELETE FROM ${SHARES} WHERE campaign_id = ? AND hour = ?`);
  const put = db.prepare(
    `INSERT INTO ${SHARES} (campaign_id, hour, replaces, share, currency) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (campaign_id, hour) DO UPDATE SET replaces = excluded.replaces,
       share = excluded.share, currency = excluded.currency`,
  );
  for (const { campaignId, hour } of hours) {
    const entries = chain.all(campaignId, hour);
    if (entries.length === 0) {
      drop.run(campaignId, hour);
      continue;
    }
    let replaces = 0, share = 0, currency = "";
    for (const e of entries) {
      if (e.mode === "replace") {
        replaces = 1;
        share = 0;
      }
      share += Number(e.share);
      currency = String(e.currency);
    }
    put.run(campaignId, hour, replaces, share, currency);
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
    `INSERT INTO cost_hour_chain (update_id, campaign_id, hour, mode, share, currency)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  for (const h of hours) insert.run(updateId, h.campaignId, h.hour, mode, h.share, currency);
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
 * Writes one shared campaign-hour into the rows, each update of its chain in
 * order (each click's old cost kept under that update, so undo works on it
 * as on any written hour), and drops the share; call inside a transaction.
 * The whole-hour writer moves the cubes from their own rows; when they do
 * not count the hour's clicks, the clicks are written one by one.
 */
export function foldHour(db: Db, campaignId: number, hour: number): void {
  const entries = db.prepare(
    `SELECT update_id, mode, share, currency FROM cost_hour_chain
     WHERE campaign_id = ? AND hour = ? ORDER BY update_id`,
  ).all(campaignId, hour);
  const range = [
    clickIdBound(db, hour * MS_HOUR),
    clickIdBound(db, (hour + 1) * MS_HOUR),
    campaignId,
    hour * MS_HOUR,
    (hour + 1) * MS_HOUR,
  ];
  const live = `id >= ? AND id < ? AND campaign_id = ? AND is_bot = 0 AND ts >= ? AND ts < ?`;
  for (const e of entries) {
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
    if (write.clicks === 0) continue;
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
  db.prepare("DELETE FROM cost_hour_chain WHERE campaign_id = ? AND hour = ?").run(
    campaignId,
    hour,
  );
  db.prepare(`DELETE FROM ${SHARES} WHERE campaign_id = ? AND hour = ?`).run(campaignId, hour);
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

/** Folds the oldest shared hour, in its own transaction; false when none is left. */
export function foldOneHour(db: Db): boolean {
  const next = db.prepare(
    `SELECT campaign_id, hour FROM ${SHARES} ORDER BY hour, campaign_id LIMIT 1`,
  ).get();
  if (!next) return false;
  transaction(db, () => foldHour(db, Number(next.campaign_id), Number(next.hour)));
  return true;
}

/** How often the fold looks for shares, and the least time between two folds. */
export const FOLD_EVERY_MS = 1000;

/**
 * Keeps folding shares into the rows in the background, oldest hour first:
 * one campaign-hour a transaction, taken under the cost-update turn, and the
 * next one only after 100 times as long as that took (a ~25 ms hour of ~4,000
 * clicks waits 2.5 s), so the fold holds the writer ≤ 1 % of the time and a
 * click's p99 never sees it. SQLite only. Returns the stop function.
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
