/**
 * The statements the rollup migrations are made of (`rollup_sql.ts` puts them
 * together): a click's and a conversion's contribution to a cube, the upsert
 * of one change into one cube, and the changes a click or conversion write
 * makes.
 */
import { type Cube, type Key, keySql, MS_HOUR, SEALED_TABLE } from "./rollup_schema.ts";
/** A click's own contribution (row `r`, sign `s`). */
export function clickSums(r: string, s: string): string[] {
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
    "0",
    "0",
  ];
}

/** A conversion's contribution (row `v`, sign `s`); only current conversions count. */
export function conversionSums(v: string, s: string): string[] {
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
    `${s} * (CASE WHEN ${v}.status = 'sale' THEN ${v}.payout ELSE 0 END)`,
    `${s} * (CASE WHEN ${v}.status = 'lead' THEN ${v}.payout ELSE 0 END)`,
  ];
}

/** True when the instant `t` falls in a sealed hour (one the daily tier already holds). */
export function inSealedHour(t: string): string {
  return `(${t} / ${MS_HOUR}) < (SELECT hour FROM ${SEALED_TABLE})`;
}

/**
 * One statement adding a row `r`'s contribution at time `t` to `cube`; `sums`
 * holds a value per `SUMS` column, of which the first `names.length` are written.
 */
export type Change = {
  r: string;
  t: string;
  sums: string[];
  from?: string;
  where?: string;
  /** The currency of the sums (default: the click's cost currency). */
  c?: string;
};

/** The summed columns a migration writes: 020 and 030 the first ten, 072 all. */
export type Names = readonly string[];

/**
 * How the triggers are written: since 130 a row's dictionary facts come from
 * one join of its place and user agent (not a lookup per key), and a click
 * update that leaves a cube's keys as they were adds the difference of its
 * sums in one statement (a lander click-through: lp_clicks + 1) instead of
 * taking the old contribution out and putting the new one in.
 */
export type Style = { joined?: boolean; delta?: boolean };

export function upsert(
  cube: Cube,
  change: Change,
  names: Names,
  only: Names = names,
  style: Style = {},
): string {
  const columns = [...cube.keys.map((k) => k.name), ...names].join(", ");
  const set = only.map((s) => `${s} = ${s} + excluded.${s}`).join(", ");
  const joined = (k: Key) => style.joined && k.joined !== undefined;
  const values = [
    ...cube.keys.map((k) => (joined(k) ? k.joined! : keySql(k, change.r, change.t, change.c))),
    ...change.sums.slice(0, names.length),
  ];
  let from = change.from ?? "";
  const joins: string[] = [];
  if (cube.keys.some((k) => joined(k) && k.joined!.includes("p."))) {
    joins.push(`LEFT JOIN places p ON p.id = ${change.r}.place_id`);
  }
  if (cube.keys.some((k) => joined(k) && k.joined!.includes("u."))) {
    joins.push(`LEFT JOIN user_agents u ON u.id = ${change.r}.ua_id`);
  }
  if (joins.length) from = `${from || " FROM (SELECT 1)"} ${joins.join(" ")}`;
  let where = change.where ?? "true";
  // The daily tier holds sealed hours only: later hours reach it when they are folded.
  if (cube.tier === "day") where += ` AND ${inSealedHour(change.t)}`;
  return `  INSERT INTO ${cube.table} (${columns})\n  SELECT ${
    values.join(", ")
  }${from} WHERE ${where}\n` +
    `  ON CONFLICT DO UPDATE SET ${set};`;
}

/** True when a click update leaves `cube`'s keys of the click as they were. */
function sameKeys(cube: Cube): string {
  const same = new Set<string>();
  for (const k of cube.keys) {
    // A dictionary fact stays when its id does; any other key when its value does.
    const id = /\{r\}\.(place_id|ua_id)\)/.exec(k.from);
    same.add(
      id
        ? `old.${id[1]} IS new.${id[1]}`
        : `${keySql(k, "old", "old.ts")} IS ${keySql(k, "new", "new.ts")}`,
    );
  }
  return [...same].join(" AND ");
}

/** The click update's statements for one cube, in `style`. */
function clickMoves(cube: Cube, names: Names, style: Style): string[] {
  if (!style.delta) return CLICK_MOVES.map((change) => upsert(cube, change, names, names, style));
  const same = sameKeys(cube);
  const [out, into] = CLICK_MOVES;
  const difference = into.sums.map((v, i) => {
    const was = out.sums[i];
    return v === "0" && was === "0" ? "0" : `${v} + ${was}`;
  });
  return [
    upsert(cube, { ...into, sums: difference, where: same }, names, names, style),
    upsert(cube, { ...out, where: `NOT (${same})` }, names, names, style),
    upsert(cube, { ...into, where: `NOT (${same})` }, names, names, style),
  ];
}

export function createTable(cube: Cube, names: Names): string {
  const keyCols = cube.keys.map((k) => `  ${k.name} ${k.type} NOT NULL`).join(",\n");
  const sums = names.map((s) => `  ${s} INTEGER NOT NULL`).join(",\n");
  return `CREATE TABLE ${cube.table} (\n${keyCols},\n${sums},\n` +
    `  PRIMARY KEY (${cube.keys.map((k) => k.name).join(", ")})\n) STRICT, WITHOUT ROWID;`;
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

/** Since 115 a click's cost currency keys its click sums, a conversion's currency its own. */
function changedSums(currency: boolean): string[] {
  return currency ? [...CHANGED_SUMS, "cost_currency"] : CHANGED_SUMS;
}

export function differs(cols: string[]): string {
  return cols.map((c) => `old.${c} IS NOT new.${c}`).join(" OR ");
}

const CLICK_OF = " FROM clicks k";

/** A statement per cube for each change. */
export function each(cubes: readonly Cube[], names: Names, ...changes: Change[]): string {
  return eachIn({}, cubes, names, ...changes);
}

/** A statement per cube for each change, in `style`. */
function eachIn(
  style: Style,
  cubes: readonly Cube[],
  names: Names,
  ...changes: Change[]
): string {
  return changes.map((change) =>
    cubes.map((c) => upsert(c, change, names, names, style)).join("\n")
  ).join("\n");
}

/** A click's old contribution leaves, the new one arrives. */
const CLICK_MOVES: Change[] = [
  { r: "old", t: "old.ts", sums: clickSums("old", "-1") },
  { r: "new", t: "new.ts", sums: clickSums("new", "1") },
];

/** Its current conversions leave the old keys and arrive at the new ones. */
const CONVERSION_MOVES: Change[] = [
  {
    r: "old",
    t: "v.ts",
    sums: conversionSums("v", "-1"),
    from: " FROM conversions v",
    where: "v.click_id = old.id AND v.current = 1",
    c: "v.currency",
  },
  {
    r: "new",
    t: "v.ts",
    sums: conversionSums("v", "1"),
    from: " FROM conversions v",
    where: "v.click_id = new.id AND v.current = 1",
    c: "v.currency",
  },
];

const CONVERSION_INSERT: Change = {
  r: "k",
  t: "new.ts",
  sums: conversionSums("new", "1"),
  from: CLICK_OF,
  where: "k.id = new.click_id",
  c: "new.currency",
};

const CONVERSION_CHANGES: Change[] = [
  {
    r: "k",
    t: "old.ts",
    sums: conversionSums("old", "-1"),
    from: CLICK_OF,
    where: "k.id = old.click_id AND old.current = 1",
    c: "old.currency",
  },
  {
    r: "k",
    t: "new.ts",
    sums: conversionSums("new", "1"),
    from: CLICK_OF,
    where: "k.id = new.click_id AND new.current = 1",
    c: "new.currency",
  },
];

function conversionChanged(currency: boolean): string[] {
  return [
    `old.status IS NOT new.status OR old.payout IS NOT new.payout${
      currency ? " OR old.currency IS NOT new.currency" : ""
    }`,
    "  OR old.current IS NOT new.current OR old.ts IS NOT new.ts OR old.click_id IS NOT new.click_id",
  ];
}

function conversionColumns(currency: boolean): string {
  return `status, payout, ${currency ? "currency, " : ""}current, ts, click_id`;
}

/** 020's triggers over the hourly cubes (the click move without 030's guard). */
export function hourlyTriggers(
  cubes: readonly Cube[],
  options: { guardMove: boolean; names: Names; currency?: boolean; style?: Style },
): string[] {
  const names = options.names;
  const style = options.style ?? {};
  const each = (cubes: readonly Cube[], names: Names, ...changes: Change[]) =>
    eachIn(style, cubes, names, ...changes);
  const clickUpdate = style.delta
    ? cubes.flatMap((c) => clickMoves(c, names, style)).join("\n")
    : each(cubes, names, ...CLICK_MOVES);
  const currency = options.currency ?? false;
  const CONVERSION_CHANGED = conversionChanged(currency);
  const moveWhen = options.guardMove
    ? `(${
      differs(MOVING)
    })\n  AND EXISTS (SELECT 1 FROM conversions v WHERE v.click_id = old.id AND v.current = 1)`
    : differs(MOVING);
  const update = [
    "-- A lander click-through sets lp_click_ts and may change the offer; a CPA cost",
    "-- lands on the click: the click's old contribution leaves, the new one arrives.",
    `CREATE TRIGGER rollup_click_update AFTER UPDATE ON clicks\nWHEN ${
      differs([...MOVING, ...changedSums(currency)])
    } BEGIN`,
    clickUpdate,
    "END;",
    "",
  ];
  const move = [
    "-- When a click moves, its conversions move with it.",
    `CREATE TRIGGER rollup_click_move AFTER UPDATE ON clicks\nWHEN ${moveWhen} BEGIN`,
    each(cubes, names, ...CONVERSION_MOVES),
    "END;",
    "",
  ];
  if (options.guardMove) return move;
  return [
    ...update,
    ...move,
    "CREATE TRIGGER rollup_conversion_insert AFTER INSERT ON conversions",
    "WHEN new.current = 1 BEGIN",
    each(cubes, names, CONVERSION_INSERT),
    "END;",
    "",
    "CREATE TRIGGER rollup_conversion_update",
    `AFTER UPDATE OF ${conversionColumns(currency)} ON conversions`,
    `WHEN ${CONVERSION_CHANGED[0]}`,
    CONVERSION_CHANGED[1],
    "BEGIN",
    each(cubes, names, ...CONVERSION_CHANGES),
    "END;",
    "",
  ];
}

/**
 * The daily cubes' triggers: they run only when a change touches a sealed
 * hour (a trigger costs ~2 µs per UPDATE even when its WHEN is false, so
 * a click's update and move share one), and each statement checks its own hour.
 */
export function dailyTriggers(
  cubes: readonly Cube[],
  names: Names,
  currency = false,
  style: Style = {},
): string[] {
  const CONVERSION_CHANGED = conversionChanged(currency);
  const each = (cubes: readonly Cube[], names: Names, ...changes: Change[]) =>
    eachIn(style, cubes, names, ...changes);
  const sealedConversion =
    `EXISTS (SELECT 1 FROM conversions v WHERE v.click_id = old.id AND v.current = 1\n    AND ${
      inSealedHour("v.ts")
    })`;
  return [
    "-- A click's change in a sealed hour, and its conversions in sealed hours when it moves.",
    "CREATE TRIGGER rollup_click_update_day AFTER UPDATE ON clicks",
    `WHEN (${differs([...MOVING, ...changedSums(currency)])})`,
    `  AND (${inSealedHour("old.ts")} OR ${inSealedHour("new.ts")}`,
    `    OR ((${differs(MOVING)})\n    AND ${sealedConversion})) BEGIN`,
    each(cubes, names, ...CLICK_MOVES, ...CONVERSION_MOVES),
    "END;",
    "",
    "CREATE TRIGGER rollup_conversion_insert_day AFTER INSERT ON conversions",
    `WHEN new.current = 1 AND ${inSealedHour("new.ts")} BEGIN`,
    each(cubes, names, CONVERSION_INSERT),
    "END;",
    "",
    "CREATE TRIGGER rollup_conversion_update_day",
    `AFTER UPDATE OF ${conversionColumns(currency)} ON conversions`,
    `WHEN (${CONVERSION_CHANGED[0]}`,
    `${CONVERSION_CHANGED[1]})`,
    `  AND (${inSealedHour("old.ts")} OR ${inSealedHour("new.ts")})`,
    "BEGIN",
    each(cubes, names, ...CONVERSION_CHANGES),
    "END;",
    "",
  ];
}
