/**
 * The report table (STYLE 9): every dimension and metric with its label and
 * format. It drives the report query, the column picker and CSV export. The
 * dimensions' SQL stays on the server (`server/reports/dimensions.ts`).
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

/** One way to group a report (its SQL lives on the server: `server/reports/dimensions.ts`). */
export interface Dimension {
  name: string;
  label: string;
  format: DimensionFormat;
  /** The table whose `name` labels an entity id. */
  entity?: string;
}

function entityDim(name: string, label: string, table: string): Dimension {
  return { name, label, format: "entity", entity: table };
}

function textDim(name: string, label: string): Dimension {
  return { name, label, format: "text" };
}

/** Every dimension, in the picker's order. */
export const DIMENSIONS: readonly Dimension[] = [
  { name: "day", label: "Day", format: "day" },
  { name: "hour", label: "Hour", format: "hour" },
  { name: "dateHour", label: "Day and hour", format: "dateHour" },
  { name: "weekday", label: "Weekday", format: "weekday" },
  { name: "month", label: "Month", format: "month" },
  entityDim("campaign", "Campaign", "campaigns"),
  entityDim("campaignGroup", "Campaign group", "groups"),
  entityDim("trafficSource", "Traffic source", "traffic_sources"),
  entityDim("rotation", "Rotation", "rotations"),
  // Positions in the flow; -1: the default paths (rule) or none (path).
  { name: "rule", label: "Rule", format: "rule" },
  { name: "path", label: "Path", format: "path" },
  entityDim("landing", "Lander", "landings"),
  entityDim("offer", "Offer", "offers"),
  entityDim("affiliateNetwork", "Affiliate network", "affiliate_networks"),
  textDim("country", "Country"),
  textDim("region", "Region"),
  textDim("city", "City"),
  textDim("language", "Language"),
  textDim("isp", "ISP"),
  textDim("connection", "Connection"),
  textDim("deviceType", "Device type"),
  textDim("brand", "Brand"),
  textDim("model", "Model"),
  textDim("os", "OS"),
  textDim("osVersion", "OS version"),
  textDim("browser", "Browser"),
  textDim("browserVersion", "Browser version"),
  textDim("referrerDomain", "Referrer domain"),
  ...Array.from({ length: 30 }, (_, i) => textDim(`t${i + 1}`, `Token ${i + 1}`)),
  textDim("externalId", "External id"),
  // Raw clicks only (no cube holds them): one value per ad click, grouped for look-ups.
  ...AD_CLICK_ID_PARAMS.map((p) => textDim(p, AD_CLICK_ID_LABELS[p])),
  { name: "isBot", label: "Bot", format: "flag" },
  // Why the click looked like no person (decision 165), whatever the policy did.
  { name: "botReason", label: "Quality reason", format: "text" },
  { name: "isUnique", label: "Unique", format: "flag" },
  // Clicks carry no status: their rows read ''; conversions carry theirs.
  { name: "status", label: "Conversion status", format: "status" },
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
