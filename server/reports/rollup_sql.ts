/**
 * The rollup migrations, generated from `rollup_schema.ts` (tests keep the
 * files equal to this output): `020_rollups.sql` (the hourly flow, geo and
 * tech cubes and their triggers) and `030_rollup_tiers.sql` (the daily tier,
 * the sealed hour and their triggers). Run this module to rewrite both files.
 */
import {
  ALL_CAMPAIGNS_150,
  type Cube,
  CUBES_130,
  DAILY,
  DAILY_130,
  foldSql,
  HOURLY,
  type Key,
  keySql,
  LEGACY,
  MS_HOUR,
  SEALED_TABLE,
  SUMS,
  SUMS_030,
} from "./rollup_schema.ts";

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
    `${s} * (CASE WHEN ${v}.status = 'sale' THEN ${v}.payout ELSE 0 END)`,
    `${s} * (CASE WHEN ${v}.status = 'lead' THEN ${v}.payout ELSE 0 END)`,
  ];
}

/** True when the instant `t` falls in a sealed hour (one the daily tier already holds). */
function inSealedHour(t: string): string {
  return `(${t} / ${MS_HOUR}) < (SELECT hour FROM ${SEALED_TABLE})`;
}

/**
 * One statement adding a row `r`'s contribution at time `t` to `cube`; `sums`
 * holds a value per `SUMS` column, of which the first `names.length` are written.
 */
type Change = {
  r: string;
  t: string;
  sums: string[];
  from?: string;
  where?: string;
  /** The currency of the sums (default: the click's cost currency). */
  c?: string;
};

/** The summed columns a migration writes: 020 and 030 the first ten, 072 all. */
type Names = readonly string[];

/**
 * How the triggers are written: since 130 a row's dictionary facts come from
 * one join of its place and user agent (not a lookup per key), and a click
 * update that leaves a cube's keys as they were adds the difference of its
 * sums in one statement (a lander click-through: lp_clicks + 1) instead of
 * taking the old contribution out and putting the new one in.
 */
type Style = { joined?: boolean; delta?: boolean };

function upsert(
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

function createTable(cube: Cube, names: Names): string {
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

function differs(cols: string[]): string {
  return cols.map((c) => `old.${c} IS NOT new.${c}`).join(" OR ");
}

const CLICK_OF = " FROM clicks k";

/** A statement per cube for each change. */
function each(cubes: readonly Cube[], names: Names, ...changes: Change[]): string {
  return eachIn({}, cubes, names, ...changes);
}

/** A statement per cube for each change, in `style`. */
function eachIn(style: Style, cubes: readonly Cube[], names: Names, ...changes: Change[]): string {
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
function hourlyTriggers(
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
function dailyTriggers(
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

/** The SQL of `migrations/020_rollups.sql`. */
export function rollupMigrationSql(): string {
  const parts: string[] = [
    "-- Hourly rollups kept by triggers: generated by server/reports/rollup_schema.ts",
    "-- (decision 060). Clicks count at their click hour, conversions at their conversion",
    "-- hour. No DELETE triggers: retention deletes raw clicks and the sums must stay.",
    "",
  ];
  for (const cube of LEGACY.HOURLY) parts.push(createTable(cube, SUMS_030), "");
  parts.push(
    "CREATE TRIGGER rollup_click_insert AFTER INSERT ON clicks BEGIN",
    each(LEGACY.HOURLY, SUMS_030, { r: "new", t: "new.ts", sums: clickSums("new", "1") }),
    "END;",
    "",
    ...hourlyTriggers(LEGACY.HOURLY, { guardMove: false, names: SUMS_030 }),
  );
  return parts.join("\n");
}

/** The SQL of `migrations/030_rollup_tiers.sql`. */
export function rollupTiersMigrationSql(): string {
  const parts: string[] = [
    "-- The daily tier (decision 061): generated by server/reports/rollup_sql.ts. The daily",
    "-- cubes hold every hour before rollup_sealed.hour, folded in once an hour by the click",
    "-- writer: each hourly cube's twin, and rollup_time_day (campaign × day × source ×",
    "-- rotation, from rollup_flow). Their triggers run only when a sealed hour changes.",
    "",
  ];
  for (const cube of LEGACY.DAILY) parts.push(createTable(cube, SUMS_030), "");
  parts.push(
    "-- Every hour with rollup rows so far is sealed: the daily tier starts complete.",
    `CREATE TABLE ${SEALED_TABLE} (hour INTEGER NOT NULL) STRICT;`,
    `INSERT INTO ${SEALED_TABLE} (hour) SELECT coalesce(max(hour) + 1, 0) FROM ${LEGACY.FLOW.table};`,
    "",
  );
  for (const cube of LEGACY.DAILY) {
    parts.push(`${foldSql(cube, `hour < (SELECT hour FROM ${SEALED_TABLE})`, SUMS_030)};`, "");
  }
  parts.push(
    "-- A click without conversions has none to move: skip the move (most lander clicks).",
    "DROP TRIGGER rollup_click_move;",
    ...hourlyTriggers(LEGACY.HOURLY, { guardMove: true, names: SUMS_030 }),
    ...dailyTriggers(LEGACY.DAILY, SUMS_030),
  );
  return parts.join("\n");
}

/** The triggers carrying conversion sums, rebuilt by 072 (the hourly click update carries none). */
const CONVERSION_TRIGGERS = [
  "rollup_click_move",
  "rollup_conversion_insert",
  "rollup_conversion_update",
  "rollup_click_update_day",
  "rollup_conversion_insert_day",
  "rollup_conversion_update_day",
];

const NEW_SUMS: Names = SUMS.slice(SUMS_030.length);

/**
 * 072's backfill of the new sums into one cube from the current conversions
 * (a converted click is never deleted by retention); a daily cube takes the
 * sealed hours only. Every such row exists already: its leads or sales count.
 */
function backfill(cube: Cube): string {
  const all = SUMS.map((_, i) => (i < SUMS_030.length ? "0" : conversionSums("v", "1")[i]));
  const change: Change = {
    r: "k",
    t: "v.ts",
    sums: all,
    from: " FROM conversions v JOIN clicks k ON k.id = v.click_id",
    where: "v.current = 1 AND v.status IN ('lead', 'sale')",
  };
  const grouped = upsert(cube, change, SUMS, NEW_SUMS)
    .replace(/ WHERE (.*)\n/, (_, where) => ` WHERE ${where}\n  GROUP BY ${keyList(cube)}\n`);
  return grouped.replace(
    /SELECT (.*?) FROM conversions/,
    (_, select: string) => `SELECT ${sumTail(select, cube)} FROM conversions`,
  );
}

function keyList(cube: Cube): string {
  return cube.keys.map((_, i) => i + 1).join(", ");
}

/** Wraps the summed values of a SELECT list in `sum()`, leaving the keys as they are. */
function sumTail(select: string, cube: Cube): string {
  const values = splitTop(select);
  return values.map((v, i) => (i < cube.keys.length ? v : `sum(${v})`)).join(", ");
}

/** Splits a SELECT list at its top-level commas. */
function splitTop(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === "(") depth++;
    else if (list[i] === ")") depth--;
    else if (list[i] === "," && depth === 0) {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out;
}

/** The SQL of `migrations/072_rollup_revenue_split.sql`. */
export function rollupRevenueSplitSql(): string {
  const parts: string[] = [
    "-- Approved and pending revenue (decision 060 update): generated by",
    "-- server/reports/rollup_sql.ts. approved_revenue sums the payouts of current sales,",
    "-- pending_revenue those of current leads: revenue = approved_revenue + pending_revenue.",
    "-- Every rollup table gets both; the triggers carrying conversion sums are rebuilt with",
    "-- them, and the sums of the conversions so far are added from the raw rows.",
    "",
  ];
  for (const cube of [...LEGACY.HOURLY, ...LEGACY.DAILY]) {
    for (const name of NEW_SUMS) {
      parts.push(`ALTER TABLE ${cube.table} ADD COLUMN ${name} INTEGER NOT NULL DEFAULT 0;`);
    }
  }
  parts.push("");
  for (const name of CONVERSION_TRIGGERS) parts.push(`DROP TRIGGER ${name};`);
  parts.push("");
  for (const cube of [...LEGACY.HOURLY, ...LEGACY.DAILY]) parts.push(backfill(cube), "");
  parts.push(
    ...hourlyTriggers(LEGACY.HOURLY, { guardMove: false, names: SUMS }).slice(11),
    ...hourlyTriggers(LEGACY.HOURLY, { guardMove: true, names: SUMS }),
    ...dailyTriggers(LEGACY.DAILY, SUMS),
  );
  return parts.join("\n");
}

/** Every rollup trigger, dropped and made anew by 115. */
const ALL_TRIGGERS = [
  "rollup_click_update",
  ...CONVERSION_TRIGGERS,
];

/**
 * 115's move of the current conversions not in USD out of the USD rows
 * (where every sum lived before) into their own currency's rows.
 */
function moveConversions(cube: Cube): string[] {
  const names = cube.keys.map((k) => k.name).join(", ");
  const moves: [string, string][] = [["'USD'", "-1"], ["v.currency", "1"]];
  return moves.map(([c, sign]) => {
    const keys = cube.keys.map((k) => keySql(k, "k", "v.ts", c));
    const sums = conversionSums("v", sign).map((x) => (x === "0" ? "0" : `sum(${x})`));
    const sealed = cube.tier === "day" ? ` AND ${inSealedHour("v.ts")}` : "";
    return `INSERT INTO ${cube.table} (${names}, ${SUMS.join(", ")})
  SELECT ${[...keys, ...sums].join(", ")}
  FROM conversions v JOIN clicks k ON k.id = v.click_id
  WHERE v.current = 1 AND v.currency != 'USD'${sealed}
  GROUP BY ${keyList(cube)}
  ON CONFLICT DO UPDATE SET ${SUMS.map((x) => `${x} = ${x} + excluded.${x}`).join(", ")};`;
  });
}

/** The SQL of `migrations/115_rollup_currency.sql`. */
export function rollupCurrencySql(): string {
  const parts: string[] = [
    "-- Sums per currency (issue 13 item 2, decision 163): generated by",
    "-- server/reports/rollup_sql.ts. A click's cost is in its campaign's cost currency (kept",
    "-- on the click), a conversion's payout in its own currency; every rollup row gets a",
    "-- currency key and holds the sums of that currency, converted when a report reads them.",
    "-- Costs so far count as USD, the default; conversions keep the currency they came in.",
    "ALTER TABLE clicks ADD COLUMN cost_currency TEXT NOT NULL DEFAULT 'USD';",
    "ALTER TABLE campaigns ADD COLUMN cost_currency TEXT NOT NULL DEFAULT 'USD';",
    "ALTER TABLE cost_update_clicks ADD COLUMN before_currency TEXT NOT NULL DEFAULT 'USD';",
    "",
  ];
  for (const name of ALL_TRIGGERS) parts.push(`DROP TRIGGER ${name};`);
  parts.push("");
  for (const cube of LEGACY.CUBES_115) {
    const legacy = cube.keys.filter((k) => k.name !== "currency").map((k) => k.name);
    const made = createTable({ ...cube, table: `${cube.table}_115` }, SUMS);
    parts.push(
      made,
      `INSERT INTO ${cube.table}_115 (${[...legacy, "currency", ...SUMS].join(", ")})`,
      `  SELECT ${[...legacy, "'USD'", ...SUMS].join(", ")} FROM ${cube.table};`,
      `DROP TABLE ${cube.table};`,
      `ALTER TABLE ${cube.table}_115 RENAME TO ${cube.table};`,
      "",
    );
  }
  for (const cube of LEGACY.CUBES_115) parts.push(...moveConversions(cube), "");
  parts.push(...currencyTriggers(LEGACY.HOURLY_115, LEGACY.DAILY_115));
  return parts.join("\n");
}

/** Every rollup trigger since 115 (per currency), over `hourly` and `daily`. */
function currencyTriggers(
  hourly: readonly Cube[],
  daily: readonly Cube[],
  style: Style = {},
): string[] {
  const options = { names: SUMS, currency: true, style };
  const unguarded = hourlyTriggers(hourly, { guardMove: false, ...options });
  return [
    ...unguarded.slice(0, 6),
    ...hourlyTriggers(hourly, { guardMove: true, ...options }),
    ...unguarded.slice(11),
    ...dailyTriggers(daily, SUMS, true, style),
  ];
}

/** Where the dictionary-backed key columns read in a raw row set (k: clicks, p, u). */
const RAW_KEY_COLUMNS: Record<string, string> = {
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

const RAW_CLICK_SUMS =
  "1, k.is_unique, k.is_bot, (k.lp_click_ts IS NOT NULL), k.cost, 0, 0, 0, 0, 0, 0, 0";
const RAW_CONVERSION_SUMS = `0, 0, 0, 0, 0, (v.status = 'lead'), (v.status = 'sale'),
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

/** The SQL of `migrations/130_long_tail_cubes.sql`. */
export function longTailCubesSql(): string {
  const parts: string[] = [
    "-- The long-tail geo and tech levels (issue 18 item 4, decision 166): generated by",
    "-- server/reports/rollup_sql.ts. Six more hourly cubes and their daily twins: region, OS",
    "-- version, browser version, ISP (with the connection type), city and device model. They",
    "-- are filled from the raw rows still stored: the clicks the rollups counted so far (up to",
    "-- the watermark; the click writer adds later ones at start) and the current conversions,",
    "-- the daily twins from the sealed hours. Clicks retention already deleted are not in them.",
    "-- Every trigger is made anew over all the cubes.",
    "",
  ];
  for (const name of ALL_TRIGGERS) parts.push(`DROP TRIGGER ${name};`);
  parts.push("");
  for (const cube of [...CUBES_130, ...DAILY_130]) parts.push(createTable(cube, SUMS), "");
  for (const cube of CUBES_130) {
    parts.push(`${rawRollupSql(cube, `k.id <= (SELECT click_id FROM ${WATERMARK})`)};`, "");
  }
  for (const cube of DAILY_130) {
    parts.push(`${foldSql(cube, `hour < (SELECT hour FROM ${SEALED_TABLE})`)};`, "");
  }
  parts.push(...currencyTriggers(HOURLY, LEGACY.DAILY_130, { joined: true, delta: true }));
  return parts.join("\n");
}

/**
 * 150's fill of a daily cube across campaigns from its per-campaign twin: the
 * same sealed hours, summed over campaigns (rows whose sums cancel are left out).
 */
function acrossFill(cube: Cube): string {
  const names = cube.keys.map((k) => k.name).join(", ");
  const nonZero = SUMS.map((s) => `sum(${s}) != 0`).join(" OR ");
  return `INSERT INTO ${cube.table} (${names}, ${SUMS.join(", ")})
  SELECT ${names}, ${SUMS.map((s) => `sum(${s})`).join(", ")} FROM ${cube.perCampaign!.table}
  GROUP BY ${names} HAVING ${nonZero};`;
}

/** The SQL of `migrations/150_rollups_across_campaigns.sql`. */
export function acrossCampaignsSql(): string {
  const parts: string[] = [
    "-- The long-tail daily cubes across campaigns (issue 18 item 4, decision 169): generated",
    "-- by server/reports/rollup_sql.ts. Region, ISP, city and device model get a daily twin",
    "-- without the campaign key, filled from the per-campaign daily twin (the same sealed",
    "-- hours) and kept by the same fold and triggers. Every trigger is made anew over all",
    "-- the cubes.",
    "",
  ];
  for (const name of ALL_TRIGGERS) parts.push(`DROP TRIGGER ${name};`);
  parts.push("");
  for (const cube of ALL_CAMPAIGNS_150) parts.push(createTable(cube, SUMS), "");
  for (const cube of ALL_CAMPAIGNS_150) parts.push(acrossFill(cube), "");
  parts.push(...currencyTriggers(HOURLY, DAILY, { joined: true, delta: true }));
  return parts.join("\n");
}

/** The click writer's watermark table (migration 050). */
const WATERMARK = "rollup_watermark";

/** The generated migrations, by file name. */
export const GENERATED: Record<string, () => string> = {
  "020_rollups.sql": rollupMigrationSql,
  "030_rollup_tiers.sql": rollupTiersMigrationSql,
  "072_rollup_revenue_split.sql": rollupRevenueSplitSql,
  "115_rollup_currency.sql": rollupCurrencySql,
  "130_long_tail_cubes.sql": longTailCubesSql,
  "150_rollups_across_campaigns.sql": acrossCampaignsSql,
};

if (import.meta.main) {
  for (const [name, sql] of Object.entries(GENERATED)) {
    await Deno.writeTextFile(new URL(`../db/migrations/${name}`, import.meta.url), sql());
  }
}
