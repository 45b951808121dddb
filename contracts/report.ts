/**
 * The report table (STYLE 9): every dimension and metric with its label, SQL
 * and format. It drives the report query, the column picker and CSV export.
 *
 * Dimension SQL reads a row `c` whose columns are named alike in the raw
 * clicks table and in the rollup tables (decision 060), so one expression
 * serves both; `{t}` stands for the row's local time in ms (event time plus
 * the time zone's offset). Ids of absent entities read as 0, unknown text as ''.
 */

import { AD_CLICK_ID_LABELS, AD_CLICK_ID_PARAMS } from "./ad_click_ids.ts";

/** How a value prints. */
export type DimensionFormat =
  | "entity"
  | "text"
  | "day"
  | "hour"
  | "dateHour"
  | "weekday"
  | "month"
  | "flag"
  | "rule"
  | "path"
  | "status";

/** One way to group a report. */
export interface Dimension {
  name: string;
  label: string;
  /** SQL over the row `c`. */
  sql: string;
  /** Base columns the expression reads (decides whether a rollup table can answer). */
  columns: readonly string[];
  format: DimensionFormat;
  /** The table whose `name` labels an entity id. */
  entity?: string;
}

const MS_DAY = 86_400_000;
const MS_HOUR = 3_600_000;

function entityDim(name: string, label: string, column: string, table: string): Dimension {
  return {
    name,
    label,
    sql: `coalesce(c.${column}, 0)`,
    columns: [column],
    format: "entity",
    entity: table,
  };
}

function textDim(name: string, label: string, column: string): Dimension {
  return { name, label, sql: `coalesce(c.${column}, '')`, columns: [column], format: "text" };
}

/** The host of a referrer URL, in SQL. */
const REFERRER_HOST = `lower(CASE WHEN instr(c.referrer, '://') = 0 THEN '' ELSE
  rtrim(substr(substr(c.referrer, instr(c.referrer, '://') + 3), 1,
    CASE WHEN instr(substr(c.referrer, instr(c.referrer, '://') + 3), '/') = 0 THEN 255
    ELSE instr(substr(c.referrer, instr(c.referrer, '://') + 3), '/') - 1 END), ':0123456789') END)`;

/** Every dimension, in the picker's order. */
export const DIMENSIONS: readonly Dimension[] = [
  { name: "day", label: "Day", sql: `({t} / ${MS_DAY})`, columns: ["time"], format: "day" },
  {
    name: "hour",
    label: "Hour",
    sql: `(({t} / ${MS_HOUR}) % 24)`,
    columns: ["time"],
    format: "hour",
  },
  {
    name: "dateHour",
    label: "Day and hour",
    sql: `({t} / ${MS_HOUR})`,
    columns: ["time"],
    format: "dateHour",
  },
  // 1970-01-01 was a Thursday: ISO weekday 1 (Monday) … 7.
  {
    name: "weekday",
    label: "Weekday",
    sql: `((({t} / ${MS_DAY}) + 3) % 7 + 1)`,
    columns: ["time"],
    format: "weekday",
  },
  {
    name: "month",
    label: "Month",
    sql: `strftime('%Y-%m', {t} / 1000, 'unixepoch')`,
    columns: ["time"],
    format: "month",
  },
  entityDim("campaign", "Campaign", "campaign_id", "campaigns"),
  {
    name: "campaignGroup",
    label: "Campaign group",
    sql: "coalesce((SELECT g.group_id FROM campaigns g WHERE g.id = c.campaign_id), 0)",
    columns: ["campaign_id"],
    format: "entity",
    entity: "groups",
  },
  entityDim("trafficSource", "Traffic source", "traffic_source_id", "traffic_sources"),
  entityDim("rotation", "Rotation", "rotation_id", "rotations"),
  // Positions in the flow; -1: the default paths (rule) or none (path).
  { name: "rule", label: "Rule", sql: "coalesce(c.rule, -1)", columns: ["rule"], format: "rule" },
  { name: "path", label: "Path", sql: "coalesce(c.path, -1)", columns: ["path"], format: "path" },
  entityDim("landing", "Lander", "landing_id", "landings"),
  entityDim("offer", "Offer", "offer_id", "offers"),
  {
    name: "affiliateNetwork",
    label: "Affiliate network",
    sql: "coalesce((SELECT o.affiliate_network_id FROM offers o WHERE o.id = c.offer_id), 0)",
    columns: ["offer_id"],
    format: "entity",
    entity: "affiliate_networks",
  },
  textDim("country", "Country", "country"),
  textDim("region", "Region", "region"),
  textDim("city", "City", "city"),
  textDim("language", "Language", "language"),
  textDim("isp", "ISP", "isp"),
  textDim("connection", "Connection", "connection"),
  textDim("deviceType", "Device type", "device_type"),
  textDim("brand", "Brand", "brand"),
  textDim("model", "Model", "model"),
  textDim("os", "OS", "os"),
  textDim("osVersion", "OS version", "os_version"),
  textDim("browser", "Browser", "browser"),
  textDim("browserVersion", "Browser version", "browser_version"),
  {
    name: "referrerDomain",
    label: "Referrer domain",
    sql: REFERRER_HOST,
    columns: ["referrer"],
    format: "text",
  },
  ...Array.from({ length: 30 }, (_, i) => textDim(`t${i + 1}`, `Token ${i + 1}`, `t${i + 1}`)),
  textDim("externalId", "External id", "external_id"),
  // Raw clicks only (no cube holds them): one value per ad click, grouped for look-ups.
  ...AD_CLICK_ID_PARAMS.map((p) => textDim(p, AD_CLICK_ID_LABELS[p], p)),
  { name: "isBot", label: "Bot", sql: "c.is_bot", columns: ["is_bot"], format: "flag" },
  // Why the click looked like no person (decision 165), whatever the policy did.
  {
    name: "botReason",
    label: "Quality reason",
    sql: "coalesce(c.bot_reason, 'clean')",
    columns: ["bot_reason"],
    format: "text",
  },
  { name: "isUnique", label: "Unique", sql: "c.is_unique", columns: ["is_unique"], format: "flag" },
  // Clicks carry no status: their rows read ''; conversions carry theirs.
  {
    name: "status",
    label: "Conversion status",
    sql: "c.status",
    columns: ["status"],
    format: "status",
  },
];

/** Dimensions by name. */
export const DIMENSION_BY_NAME: ReadonlyMap<string, Dimension> = new Map(
  DIMENSIONS.map((d) => [d.name, d]),
);

/** How a metric prints. */
export type MetricFormat = "count" | "money" | "percent" | "decimal";

/** One figure of a report row. */
export interface Metric {
  name: string;
  label: string;
  format: MetricFormat;
  /** A base metric: the summed column of the rollup tables (money in micro-units). */
  column?: string;
  /** A derived metric: a formula over other metrics (contracts/formula.ts), in micro-units. */
  formula?: string;
  /** Decimals the answer keeps (money sums stay exact). */
  decimals?: number;
  /** Absent for a user who may not see profit (SPEC §3 isHideProfit). */
  profit?: boolean;
  /** What the column holds, shown as the column's help. */
  help?: string;
}

/** Column help of the three revenue figures (reports, lists, CSV). */
export const REVENUE_HELP =
  "Payouts of conversions with status lead or sale (hold and rejected count nothing): approved revenue + pending revenue.";
export const APPROVED_REVENUE_HELP =
  "Payouts of conversions with status sale: money the network has approved.";
export const PENDING_REVENUE_HELP =
  "Payouts of conversions with status lead: not yet approved; moves to approved revenue when the conversion becomes a sale, leaves revenue when it is rejected or put on hold.";

/** Every metric, in the table's default order. */
export const METRICS: readonly Metric[] = [
  { name: "clicks", label: "Clicks", format: "count", column: "clicks" },
  { name: "uniqueClicks", label: "Unique clicks", format: "count", column: "unique_clicks" },
  { name: "bots", label: "Bots", format: "count", column: "bots" },
  { name: "lpClicks", label: "LP clicks", format: "count", column: "lp_clicks" },
  {
    name: "lpCtr",
    label: "LP CTR",
    format: "percent",
    formula: "lpClicks / clicks * 100",
    decimals: 2,
  },
  { name: "conversions", label: "Conversions", format: "count", formula: "leads + sales" },
  { name: "leads", label: "Leads", format: "count", column: "leads" },
  { name: "sales", label: "Sales", format: "count", column: "sales" },
  { name: "rejected", label: "Rejected", format: "count", column: "rejected" },
  { name: "hold", label: "Hold", format: "count", column: "hold" },
  {
    name: "cr",
    label: "CR",
    format: "percent",
    formula: "conversions / clicks * 100",
    decimals: 2,
  },
  {
    name: "revenue",
    label: "Revenue",
    format: "money",
    column: "revenue",
    profit: true,
    help: REVENUE_HELP,
  },
  {
    name: "approvedRevenue",
    label: "Approved revenue",
    format: "money",
    column: "approved_revenue",
    profit: true,
    help: APPROVED_REVENUE_HELP,
  },
  {
    name: "pendingRevenue",
    label: "Pending revenue",
    format: "money",
    column: "pending_revenue",
    profit: true,
    help: PENDING_REVENUE_HELP,
  },
  { name: "cost", label: "Cost", format: "money", column: "cost" },
  { name: "profit", label: "Profit", format: "money", formula: "revenue - cost", profit: true },
  {
    name: "roi",
    label: "ROI",
    format: "percent",
    formula: "profit / cost * 100",
    decimals: 2,
    profit: true,
  },
  {
    name: "epc",
    label: "EPC",
    format: "money",
    formula: "revenue / clicks",
    decimals: 4,
    profit: true,
  },
  { name: "cpc", label: "CPC", format: "money", formula: "cost / clicks", decimals: 4 },
  { name: "cpa", label: "CPA", format: "money", formula: "cost / conversions", decimals: 4 },
  {
    name: "approve",
    label: "Approve %",
    format: "percent",
    formula: "sales / (leads + sales + rejected + hold) * 100",
    decimals: 2,
  },
];

/** Metrics by name. */
export const METRIC_BY_NAME: ReadonlyMap<string, Metric> = new Map(
  METRICS.map((m) => [m.name, m]),
);

/** The summed columns every rollup table and the raw query produce. */
export const BASE_COLUMNS: readonly string[] = METRICS.flatMap((m) => m.column ? [m.column] : []);

/** Report subject types (SPEC §2) and the click column each one filters. */
export const SUBJECT_TYPES = {
  "campaign": { column: "campaign_id", permission: "campaign", table: "campaigns" },
  "offer": { column: "offer_id", permission: "offer", table: "offers" },
  "landing": { column: "landing_id", permission: "landing", table: "landings" },
  "traffic-source": {
    column: "traffic_source_id",
    permission: "traffic-source",
    table: "traffic_sources",
  },
  "rotation": { column: "rotation_id", permission: "rotation", table: "rotations" },
  "affiliate-network": {
    column: "offer_id",
    permission: "affiliate-network",
    table: "affiliate_networks",
  },
} as const;
export type SubjectType = keyof typeof SUBJECT_TYPES;

/** Weekday names, ISO order. */
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
