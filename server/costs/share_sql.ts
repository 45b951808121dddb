/**
 * The SQL that reads a click's or a cube row's cost through its campaign-hour's
 * cost-update share (decision 160, "Update 3"; the shares are written and
 * folded by `shares.ts`): in a shared campaign-hour a row's stored cost
 * counts only when the share does not replace it, and every non-bot click
 * adds the share in its currency.
 */
import { type Db, dialectOf } from "../db/connection.ts";
import { type Cube, keySql, MS_HOUR, SUMS } from "../reports/rollup_schema.ts";

/** The effective shares, by campaign and UTC hour. */
export const SHARES = "cost_hour_shares";

/** True when some campaign-hour in hours `[from, to)` holds a share. */
export function sharesIn(db: Db, from: number, to: number): boolean {
  if (dialectOf(db) === "postgres") return false;
  return db.prepare(`SELECT 1 AS x FROM ${SHARES} WHERE hour >= ? AND hour < ? LIMIT 1`)
    .get(from, to) !== undefined;
}

/**
 * The UTC days `[from, to)` spanned by the shares in hours `[fromHour,
 * toHour)`, or null when there is none there.
 */
export function sharedDays(db: Db, fromHour: number, toHour: number): [number, number] | null {
  if (dialectOf(db) === "postgres") return null;
  const row = db.prepare(
    `SELECT min(hour) AS first, max(hour) AS last FROM ${SHARES} WHERE hour >= ? AND hour < ?`,
  ).get(fromHour, toHour);
  if (row?.first == null) return null;
  return [Math.floor(Number(row.first) / 24), Math.floor(Number(row.last) / 24) + 1];
}

/** Joins click `k`'s campaign-hour share as `sh` (none: NULLs). */
export function shareJoin(k: string): string {
  return `LEFT JOIN ${SHARES} sh ON sh.campaign_id = ${k}.campaign_id AND sh.hour = ${k}.ts / ${MS_HOUR}`;
}

/**
 * Click `k`'s cost through its hour's share `sh` (joined by `shareJoin`): one
 * micro-unit more for the clicks the remainder reached.
 */
export function clickCostSql(k: string): string {
  return `(CASE WHEN sh.replaces = 1 THEN 0 ELSE ${k}.cost END + CASE WHEN ${k}.is_bot = 0 THEN coalesce(sh.share, 0) + CASE WHEN ${k}.id >= sh.extra_from AND ${k}.id < sh.extra_to THEN 1 ELSE 0 END ELSE 0 END)`;
}

/**
 * Click `k`'s cost currency through its hour's share: an added share is in
 * the currency the clicks' cost already had (an update checks it), a
 * replacing one sets it.
 */
export function clickCurrencySql(k: string): string {
  return `coalesce(sh.currency, ${k}.cost_currency)`;
}

/**
 * An hourly cube's rows in hours `[from, to)` with the shares laid on: each
 * row as stored (its cost out where a share replaces it), and for each row of
 * a shared hour one more row with the same keys in the share's currency whose
 * only sum is the share times its non-bot clicks (the row's conversions stay
 * in their own currency's row).
 */
export function sharedCubeSql(cube: Cube, from: number, to: number): string {
  const columns = [...cube.keys.map((k) => k.name), ...SUMS];
  const sums = new Set<string>(SUMS);
  const stored = columns.map((c) =>
    c === "cost" ? "CASE WHEN sh.replaces = 1 THEN 0 ELSE t.cost END AS cost" : `t.${c} AS ${c}`
  );
  const shared = columns.map((c) =>
    c === "currency"
      ? "sh.currency AS currency"
      : c === "cost"
      ? "sh.share * (t.clicks - t.bots) AS cost"
      : sums.has(c)
      ? `0 AS ${c}`
      : `t.${c} AS ${c}`
  );
  const range = `t.hour >= ${Math.floor(from)} AND t.hour < ${Math.floor(to)}`;
  // The remainder's micro-units, one per click it reached, by the cube's keys of those clicks
  // (CROSS JOIN: the few shares first, each reading its id range; a campaign filter pushed down
  // from outside must not make the planner scan the clicks).
  const keys = cube.keys.map((key) =>
    `${key.joined ?? keySql(key, "k", "k.ts", "sh.currency")} AS ${key.name}`
  );
  const extraSums = SUMS.map((c) => c === "cost" ? "count(*) AS cost" : `0 AS ${c}`);
  const names = cube.keys.map((key) => key.name);
  return `(SELECT ${stored.join(", ")} FROM ${cube.table} t
      LEFT JOIN ${SHARES} sh ON sh.campaign_id = t.campaign_id AND sh.hour = t.hour WHERE ${range}
    UNION ALL
    SELECT ${shared.join(", ")} FROM ${cube.table} t
      JOIN ${SHARES} sh ON sh.campaign_id = t.campaign_id AND sh.hour = t.hour
      WHERE ${range} AND t.clicks != t.bots
    UNION ALL
    SELECT ${names.join(", ")}, ${extraSums.join(", ")} FROM (
      SELECT ${keys.join(", ")} FROM ${SHARES} sh
        CROSS JOIN clicks k ON k.id >= sh.extra_from AND k.id < sh.extra_to
          AND +k.campaign_id = sh.campaign_id AND +k.is_bot = 0
        LEFT JOIN places p ON p.id = k.place_id LEFT JOIN user_agents u ON u.id = k.ua_id
        WHERE sh.extra_to IS NOT NULL AND sh.hour >= ${Math.floor(from)} AND sh.hour < ${
    Math.floor(to)
  }) x
      GROUP BY ${names.join(", ")})`;
}

/**
 * Whether the campaign-day of rollup row `c` (its `bucket`: hour or day)
 * holds a share; only rows of days `[from, to)` are probed (no share lies
 * outside them).
 */
export function sharedDaySql(bucket: "hour" | "day", [from, to]: [number, number]): string {
  const day = bucket === "hour" ? "(c.hour / 24)" : "c.day";
  return `(${day} >= ${from} AND ${day} < ${to} AND EXISTS (SELECT 1 FROM ${SHARES} sh
    WHERE sh.campaign_id = c.campaign_id AND sh.hour >= ${day} * 24 AND sh.hour < ${day} * 24 + 24))`;
}

/** Whether campaign-hour's effective share already holds a remainder (another one would not fit). */
export function holdsRemainder(db: Db, campaignId: number, hour: number): boolean {
  return db.prepare(
    `SELECT 1 AS x FROM ${SHARES} WHERE campaign_id = ? AND hour = ? AND extra_to IS NOT NULL`,
  ).get(campaignId, hour) !== undefined;
}
