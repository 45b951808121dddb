/**
 * The click log's columns in words, for its table and its CSV (the other
 * exports, conversions and reports, head their columns the same way).
 */

/**
 * Id columns the server names (`campaignName` beside `campaignId`): the table
 * shows the name in the id's column, the CSV keeps both.
 */
export const NAMED_ID_COLUMNS: Readonly<Record<string, string>> = {
  campaignId: "campaignName",
  trafficSourceId: "trafficSourceName",
  rotationId: "rotationName",
  landingId: "landingName",
  offerId: "offerName",
};

/** Human labels of the click columns; others are read from their key. */
const LABELS: Readonly<Record<string, string>> = {
  ts: "Time",
  id: "Click id",
  campaignId: "Campaign",
  offerId: "Offer",
  landingId: "Lander",
  country: "Country",
  ip: "IP",
  deviceType: "Device",
  os: "OS",
  browser: "Browser",
  isBot: "Bot",
  botReason: "Quality reason",
  isUnique: "Unique",
  cost: "Cost",
  changes: "Cost changes",
  externalId: "External id",
  lpClickTs: "Lander click time",
  userAgent: "User agent",
  referrer: "Referrer",
  trafficSourceId: "Traffic source",
  rotationId: "Rotation",
  region: "Region",
  city: "City",
  isp: "ISP",
  brand: "Brand",
  model: "Model",
  osVersion: "OS version",
  browserVersion: "Browser version",
};

/** The column's label: known keys by name, `t3` as "Token 3", others split at capitals. */
export function clickColumnLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const token = /^t(\d+)$/.exec(key);
  if (token) return `Token ${token[1]}`;
  const words = key.replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Name columns, by the id column they name. */
const ID_OF_NAME = new Map(Object.entries(NAMED_ID_COLUMNS).map(([id, name]) => [name, id]));

/**
 * A CSV heading: as the table's, except that a named entity's two columns
 * read "Campaign" (its name) and "Campaign id".
 */
export function clickCsvLabel(key: string): string {
  const id = ID_OF_NAME.get(key);
  if (id) return clickColumnLabel(id);
  return NAMED_ID_COLUMNS[key] ? `${clickColumnLabel(key)} id` : clickColumnLabel(key);
}
