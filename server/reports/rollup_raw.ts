/** Rollup rows summed from raw clicks and conversions (the rebuild, and 130's backfill). */
import { CLICK_SUMS, CONVERSION_SUMS, JOINS, RAW_COLUMNS } from "./raw_columns.ts";
import { type Cube, MS_HOUR, SUMS } from "./rollup_schema.ts";

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
      `${k.name === "currency" ? currency : RAW_COLUMNS[k.name] ?? `k.${k.name}`} AS ${k.name}`
    ).join(", ");
  const grouped = cube.keys.map((k) => {
    if (k.name === "hour") return k.name;
    const empty = k.type === "TEXT" ? "''" : k.from.includes("-1") ? "-1" : "0";
    return `coalesce(${k.name}, ${empty})`;
  });
  const sums = SUMS.map((s) => `sum(${s})`).join(", ");
  const names = SUMS.join(", ");
  return `INSERT INTO ${cube.table} (${cube.keys.map((k) => k.name).join(", ")}, ${names})
  SELECT ${grouped.join(", ")}, ${sums} FROM (
    SELECT ${project("k.cost_currency")}, k.ts / ${MS_HOUR} AS hour, ${
    CLICK_SUMS.map((s, i) => `${s} AS ${SUMS[i]}`).join(", ")
  }
    FROM clicks k ${JOINS} WHERE ${clickWhere}
    UNION ALL
    SELECT ${project("v.currency")}, v.ts / ${MS_HOUR} AS hour, ${
    CONVERSION_SUMS.map((s, i) => `${s} AS ${SUMS[i]}`).join(", ")
  }
    FROM conversions v JOIN clicks k ON k.id = v.click_id ${JOINS} WHERE v.current = 1
  ) GROUP BY ${grouped.map((_, i) => i + 1).join(", ")}
  ON CONFLICT DO UPDATE SET ${SUMS.map((x) => `${x} = ${x} + excluded.${x}`).join(", ")}`;
}
