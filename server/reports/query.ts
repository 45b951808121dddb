/**
 * The report query builder: reads the rollup parts `plan.ts` picks (a cube's
 * daily and hourly rows), else raw clicks and conversions, and answers summed
 * base columns per group (money in micro-units). Both paths share the
 * dimension SQL of `dimensions.ts`.
 */
import type { SQLInputValue } from "node:sqlite";
import type { SubjectType } from "../../contracts/report.ts";
import { DIMENSION_BY_NAME, type ServerDimension } from "./dimensions.ts";
import type { ReportFilter } from "../../contracts/report_query.ts";
import { type Db, dialectOf } from "../db/connection.ts";
import { clickIdBound } from "../tracking/click_id.ts";
import { rawInPieces } from "./pieces.ts";
import { neededColumns, type Part, planRead } from "./plan.ts";
import { type Cube, HOURLY, MS_DAY, MS_HOUR, SEALED_TABLE, SUMS } from "./rollup_schema.ts";
import {
  clickCostSql,
  clickCurrencySql,
  sharedCubeSql,
  sharedDays,
  sharedDaySql,
  shareJoin,
  sharesIn,
} from "../costs/share_sql.ts";
import { localTimeSql, zoneSegments } from "./time.ts";
import { filterSql, subjectSql } from "./conditions.ts";
import { CLICK_SUMS, CONVERSION_SUMS, JOINS, RAW_COLUMNS } from "./raw_columns.ts";
import {
  fillRates,
  MONEY,
  NOTE_COLUMNS,
  NoteSink,
  type RateNotes,
} from "../currency/report_rates.ts";

/** What to sum, over which clicks. */
export type SumsSpec = {
  subject: { type: SubjectType; ids: readonly number[] };
  /** Dimension names to group by (none: one total row). */
  groupBy: readonly string[];
  filters: readonly ReportFilter[];
  start: number;
  end: number;
  tz: string;
  /** Read raw rows even where a rollup could answer (tests compare the two). */
  forceRaw?: boolean;
  /**
   * When a conversion counts: at its own time (the default, as the rollups
   * hold it) or at its click's time (a click in the range, its conversions
   * whenever they came).
   */
  attribution?: "conversion" | "click";
  /**
   * The currency money is summed in (decision 163): every amount converted at
   * its own day's rate. Without it, amounts are summed as stored (internal
   * callers that need no money).
   */
  currency?: string;
};

/** Summed base columns of one group. */
export type SumsRow = { values: (string | number)[]; sums: Record<string, number> };

/** The hourly cubes by table name. */
const HOURLY_BY_TABLE = new Map(HOURLY.map((c) => [c.table, c]));

/**
 * The currency of each raw row's money: a click's cost currency (through its
 * hour's cost-update share when `shared`, decision 160 update 3), a
 * conversion's own.
 */
const clickCurrency = (shared: boolean) =>
  `${shared ? clickCurrencySql("k") : "k.cost_currency"} AS currency`;
const CONVERSION_CURRENCY = "v.currency AS currency";

function dimension(name: string): ServerDimension {
  const dim = DIMENSION_BY_NAME.get(name);
  if (!dim) throw new Error(`unknown dimension ${name}`);
  return dim;
}

/**
 * The projected columns and the click and conversion sums of a raw row set;
 * with `shared`, a click's cost through its hour's share (joined as `sh`).
 */
function rawParts(columns: Set<string>, shared = false) {
  const cols = [...columns].filter((c) => c !== "time" && c !== "status");
  const project = cols.map((c) => `${RAW_COLUMNS[c] ?? "NULL"} AS ${c}`);
  const sumNames = SUMS as readonly string[];
  return {
    click: [
      "k.ts AS ts",
      "'' AS status",
      clickCurrency(shared),
      ...project,
      ...CLICK_SUMS.map((s, i) =>
        `${shared && s === "k.cost" ? clickCostSql("k") : s} AS ${sumNames[i]}`
      ),
    ]
      .join(", "),
    conversion: (time: string) =>
      [
        `${time} AS ts`,
        "v.status AS status",
        CONVERSION_CURRENCY,
        ...project,
        ...CONVERSION_SUMS.map((s, i) => `${s} AS ${sumNames[i]}`),
      ]
        .join(", "),
  };
}

/** The raw source: clicks in range plus current conversions in range, as one row set `c`. */
function rawSource(
  db: Db,
  spec: SumsSpec,
  columns: Set<string>,
  params: SQLInputValue[],
): string {
  const shared = sharesIn(db, Math.floor(spec.start / MS_HOUR), Math.ceil(spec.end / MS_HOUR));
  const parts = rawParts(columns, shared);
  params.push(clickIdBound(db, spec.start), clickIdBound(db, spec.end), spec.start, spec.end);
  return `(SELECT ${parts.click} FROM clicks k ${JOINS}${
    shared ? ` ${shareJoin("k")}` : ""
  } WHERE k.id >= ? AND k.id < ?
    UNION ALL
    SELECT ${
    parts.conversion("v.ts")
  } FROM conversions v JOIN clicks k ON k.id = v.click_id ${JOINS}
    WHERE v.ts >= ? AND v.ts < ? AND v.current = 1)`;
}

/** The current conversions of the clicks in range, each at its click's time, as row set `c`. */
function conversionsByClickSource(
  db: Db,
  spec: SumsSpec,
  columns: Set<string>,
  params: SQLInputValue[],
): string {
  params.push(clickIdBound(db, spec.start), clickIdBound(db, spec.end), spec.start, spec.end);
  // rate_ts: a payout is converted at the rate of its own day, wherever it is counted.
  return `(SELECT ${rawParts(columns).conversion("k.ts")}, v.ts AS rate_ts
    FROM conversions v JOIN clicks k ON k.id = v.click_id ${JOINS}
    WHERE k.id >= ? AND k.id < ? AND k.ts >= ? AND k.ts < ? AND v.current = 1)`;
}

const CONVERSION_SUM_NAMES = SUMS.filter((_, i) => CONVERSION_SUMS[i] !== "0");

/**
 * Click-time attribution: the clicks' sums as usual, the conversion sums
 * replaced by those of the range's clicks' conversions (whenever they came),
 * each payout converted at the rate of the conversion's own day (filled by
 * `sums` for the same spec, up to now), as at conversion time.
 */
function attributeToClicks(
  db: Db,
  spec: SumsSpec,
  rows: SumsRow[],
  notes: NoteSink,
): SumsRow[] {
  const params: SQLInputValue[] = [];
  const segments = zoneSegments(spec.start, spec.end, spec.tz);
  const source = conversionsByClickSource(db, spec, neededColumns(spec), params);
  const sql = grouped(
    spec,
    {
      source,
      time: localTimeSql("c.ts", segments),
      where: [],
      having: true,
      day: `(c.rate_ts / ${MS_DAY})`,
    },
    params,
  );
  const byKey = new Map<string, SumsRow>();
  for (const row of rows) {
    for (const s of CONVERSION_SUM_NAMES) row.sums[s] = 0;
    byKey.set(JSON.stringify(row.values), row);
  }
  for (const found of db.prepare(sql).all(...params)) {
    notes.add(found);
    const values = spec.groupBy.map((_, i) => found[`d${i}`] as string | number);
    const key = JSON.stringify(values);
    const row = byKey.get(key) ?? { values, sums: Object.fromEntries(SUMS.map((s) => [s, 0])) };
    for (const s of CONVERSION_SUM_NAMES) row.sums[s] = Math.round(Number(found[s] ?? 0));
    byKey.set(key, row);
  }
  return [...byKey.values()].filter((r) => SUMS.some((s) => r.sums[s] !== 0));
}

/**
 * True when every campaign with a row in days `[from, to)` of the per-campaign
 * daily cube `cube` is one `spec` reads: a subject campaign, or for other
 * subjects a campaign still stored (or none, 0); rows whose sums are all zero
 * (a moved click's) add nothing and do not count. Then its twin across
 * campaigns sums exactly the rows the query would read. The campaigns are
 * walked along the primary key (two index seeks each), not scanned.
 */
function campaignsCovered(db: Db, spec: SumsSpec, cube: Cube, from: number, to: number): boolean {
  const t = cube.table;
  const found = db.prepare(
    `WITH RECURSIVE ids(id) AS (
       SELECT (SELECT campaign_id FROM ${t} ORDER BY campaign_id LIMIT 1)
       UNION ALL
       SELECT (SELECT campaign_id FROM ${t} WHERE campaign_id > ids.id ORDER BY campaign_id LIMIT 1)
       FROM ids WHERE ids.id IS NOT NULL)
     SELECT id FROM ids WHERE id IS NOT NULL
       AND EXISTS (SELECT 1 FROM ${t} WHERE campaign_id = ids.id AND day >= ? AND day < ?
         AND (${SUMS.map((s) => `${s} != 0`).join(" OR ")}))`,
  ).all(from, to).map((r) => Number(r.id));
  const allowed = new Set<number>(
    spec.subject.type === "campaign"
      ? spec.subject.ids
      : [0, ...db.prepare("SELECT id FROM campaigns").all().map((r) => Number(r.id))],
  );
  return found.every((id) => allowed.has(id));
}

/** Reads the first hour the daily tier does not hold yet. */
function sealedHour(db: Db): number {
  return Number(db.prepare(`SELECT hour FROM ${SEALED_TABLE}`).get()!.hour);
}

/** `HAVING` a group counts: rows a moved click left behind sum to zero. */
const NON_ZERO = SUMS.map((s) => `sum(c.${s}) != 0`).join(" OR ");

/**
 * One `SELECT d0…, sums FROM source c WHERE … GROUP BY d0…` over the rows `c`
 * whose local time (ms) is the SQL `time`; `where` comes first (its params
 * already pushed), then the subject and the filters.
 */
function grouped(
  spec: SumsSpec,
  from: {
    source: string;
    time: string;
    where: string[];
    having: boolean;
    day: string;
    /** The rows are the subject's already (a cube across campaigns the subject covers). */
    subjectHeld?: boolean;
  },
  params: SQLInputValue[],
): string {
  const exprOf = (name: string) => dimension(name).sql.replaceAll("{t}", from.time);
  const where = from.subjectHeld ? [...from.where] : [...from.where, subjectSql(spec, params)];
  for (const filter of spec.filters) where.push(filterSql(filter, exprOf(filter.dim), params));
  const dims = spec.groupBy.map((name, i) => `${exprOf(name)} AS d${i}`);
  const convert = spec.currency !== undefined;
  const sums = SUMS.map((s) =>
    convert && MONEY.has(s) ? `sum(c.${s} * f.factor) AS ${s}` : `sum(c.${s}) AS ${s}`
  );
  if (convert) sums.push(...NOTE_COLUMNS);
  const join = convert
    ? ` LEFT JOIN temp.fx f ON f.day = ${from.day} AND f.currency = c.currency`
    : "";
  const groupBy = spec.groupBy.length
    ? ` GROUP BY ${spec.groupBy.map((_, i) => `d${i}`).join(", ")}${
      from.having ? ` HAVING ${NON_ZERO}` : ""
    }`
    : "";
  return `SELECT ${[...dims, ...sums].join(", ")} FROM ${from.source} c${join} WHERE ${
    where.length ? where.join(" AND ") : "true"
  }${groupBy}`;
}

/** The rollup read of `parts`: each part grouped, then summed across parts. */
function rollupSql(
  db: Db,
  spec: SumsSpec,
  parts: Part[],
  params: SQLInputValue[],
): string {
  const segments = zoneSegments(spec.start, spec.end, spec.tz);
  const selects = parts.map((part) => {
    const where: string[] = [];
    if (part.shared?.read === "skip") where.push(`NOT ${sharedDaySql("day", part.shared.days)}`);
    if (part.shared?.read === "only") where.push(sharedDaySql("hour", part.shared.days));
    // Hours with a cost update's share read it on top of the stored rows (decision 160, update 3).
    const source = part.bucket === "hour" && sharesIn(db, part.from, part.to)
      ? sharedCubeSql(HOURLY_BY_TABLE.get(part.table)!, part.from, part.to)
      : part.table;
    // The primary key is (campaign_id, hour | day, …): other subjects read every campaign's rows.
    // A cube across campaigns holds only campaigns the query may read (the planner checked).
    if (spec.subject.type !== "campaign" && !part.allCampaigns) {
      where.push("c.campaign_id IN (SELECT 0 UNION ALL SELECT id FROM campaigns)");
    }
    where.push(`c.${part.bucket} >= ? AND c.${part.bucket} < ?`);
    params.push(part.from, part.to);
    const ms = part.bucket === "hour" ? MS_HOUR : MS_DAY;
    const time = localTimeSql(`(c.${part.bucket} * ${ms})`, segments);
    const day = part.bucket === "hour" ? "c.hour / 24" : "c.day";
    return grouped(
      spec,
      {
        source,
        time,
        where,
        having: parts.length === 1,
        day,
        subjectHeld: part.allCampaigns && spec.subject.type === "campaign",
      },
      params,
    );
  });
  if (selects.length === 1) return selects[0];
  const dims = spec.groupBy.map((_, i) => `d${i}`);
  const sums = SUMS.map((s) => `sum(c.${s}) AS ${s}`);
  if (spec.currency !== undefined) {
    sums.push(
      "min(c.used_min) AS used_min",
      "max(c.used_max) AS used_max",
      "group_concat(c.unrated) AS unrated",
    );
  }
  const groupBy = dims.length ? ` GROUP BY ${dims.join(", ")} HAVING ${NON_ZERO}` : "";
  return `SELECT ${[...dims, ...sums].join(", ")} FROM (${
    selects.join("\n  UNION ALL\n  ")
  }) c${groupBy}`;
}

/** The UTC day of a raw row. */
const RAW_DAY = `(c.ts / ${MS_DAY})`;

/**
 * Runs the sums query: from the rollups when they can answer, else from raw
 * rows; money in `spec.currency` when given, with the notes of that conversion.
 * Outside a transaction, raw rows are read in pieces of short read
 * transactions (`rawInPieces`), so a long raw report never pins the WAL.
 */
export function querySums(
  db: Db,
  spec: SumsSpec,
): { rows: SumsRow[]; source: string; rates: RateNotes } {
  if (db.isTransaction) return sums(db, spec, plan(db, spec));
  const postgres = dialectOf(db) === "postgres";
  // One read transaction: the sealed hour and the rows the plan reads by it are one snapshot
  // (a fold between them would count the hours it moves twice). PostgreSQL's default gives
  // each statement its own snapshot, so there the transaction asks for one.
  db.exec(postgres ? "BEGIN ISOLATION LEVEL REPEATABLE READ" : "BEGIN");
  try {
    const parts = plan(db, spec);
    // PostgreSQL has no WAL a snapshot would pin: raw rows are one query (decision 172).
    if (parts || spec.start >= spec.end || postgres) return sums(db, spec, parts);
  } finally {
    db.exec("COMMIT");
  }
  return rawInPieces(db, spec, (piece, notes) => sums(db, piece, null, notes, false));
}

/** The rollup parts that answer `spec`, or null for raw rows (read in a transaction). */
function plan(db: Db, spec: SumsSpec): Part[] | null {
  return planRead(
    spec,
    () => sealedHour(db),
    (cube, from, to) => campaignsCovered(db, spec, cube, from, to),
    (from, to) => sharedDays(db, from, to),
  );
}

function sums(
  db: Db,
  spec: SumsSpec,
  parts: Part[] | null,
  notes = new NoteSink(),
  fill = true,
): { rows: SumsRow[]; source: string; rates: RateNotes } {
  const params: SQLInputValue[] = [];
  let sql: string;
  if (parts) {
    sql = rollupSql(db, spec, parts, params);
  } else {
    const segments = zoneSegments(spec.start, spec.end, spec.tz);
    const source = rawSource(db, spec, neededColumns(spec), params);
    sql = grouped(
      spec,
      { source, time: localTimeSql("c.ts", segments), where: [], having: true, day: RAW_DAY },
      params,
    );
  }
  if (fill) fillRates(db, spec, notes);
  const rows = db.prepare(sql).all(...params).map((row) => {
    notes.add(row);
    return {
      values: spec.groupBy.map((_, i) => row[`d${i}`] as string | number),
      sums: Object.fromEntries(SUMS.map((s) => [s, Math.round(Number(row[s] ?? 0))])),
    };
  });
  const tables = parts ? [...new Set(parts.map((p) => p.table))].join("+") : "";
  const source = parts ? `rollup:${tables}` : "raw";
  if (spec.attribution === "click") {
    return {
      rows: attributeToClicks(db, spec, rows, notes),
      source: `${source}+conversions-by-click`,
      rates: notes.result(spec.currency ?? ""),
    };
  }
  return { rows, source, rates: notes.result(spec.currency ?? "") };
}
