/**
 * The rollup tables (decisions 060 and 061): sums by campaign × a few common
 * dimensions, in two tiers. The hourly (UTC) cubes are kept in step with every
 * write. The daily (UTC day) cubes hold the sums of the **sealed** hours,
 * every hour before `rollup_sealed.hour`, folded in once an hour by the click
 * writer from an hourly cube: the flow, geo and tech cubes' daily twins, and
 * the time cube (campaign × day × source × rotation, from the flow cube).
 * This module is the one source of their shape: the report planner, the click
 * writer and the rebuild read `HOURLY`/`DAILY`, and `rollup_sql.ts` generates
 * the migrations from it (a test keeps them equal).
 */

/**
 * A key column of a rollup table: its name and how it reads from a click row
 * `{r}` at the instant `{t}`, whose amount is in currency `{c}`.
 */
export type Key = {
  name: string;
  type: "INTEGER" | "TEXT";
  from: string;
  /**
   * A dictionary fact's SQL when the click's place is joined as `p` and its
   * user agent as `u` (the triggers since 130: one lookup per row, not per key).
   */
  joined?: string;
};

/**
 * The currency of a row's money (migration 115, issue 13 item 2): the click's
 * cost currency for its click sums, the conversion's for its conversion sums.
 * Sums stay per currency; reports convert at read time.
 */
export const CURRENCY: Key = { name: "currency", type: "TEXT", from: "{c}" };

/** A key's SQL over click row `r` at instant `t` with money in currency `c` (the click's cost). */
export function keySql(key: Key, r: string, t: string, c = `${r}.cost_currency`): string {
  return key.from.replaceAll("{r}", r).replaceAll("{t}", t).replaceAll("{c}", c);
}

/** One rollup table. */
export interface Cube {
  table: string;
  keys: readonly Key[];
  /** The UTC bucket of its second key: `hour` or `day` (counted from the epoch). */
  tier: "hour" | "day";
  /** A daily cube's source: the hourly cube its sealed hours are folded from. */
  hourly?: Cube;
  /** A daily cube across campaigns: its twin per campaign (migration 150). */
  perCampaign?: Cube;
}

const id = (name: string): Key => ({ name, type: "INTEGER", from: `coalesce({r}.${name}, 0)` });
const index = (name: string): Key => ({ name, type: "INTEGER", from: `coalesce({r}.${name}, -1)` });
const place = (name: string): Key => ({
  name,
  type: "TEXT",
  from: `coalesce((SELECT ${name} FROM places WHERE id = {r}.place_id), '')`,
  joined: `coalesce(p.${name}, '')`,
});
const agent = (name: string): Key => ({
  name,
  type: "TEXT",
  from: `coalesce((SELECT ${name} FROM user_agents WHERE id = {r}.ua_id), '')`,
  joined: `coalesce(u.${name}, '')`,
});

/** Milliseconds in an hour and a day. */
export const MS_HOUR = 3_600_000;
export const MS_DAY = 86_400_000;

/** Columns every rollup row starts with: campaign, the UTC hour number, source and rotation. */
const LEADING: readonly Key[] = [
  id("campaign_id"),
  { name: "hour", type: "INTEGER", from: `({t} / ${MS_HOUR})` },
  id("traffic_source_id"),
  id("rotation_id"),
];

function hourly(table: string, more: Key[]): Cube {
  return { table, keys: [...LEADING, ...more, CURRENCY], tier: "hour" };
}

/** The hourly cubes of migration 020. */
export const FLOW = hourly("rollup_flow", [
  index("rule"),
  index("path"),
  id("landing_id"),
  id("offer_id"),
]);
export const GEO = hourly("rollup_geo", [id("offer_id"), place("country")]);
export const TECH = hourly("rollup_tech", [
  id("offer_id"),
  agent("device_type"),
  agent("os"),
  agent("browser"),
]);
/**
 * The long-tail geo and tech levels (migration 130, decision 166): one cube per
 * family, each level with the coarser ones it is read under, no offer (a
 * level × offer report reads raw rows). Ordered by how many values a
 * campaign's day holds: a few hundred regions, OS and browser versions; ISPs
 * (with the connection type their AS gives, so it adds no rows) and cities by
 * the thousand; device models most of all.
 */
export const REGION = hourly("rollup_region", [place("country"), place("region")]);
export const OS_VERSION = hourly("rollup_os_version", [agent("os"), agent("os_version")]);
export const BROWSER_VERSION = hourly("rollup_browser_version", [
  agent("browser"),
  agent("browser_version"),
]);
export const ISP = hourly("rollup_isp", [
  place("country"),
  place("isp"),
  { name: "connection", type: "TEXT", from: "coalesce({r}.connection, '')" },
]);
export const CITY = hourly("rollup_city", [place("country"), place("region"), place("city")]);
export const MODEL = hourly("rollup_model", [agent("device_type"), agent("brand"), agent("model")]);

/** The cubes migration 130 added. */
export const CUBES_130: readonly Cube[] = [REGION, OS_VERSION, BROWSER_VERSION, ISP, CITY, MODEL];

/** The hourly cubes, smallest first: the planner picks the first holding every column a query needs. */
export const HOURLY: readonly Cube[] = [FLOW, GEO, TECH, ...CUBES_130];

/** A daily cube folded from `hourly`: its keys (the hour read as the UTC day), or the first `keys`. */
function daily(hourly: Cube, table: string, keys = hourly.keys.length - 1): Cube {
  return {
    table,
    keys: [
      ...hourly.keys.slice(0, keys).map((k): Key =>
        k.name === "hour" ? { name: "day", type: "INTEGER", from: `({t} / ${MS_DAY})` } : k
      ),
      CURRENCY,
    ],
    tier: "day",
    hourly,
  };
}

/** Campaign × day × source × rotation (migration 030): by-day reports and totals. */
export const TIME_DAY = daily(FLOW, "rollup_time_day", LEADING.length);

/** The daily twins of the cubes migration 130 added. */
export const DAILY_130: readonly Cube[] = CUBES_130.map((c) => daily(c, `${c.table}_day`));

/** The daily cubes of migrations 030 and 130, smallest first. */
const DAILY_BEFORE_150: readonly Cube[] = [
  TIME_DAY,
  daily(FLOW, "rollup_flow_day"),
  daily(GEO, "rollup_geo_day"),
  daily(TECH, "rollup_tech_day"),
  ...DAILY_130,
];

/**
 * A daily cube summed over every campaign (migration 150, decision 169): its
 * keys without the campaign, so a day holds a row per value, not per campaign
 * and value. It answers the days of a report only when no campaign outside the
 * report's subject has a row in those days of `perCampaign` (the planner asks),
 * so it sums the same rows the per-campaign twin would.
 */
function acrossCampaigns(perCampaign: Cube): Cube {
  return {
    table: perCampaign.table.replace(/_day$/, "_all_day"),
    keys: perCampaign.keys.filter((k) => k.name !== "campaign_id"),
    tier: "day",
    hourly: perCampaign.hourly,
    perCampaign,
  };
}

/**
 * The long-tail cubes with the most values a day (regions, ISPs and connection
 * types, cities, device models): their twins across campaigns (migration 150).
 */
export const ALL_CAMPAIGNS_150: readonly Cube[] = DAILY_130
  .filter((c) => [REGION, ISP, CITY, MODEL].includes(c.hourly!))
  .map(acrossCampaigns);

/**
 * The daily cubes, smallest first (migrations 030, 130 and 150). The planner
 * reads the per-campaign ones; a twin across campaigns replaces its
 * `perCampaign` cube when the subject holds every campaign with rows there.
 */
export const DAILY: readonly Cube[] = [...DAILY_BEFORE_150, ...ALL_CAMPAIGNS_150];

/** Every rollup table. */
export const CUBES: readonly Cube[] = [...HOURLY, ...DAILY];

/** The cubes as migrations 020–072 made them: without the currency key. */
function before115(cube: Cube): Cube {
  return {
    ...cube,
    keys: cube.keys.filter((k) => k !== CURRENCY),
    hourly: cube.hourly && before115(cube.hourly),
  };
}
const before130 = (cubes: readonly Cube[]) =>
  cubes.filter((c) => !CUBES_130.includes(c) && !DAILY_130.includes(c));
const before150 = (cubes: readonly Cube[]) => cubes.filter((c) => !ALL_CAMPAIGNS_150.includes(c));
/** The cubes as migrations before 130 made them (020–072 also without the currency key). */
export const LEGACY = {
  /** As migration 130 left them. */
  DAILY_130: DAILY_BEFORE_150,
  FLOW: before115(FLOW),
  HOURLY: before130(HOURLY).map(before115),
  DAILY: before130(DAILY_BEFORE_150).map(before115),
  /** As migration 115 left them. */
  HOURLY_115: before130(HOURLY),
  DAILY_115: before130(DAILY_BEFORE_150),
  CUBES_115: before130(before150(CUBES)),
};

/** The one-row table holding the first hour not yet folded into the daily tier. */
export const SEALED_TABLE = "rollup_sealed";

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
  "approved_revenue",
  "pending_revenue",
] as const;

/** The summed columns of migrations 020 and 030 (072 added the approved and pending revenue). */
export const SUMS_030: readonly string[] = SUMS.slice(0, 10);

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

/** The fold's rows: the hours `[?1, ?2)` of every campaign (the primary key starts with it). */
const FOLD_RANGE = `campaign_id IN (SELECT 0 UNION ALL SELECT id FROM campaigns)
  AND hour >= ?1 AND hour < ?2`;

/**
 * Folds the hours `[?1, ?2)` of a daily cube's hourly source into it (adding
 * to what it holds). `where` replaces the range (the migration and the
 * rebuild fold every hour before the sealed one).
 */
export function foldSql(
  daily: Cube,
  where = FOLD_RANGE,
  sumNames: readonly string[] = SUMS,
): string {
  const names = daily.keys.map((k) => (k.name === "day" ? "hour / 24" : k.name));
  const sums = sumNames.map((s) => `sum(${s})`).join(", ");
  const set = sumNames.map((s) => `${s} = ${s} + excluded.${s}`).join(", ");
  const nonZero = sumNames.map((s) => `sum(${s}) != 0`).join(" OR ");
  return `INSERT INTO ${daily.table} (${[...daily.keys.map((k) => k.name), ...sumNames].join(", ")})
SELECT ${names.join(", ")}, ${sums} FROM ${daily.hourly!.table}
WHERE ${where}
GROUP BY ${names.join(", ")} HAVING ${nonZero}
ON CONFLICT DO UPDATE SET ${set}`;
}
