/**
 * A cost update's whole campaign-hour written from the cubes' own rows
 * (decision 160, update 2). When an update covers every click of a campaign
 * in an hour (no filter, not unique-only, the whole hour in the period), each
 * of those clicks gets the same share, so every cube row of that hour moves
 * by `share × (clicks − bots)` (plus, for replace, minus the cost it held):
 * the work grows with the hour's cube rows, not with its clicks times the
 * cubes. The clicks themselves take the share in one ranged `UPDATE`, with
 * the cost triggers set aside as in `bulk_cost.ts`, and keep their old cost
 * for undo (an undo whose clicks all had one cost in an hour puts it back the
 * same way). One transaction per campaign-hour, so raw clicks and rollups
 * always agree (a crash leaves whole hours, which recovery restores click by
 * click). When the hour's clicks are not the ones matched (a click flagged or
 * cleared since, a late click, a cube missing clicks retention removed), the
 * transaction rolls back and the caller writes that hour click by click.
 */
import type { Db } from "../db/connection.ts";
import { CUBES, HOURLY, MS_DAY, MS_HOUR } from "../reports/rollup_schema.ts";
import { clickIdBound } from "../tracking/click_id.ts";
import { applyStagedKeys, keyColumns, stagingTables, withCostTriggersAside } from "./bulk_cost.ts";

/** The hour's clicks are not the ones the update matched: write it click by click. */
export class HourMismatch extends Error {}

/** One campaign-hour of an update. */
export type HourWrite = {
  updateId: number;
  campaignId: number;
  /** The UTC hour, counted from the epoch. */
  hour: number;
  /** How many of its clicks the update matched (all but bots). */
  clicks: number;
  /** Each click's share (micro-units). */
  share: number;
  mode: "replace" | "add";
  currency: string;
  /** Keep each click's old cost under the update (false: an undo putting them back). */
  keep: boolean;
};

/** The hour's non-bot clicks of the campaign: `?1` id from, `?2` to, `?3` campaign, `?4`/`?5` ts. */
const HOUR_CLICKS = `id >= ?1 AND id < ?2 AND campaign_id = ?3 AND is_bot = 0
  AND ts >= ?4 AND ts < ?5`;

/** Daily cubes folded from each hourly one. */
function dailyOf(hourly: (typeof HOURLY)[number]) {
  return CUBES.filter((c) => c.hourly === hourly);
}

/**
 * Stages one hourly cube's differences for the hour: for replace, every row's
 * cost out; then each key's clicks (less bots) times the share into the
 * update's currency. Returns the clicks the cube counts.
 */
function stageCube(db: Db, cube: (typeof HOURLY)[number], w: HourWrite): number {
  const keys = cube.keys.map((k) => k.name);
  const bare = keys.filter((k) => k !== "currency");
  const columns = `ts, day, ${keys.join(", ")}, v`;
  const at = `${w.hour * MS_HOUR}, ${Math.floor((w.hour * MS_HOUR) / MS_DAY)}`;
  if (w.mode === "replace") {
    db.prepare(
      `INSERT INTO temp.cost_keys (${columns})
       SELECT ${at}, ${keys.join(", ")}, -cost FROM ${cube.table}
       WHERE campaign_id = ? AND hour = ? AND cost != 0`,
    ).run(w.campaignId, w.hour);
  }
  db.prepare(
    `INSERT INTO temp.cost_keys (${columns})
     SELECT ${at}, ${bare.join(", ")}, ?, ? * (sum(clicks) - sum(bots)) FROM ${cube.table}
     WHERE campaign_id = ? AND hour = ? GROUP BY ${bare.join(", ")}
     HAVING sum(clicks) - sum(bots) != 0`,
  ).run(w.currency, w.share, w.campaignId, w.hour);
  const counted = db.prepare(
    `SELECT coalesce(sum(clicks) - sum(bots), 0) AS n FROM ${cube.table}
     WHERE campaign_id = ? AND hour = ?`,
  ).get(w.campaignId, w.hour)!;
  return Number(counted.n);
}

/** Writes one campaign-hour; call inside a transaction. Throws `HourMismatch` to roll it back. */
export function writeHourCost(db: Db, w: HourWrite): void {
  stagingTables(db, keyColumns());
  const range = [
    clickIdBound(db, w.hour * MS_HOUR),
    clickIdBound(db, (w.hour + 1) * MS_HOUR),
    w.campaignId,
    w.hour * MS_HOUR,
    (w.hour + 1) * MS_HOUR,
  ];
  const found = w.keep
    ? Number(
      db.prepare(
        `INSERT INTO cost_update_clicks (update_id, click_id, before, before_currency)
         SELECT ?6, id, cost, cost_currency FROM clicks WHERE ${HOUR_CLICKS}`,
      ).run(...range, w.updateId).changes,
    )
    : Number(db.prepare(`SELECT count(*) AS n FROM clicks WHERE ${HOUR_CLICKS}`).get(...range)!.n);
  if (found !== w.clicks) throw new HourMismatch();
  for (const cube of HOURLY) {
    if (stageCube(db, cube, w) !== w.clicks) throw new HourMismatch();
    applyStagedKeys(db, [cube, ...dailyOf(cube)]);
  }
  const cost = w.mode === "add" ? "cost + ?6" : "?6";
  withCostTriggersAside(
    db,
    () =>
      db.prepare(`UPDATE clicks SET cost = ${cost}, cost_currency = ?7 WHERE ${HOUR_CLICKS}`)
        .run(...range, w.share, w.currency),
  );
}
