/**
 * Rebuilds the rollup tables from the raw clicks and conversions in one
 * set-based pass: for bulk loads (the benchmark's fixture generator loads
 * with the triggers off, then calls this) and as a repair tool. The hourly
 * cubes are recomputed from raw rows, the daily tier from the hourly rows of
 * the sealed hours. Clicks that retention already deleted cannot be
 * recounted, so this is never run on its own.
 */
import type { Db } from "../db/connection.ts";
import { DAILY, foldSql, HOURLY, SEALED_TABLE } from "./rollup_schema.ts";
import { rawRollupSql } from "./rollup_raw.ts";
import { WATERMARK_TABLE } from "../tracking/click_rollup.ts";

/**
 * Replaces every rollup row with sums recomputed from raw rows. `sealedHour`
 * moves the sealed hour first (every hour before it goes to the daily tier);
 * by default it stays where it is.
 */
export function rebuildRollups(db: Db, options: { sealedHour?: number } = {}): void {
  for (const cube of HOURLY) {
    db.exec(`DELETE FROM ${cube.table}`);
    db.exec(rawRollupSql(cube));
  }
  if (options.sealedHour !== undefined) {
    db.prepare(`UPDATE ${SEALED_TABLE} SET hour = ?`).run(options.sealedHour);
  }
  for (const cube of DAILY) {
    db.exec(`DELETE FROM ${cube.table}`);
    db.exec(foldSql(cube, `hour < (SELECT hour FROM ${SEALED_TABLE})`));
  }
  // Every stored click is counted now (decision 110).
  db.exec(`UPDATE ${WATERMARK_TABLE} SET click_id = (SELECT coalesce(max(id), '') FROM clicks)`);
}
