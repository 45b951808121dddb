/** Rollup rows summed from raw clicks and conversions (the rebuild, and 130's backfill). */
import { type Cube, MS_HOUR, SUMS } from "./rollup_schema.ts";

/** Where the dictionary-backed key columns read in a raw row set (k: clicks, p, u). */
export const RAW_KEY_COLUMNS: Record<string, string> = {
  country: "p.country",
  region: "p.region",
  city: "p.city",
  isp: "p.isp",
  device_type: "u.device_type",
  brand: "u.brand",
  model: "u.model",
  os: "u.os",
  os_version: "u.os_version",
  browser: "u.browser",
  browser_version: "u.browser_version",
};

export const RAW_CLICK_SUMS =
  "1, k.is_unique, k.is_bot, (k.lp_click_ts IS NOT NULL), k.cost, 0, 0, 0, 0, 0, 0, 0";
export const RAW_CONVERSION_SUMS = `0, 0, 0, 0, 0, (v.status = 'lead'), (v.status = 'sale'),
  (v.status = 'rejected'), (v.status = 'hold'),
  (CASE WHEN v.status IN ('lead', 'sale') THEN v.payout ELSE 0 END),
  (CASE WHEN v.status = 'sale' THEN v.payout ELSE 0 END),
  (CASE WHEN v.status = 'lead' THEN v.payout ELSE 0 END)`;

/**
 * One hourly cube's rows summed from raw rows in one set-based pass (the
 * rebuild, and 130's backfill): the clicks `clickWhere` keeps (row `k`), and
 * every current conversion. Adds to what the cube holds.
 */
export function rawRollupSql(cube: Cube, clickWhere = "true"): string {
  const keys = cube.keys.filter((k) => k.name !== "hour");
  // A click's sums are in its cost currency, a conversion's in its own.
  const project = (currency: string) =>
    keys.map((k) =>
      `${k.name === "currency" ? currency : RAW_KEY_COLUMNS[k.name] ?? `k.${k.name}`} AS ${k.name}`
    ).join(", ");
  const grouped = cube.keys.map((k) => {
    if (k.name === "hour") return k.name;
    const empty = k.type === "TEXT" ? "''" : k.from.includes("-1") ? "-1" : "0";
    return `coalesce(${k.name}, ${empty})`;
  });
  const joins = "LEFT JOIN places p ON p.id = k.place_id LEFT JOIN user_agents u ON u.id = k.ua_id";
  const sums = SUMS.map((s) => `sum(${s})`).join(", ");
  const names = SUMS.join(", ");
  return `INSERT INTO ${cube.table} (${cube.keys.map((k) => k.name).join(", ")}, ${names})
  SELECT ${grouped.join(", ")}, ${sums} FROM (
    SELECT ${project("k.cost_currency")}, k.ts / ${MS_HOUR} AS hour, ${
    RAW_CLICK_SUMS.split(", ").map((s, i) => `${s} AS ${SUMS[i]}`).join(", ")
  }
    FROM clicks k ${joins} WHERE ${clickWhere}
    UNION ALL
    SELECT ${project("v.currency")}, v.ts / ${MS_HOUR} AS hour, ${
    RAW_CONVERSION_SUMS.split(/,\s+(?![^()]*\))/).map((s, i) => `${s} AS ${SUMS[i]}`).join(", ")
  }
    FROM conversions v JOIN clicks k ON k.id = v.click_id ${joins} WHERE v.current = 1
  ) GROUP BY ${grouped.map((_, i) => i + 1).join(", ")}
  ON CONFLICT DO UPDATE SET ${SUMS.map((x) => `${x} = ${x} + excluded.${x}`).join(", ")}`;
}
