/**
 * The rollup tables (decision 060): hourly (UTC) sums by campaign × a few
 * common dimensions, kept by SQLite triggers as clicks and conversions commit,
 * so the tracking code never knows they exist. This module is the one source
 * of their shape: the report planner reads `CUBES`, and `rollupMigrationSql()`
 * wrote `migrations/020_rollups.sql` (a test keeps the two equal).
 */

/** A key column of a rollup table: its name and how it reads from a click row `{r}`. */
type Key = { name: string; type: "INTEGER" | "TEXT"; from: string };

/** One rollup table. */
export interface Cube {
  table: string;
  keys: readonly Key[];
}

const id = (name: string): Key => ({ name, type: "INTEGER", from: `coalesce({r}.${name}, 0)` });
const index = (name: string): Key => ({ name, type: "INTEGER", from: `coalesce({r}.${name}, -1)` });
const place = (name: string): Key => ({
  name,
  type: "TEXT",
  from: `coalesce((SELECT ${name} FROM places WHERE id = {r}.place_id), '')`,
});
const agent = (name: string): Key => ({
  name,
  type: "TEXT",
  from: `coalesce((SELECT ${name} FROM user_agents WHERE id = {r}.ua_id), '')`,
});

/** Columns every rollup row starts with: campaign, the UTC hour number, source and rotation. */
const LEADING: readonly Key[] = [
  id("campaign_id"),
  { name: "hour", type: "INTEGER", from: "({t} / 3600000)" },
  id("traffic_source_id"),
  id("rotation_id"),
];

/** Smallest first: the planner picks the first table holding every column a query needs. */
export const CUBES: readonly Cube[] = [
  {
    table: "rollup_flow",
    keys: [
      ...LEADING,
      index("rule"),
      index("path"),
      id("landing_id"),
      id("offer_id"),
    ],
  },
  { table: "rollup_geo", keys: [...LEADING, id("offer_id"), place("country")] },
  {
    table: "rollup_tech",
    keys: [...LEADING, id("offer_id"), agent("device_type"), agent("os"), agent("browser")],
  },
];

/** Summed columns, in order (money in micro-units). */
export const SUMS = [
  "clicks",
  "unique_clicks",
  "bots",
  "lp_clicks",
  "cost",
  "leads",
  "sales",
  "rejected",
  "hold",
  "revenue",
] as const;

/** A click's own contribution (row `r`, sign `s`). */
function clickSums(r: string, s: string): string[] {
  return [
    s,
    `${s} * ${r}.is_unique`,
    `${s} * ${r}.is_bot`,
    `${s} * (${r}.lp_click_ts IS NOT NULL)`,
    `${s} * ${r}.cost`,
    "0",
    "0",
    "0",
    "0",
    "0",
  ];
}

/** A conversion's contribution (row `v`, sign `s`); only current conversions count. */
function conversionSums(v: string, s: string): string[] {
  return [
    "0",
    "0",
    "0",
    "0",
    "0",
    `${s} * (${v}.status = 'lead')`,
    `${s} * (${v}.status = 'sale')`,
    `${s} * (${v}.status = 'rejected')`,
    `${s} * (${v}.status = 'hold')`,
    `${s} * (CASE WHEN ${v}.status IN ('lead', 'sale') THEN ${v}.payout ELSE 0 END)`,
  ];
}

function upsert(cube: Cube, values: string[], from = "", where = "true"): string {
  const columns = [...cube.keys.map((k) => k.name), ...SUMS].join(", ");
  const set = SUMS.map((s) => `${s} = ${s} + excluded.${s}`).join(", ");
  return `  INSERT INTO ${cube.table} (${columns})\n  SELECT ${
    values.join(", ")
  }${from} WHERE ${where}\n` +
    `  ON CONFLICT DO UPDATE SET ${set};`;
}

function keys(cube: Cube, r: string, t: string): string[] {
  return cube.keys.map((k) => k.from.replaceAll("{r}", r).replaceAll("{t}", t));
}

function createTable(cube: Cube): string {
  const keyCols = cube.keys.map((k) => `  ${k.name} ${k.type} NOT NULL`).join(",\n");
  const sums = SUMS.map((s) => `  ${s} INTEGER NOT NULL`).join(",\n");
  return `CREATE TABLE ${cube.table} (\n${keyCols},\n${sums},\n` +
    `  PRIMARY KEY (${cube.keys.map((k) => k.name).join(", ")})\n) STRICT, WITHOUT ROWID;`;
}

/** The click sums a new click adds (the conversion sums start at zero). */
export const CLICK_SUMS = ["clicks", "unique_clicks", "bots", "lp_clicks", "cost"] as const;

/**
 * One cube's upsert of summed new clicks, as the click writer runs it once per
 * distinct key per batch (decision 054), in parts for a multi-row statement:
 * `head VALUES row, row, … tail`; a row binds the key values, then `CLICK_SUMS`.
 */
export function clickUpsertSql(cube: Cube): { head: string; row: string; tail: string } {
  const names = cube.keys.map((k) => k.name);
  const values = [...names.map(() => "?"), ...SUMS.map((s) => (isClickSum(s) ? "?" : "0"))];
  const set = CLICK_SUMS.map((s) => `${s} = ${s} + excluded.${s}`).join(", ");
  return {
    head: `INSERT INTO ${cube.table} (${[...names, ...SUMS].join(", ")})`,
    row: `(${values.join(", ")})`,
    tail: `ON CONFLICT DO UPDATE SET ${set}`,
  };
}

function isClickSum(name: string): boolean {
  return (CLICK_SUMS as readonly string[]).includes(name);
}

/** Click key columns whose change moves a click (and its conversions) to another rollup row. */
const MOVING = [
  "campaign_id",
  "traffic_source_id",
  "rotation_id",
  "rule",
  "path",
  "landing_id",
  "offer_id",
  "is_bot",
  "place_id",
  "ua_id",
  "ts",
];
const CHANGED_SUMS = ["is_unique", "is_bot", "lp_click_ts", "cost"];

function differs(cols: string[]): string {
  return cols.map((c) => `old.${c} IS NOT new.${c}`).join(" OR ");
}

const CLICK_OF = " FROM clicks k";

/** The SQL of `migrations/020_rollups.sql`. */
export function rollupMigrationSql(): string {
  const parts: string[] = [
    "-- Hourly rollups kept by triggers: generated by server/reports/rollup_schema.ts",
    "-- (decision 060). Clicks count at their click hour, conversions at their conversion",
    "-- hour. No DELETE triggers: retention deletes raw clicks and the sums must stay.",
    "",
  ];
  for (const cube of CUBES) parts.push(createTable(cube), "");

  const each = (fn: (cube: Cube) => string) => CUBES.map(fn).join("\n");
  parts.push(
    "CREATE TRIGGER rollup_click_insert AFTER INSERT ON clicks BEGIN",
    each((c) => upsert(c, [...keys(c, "new", "new.ts"), ...clickSums("new", "1")])),
    "END;",
    "",
    "-- A lander click-through sets lp_click_ts and may change the offer; a CPA cost",
    "-- lands on the click: the click's old contribution leaves, the new one arrives.",
    `CREATE TRIGGER rollup_click_update AFTER UPDATE ON clicks\nWHEN ${
      differs([...MOVING, ...CHANGED_SUMS])
    } BEGIN`,
    each((c) => upsert(c, [...keys(c, "old", "old.ts"), ...clickSums("old", "-1")])),
    each((c) => upsert(c, [...keys(c, "new", "new.ts"), ...clickSums("new", "1")])),
    "END;",
    "",
    "-- When a click moves, its conversions move with it.",
    `CREATE TRIGGER rollup_click_move AFTER UPDATE ON clicks\nWHEN ${differs(MOVING)} BEGIN`,
    each((c) =>
      upsert(
        c,
        [...keys(c, "old", "v.ts"), ...conversionSums("v", "-1")],
        " FROM conversions v",
        "v.click_id = old.id AND v.current = 1",
      )
    ),
    each((c) =>
      upsert(
        c,
        [...keys(c, "new", "v.ts"), ...conversionSums("v", "1")],
        " FROM conversions v",
        "v.click_id = new.id AND v.current = 1",
      )
    ),
    "END;",
    "",
    "CREATE TRIGGER rollup_conversion_insert AFTER INSERT ON conversions",
    "WHEN new.current = 1 BEGIN",
    each((c) =>
      upsert(
        c,
        [...keys(c, "k", "new.ts"), ...conversionSums("new", "1")],
        CLICK_OF,
        "k.id = new.click_id",
      )
    ),
    "END;",
    "",
    "CREATE TRIGGER rollup_conversion_update",
    "AFTER UPDATE OF status, payout, current, ts, click_id ON conversions",
    "WHEN old.status IS NOT new.status OR old.payout IS NOT new.payout",
    "  OR old.current IS NOT new.current OR old.ts IS NOT new.ts OR old.click_id IS NOT new.click_id",
    "BEGIN",
    each((c) =>
      upsert(
        c,
        [...keys(c, "k", "old.ts"), ...conversionSums("old", "-1")],
        CLICK_OF,
        "k.id = old.click_id AND old.current = 1",
      )
    ),
    each((c) =>
      upsert(
        c,
        [...keys(c, "k", "new.ts"), ...conversionSums("new", "1")],
        CLICK_OF,
        "k.id = new.click_id AND new.current = 1",
      )
    ),
    "END;",
    "",
  );
  return parts.join("\n");
}

if (import.meta.main) {
  await Deno.writeTextFile(
    new URL("../db/migrations/020_rollups.sql", import.meta.url),
    rollupMigrationSql(),
  );
}
