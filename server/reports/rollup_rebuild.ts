/**
 * Rebuilds the rollup tables from the raw clicks and conversions in one
 * set-based pass: for bulk loads (the benchmark's fixture generator loads
 * with the triggers off, then calls this) and as a repair tool. The hourly
 * cubes are recomputed from raw rows, the daily tier from the hourly rows of
 * the sealed hours. Clicks that retention already deleted cannot be
 * recounted, so this is never run on its own.
 */
import type { Db } from "../db/connection.ts";
import { DAILY, foldSql, HOURLY, SEALED_TABLE, SUMS } from "./rollup_schema.ts";
import { WATERMARK_TABLE } from "../tracking/click_rollup.ts";

const COLUMNS: Record<string, string> = {
  country: "p.country",
  device_type: "u.device_type",
  os: "u.os",
  browser: "u.browser",
};

const CLICK_SUMS =
  "1, k.is_unique, k.is_bot, (k.lp_click_ts IS NOT NULL), k.cost, 0, 0, 0, 0, 0, 0, 0";
const CONVERSION_SUMS = `0, 0, 0, 0, 0, (v.status = 'lead'), (v.status = 'sale'),
  (v.status = 'rejected'), (v.status = 'hold'),
  (CASE WHEN v.status IN ('lead', 'sale') THEN v.payout ELSE 0 END),
  (CASE WHEN v.status = 'sale' THEN v.payout ELSE 0 END),
  (CASE WHEN v.status = 'lead' THEN v.payout ELSE 0 END)`;

/**
 * Replaces every rollup row with sums recomputed from raw rows. `sealedHour`
 * moves the sealed hour first (every hour before it goes to the daily tier);
 * by default it stays where it is.
 */
export function rebuildRollups(db: Db, options: { sealedHour?: number } = {}): void {
  for (const cube of HOURLY) {
    const keys = cube.keys.filter((k) => k.name !== "hour");
    // A click's sums are in its cost currency, a conversion's in its own.
    const project = (currency: string) =>
      keys.map((k) =>
        `${k.name === "currency" ? currency : COLUMNS[k.name] ?? `k.${k.name}`} AS ${k.name}`
      ).join(", ");
    const grouped = cube.keys.map((k) => {
      if (k.name === "hour" || k.name === "is_bot") return k.name;
      const empty = k.type === "TEXT" ? "''" : k.from.includes("-1") ? "-1" : "0";
      return `coalesce(${k.name}, ${empty})`;
    });
    const joins =
      "LEFT JOIN places p ON p.id = k.place_id LEFT JOIN user_agents u ON u.id = k.ua_id";
    const sums = SUMS.map((s) => `sum(${s})`).join(", ");
    const names = SUMS.join(", ");
    db.exec(`DELETE FROM ${cube.table}`);
    db.exec(`INSERT INTO ${cube.table} (${cube.keys.map((k) => k.name).join(", ")}, ${names})
      SELECT ${grouped.join(", ")}, ${sums} FROM (
        SELECT ${project("k.cost_currency")}, k.ts / 3600000 AS hour, ${
      CLICK_SUMS.split(", ").map((s, i) => `${s} AS ${SUMS[i]}`).join(", ")
    }
        FROM clicks k ${joins}
        UNION ALL
        SELECT ${project("v.currency")}, v.ts / 3600000 AS hour, ${
      CONVERSION_SUMS.split(/,\s+(?![^()]*\))/).map((s, i) => `${s} AS ${SUMS[i]}`).join(", ")
    }
        FROM conversions v JOIN clicks k ON k.id = v.click_id ${joins} WHERE v.current = 1
      ) GROUP BY ${grouped.map((_, i) => i + 1).join(", ")}`);
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
