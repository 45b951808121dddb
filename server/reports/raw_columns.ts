/**
 * How raw rows read: each base column's SQL over a click `k` with its place
 * `p` and user agent `u` joined, and a click's and a conversion's sums. The
 * raw report path, the rebuild of the rollups and cost-update matching all
 * read them from here.
 */
import { AD_CLICK_ID_PARAMS } from "../../contracts/ad_click_ids.ts";

/** Where each base column comes from in the raw tables (k: clicks, p: places, u: user agents). */
export const RAW_COLUMNS: Record<string, string> = {
  campaign_id: "k.campaign_id",
  traffic_source_id: "k.traffic_source_id",
  rotation_id: "k.rotation_id",
  rule: "k.rule",
  path: "k.path",
  landing_id: "k.landing_id",
  offer_id: "k.offer_id",
  external_id: "k.external_id",
  language: "k.language",
  referrer: "k.referrer",
  is_bot: "k.is_bot",
  bot_reason: "k.bot_reason",
  is_unique: "k.is_unique",
  country: "p.country",
  region: "p.region",
  city: "p.city",
  isp: "p.isp",
  connection: "k.connection",
  device_type: "u.device_type",
  brand: "u.brand",
  model: "u.model",
  os: "u.os",
  os_version: "u.os_version",
  browser: "u.browser",
  browser_version: "u.browser_version",
  ...Object.fromEntries(
    Array.from({ length: 30 }, (_, i) => [`t${i + 1}`, `(k.tokens ->> '$[${i}]')`]),
  ),
  ...Object.fromEntries(AD_CLICK_ID_PARAMS.map((p) => [p, `(k.ad_click_ids ->> '$.${p}')`])),
};

/**
 * A raw click's sums, in the order of `SUMS`. Truth values are spelled as
 * integers (`CASE WHEN … THEN 1 ELSE 0 END`): PostgreSQL does not add
 * booleans, nor unite them with integers (decision 172).
 */
export const CLICK_SUMS = [
  "1",
  "k.is_unique",
  "k.is_bot",
  "(CASE WHEN k.lp_click_ts IS NOT NULL THEN 1 ELSE 0 END)",
  "k.cost",
  "0",
  "0",
  "0",
  "0",
  "0",
  "0",
  "0",
];
/** A current conversion's sums, in the order of `SUMS`. */
export const CONVERSION_SUMS = [
  "0",
  "0",
  "0",
  "0",
  "0",
  "(CASE WHEN v.status = 'lead' THEN 1 ELSE 0 END)",
  "(CASE WHEN v.status = 'sale' THEN 1 ELSE 0 END)",
  "(CASE WHEN v.status = 'rejected' THEN 1 ELSE 0 END)",
  "(CASE WHEN v.status = 'hold' THEN 1 ELSE 0 END)",
  "(CASE WHEN v.status IN ('lead', 'sale') THEN v.payout ELSE 0 END)",
  "(CASE WHEN v.status = 'sale' THEN v.payout ELSE 0 END)",
  "(CASE WHEN v.status = 'lead' THEN v.payout ELSE 0 END)",
];

/** The place and user agent of click `k`. */
export const JOINS =
  "LEFT JOIN places p ON p.id = k.place_id LEFT JOIN user_agents u ON u.id = k.ua_id";
