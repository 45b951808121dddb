/**
 * The SQL of every report dimension (the names, labels and formats are the
 * contract's `DIMENSIONS`; this half never ships to the browser).
 *
 * Dimension SQL reads a row `c` whose columns are named alike in the raw
 * clicks table and in the rollup tables (decision 060), so one expression
 * serves both; `{t}` stands for the row's local time in ms (event time plus
 * the time zone's offset). Ids of absent entities read as 0, unknown text as ''.
 */
import { AD_CLICK_ID_PARAMS } from "../../contracts/ad_click_ids.ts";
import { type Dimension, DIMENSIONS } from "../../contracts/report.ts";

/** How the server reads one dimension. */
export interface DimensionSql {
  /** SQL over the row `c`. */
  sql: string;
  /** Base columns the expression reads (decides whether a rollup table can answer). */
  columns: readonly string[];
}

/** A dimension as the server sees it: the contract's, with its SQL. */
export type ServerDimension = Dimension & DimensionSql;

const MS_DAY = 86_400_000;
const MS_HOUR = 3_600_000;

function idSql(column: string): DimensionSql {
  return { sql: `coalesce(c.${column}, 0)`, columns: [column] };
}

function textSql(column: string): DimensionSql {
  return { sql: `coalesce(c.${column}, '')`, columns: [column] };
}

/** The host of a referrer URL, in SQL; '' when there is none (a click without a referrer). */
const REFERRER_HOST =
  `lower(CASE WHEN c.referrer IS NULL OR instr(c.referrer, '://') = 0 THEN '' ELSE
  rtrim(substr(substr(c.referrer, instr(c.referrer, '://') + 3), 1,
    CASE WHEN instr(substr(c.referrer, instr(c.referrer, '://') + 3), '/') = 0 THEN 255
    ELSE instr(substr(c.referrer, instr(c.referrer, '://') + 3), '/') - 1 END), ':0123456789') END)`;

/** The SQL of each dimension, by name. */
export const DIMENSION_SQL: Readonly<Record<string, DimensionSql>> = {
  day: { sql: `({t} / ${MS_DAY})`, columns: ["time"] },
  hour: { sql: `(({t} / ${MS_HOUR}) % 24)`, columns: ["time"] },
  dateHour: { sql: `({t} / ${MS_HOUR})`, columns: ["time"] },
  // 1970-01-01 was a Thursday: ISO weekday 1 (Monday) … 7.
  weekday: { sql: `((({t} / ${MS_DAY}) + 3) % 7 + 1)`, columns: ["time"] },
  month: { sql: `strftime('%Y-%m', {t} / 1000, 'unixepoch')`, columns: ["time"] },
  campaign: idSql("campaign_id"),
  campaignGroup: {
    sql: "coalesce((SELECT g.group_id FROM campaigns g WHERE g.id = c.campaign_id), 0)",
    columns: ["campaign_id"],
  },
  trafficSource: idSql("traffic_source_id"),
  rotation: idSql("rotation_id"),
  // Positions in the flow; -1: the default paths (rule) or none (path).
  rule: { sql: "coalesce(c.rule, -1)", columns: ["rule"] },
  path: { sql: "coalesce(c.path, -1)", columns: ["path"] },
  landing: idSql("landing_id"),
  offer: idSql("offer_id"),
  affiliateNetwork: {
    sql: "coalesce((SELECT o.affiliate_network_id FROM offers o WHERE o.id = c.offer_id), 0)",
    columns: ["offer_id"],
  },
  country: textSql("country"),
  region: textSql("region"),
  city: textSql("city"),
  language: textSql("language"),
  isp: textSql("isp"),
  connection: textSql("connection"),
  deviceType: textSql("device_type"),
  brand: textSql("brand"),
  model: textSql("model"),
  os: textSql("os"),
  osVersion: textSql("os_version"),
  browser: textSql("browser"),
  browserVersion: textSql("browser_version"),
  referrerDomain: { sql: REFERRER_HOST, columns: ["referrer"] },
  ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`t${i + 1}`, textSql(`t${i + 1}`)])),
  externalId: textSql("external_id"),
  ...Object.fromEntries(AD_CLICK_ID_PARAMS.map((p) => [p, textSql(p)])),
  isBot: { sql: "c.is_bot", columns: ["is_bot"] },
  botReason: { sql: "coalesce(c.bot_reason, 'clean')", columns: ["bot_reason"] },
  isUnique: { sql: "c.is_unique", columns: ["is_unique"] },
  // Clicks carry no status: their rows read ''; conversions carry theirs.
  status: { sql: "c.status", columns: ["status"] },
};

/** Dimensions by name, each with its SQL (every contract dimension has one). */
export const DIMENSION_BY_NAME: ReadonlyMap<string, ServerDimension> = new Map(
  DIMENSIONS.map((d) => {
    const sql = DIMENSION_SQL[d.name];
    if (!sql) throw new Error(`Report dimension ${d.name} has no SQL`);
    return [d.name, { ...d, ...sql }];
  }),
);
