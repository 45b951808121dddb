/**
 * A click row's shapes and SQL (split from `click_store.ts`): what one click
 * stores, its values for the PostgreSQL writer, and how a stored click reads
 * back for lander click-throughs and postbacks.
 */
import type { SqlInput } from "../db/connection.ts";
import type { Entry } from "./dictionary.ts";
import type { Visitor } from "./enrich/visitor.ts";
import { clickCostSql, shareJoin } from "../costs/share_sql.ts";
import { TOKEN_MACROS } from "./macros.ts";

/** One click as it is written. */
export type ClickRow = {
  id: string;
  ts: number;
  campaignId: number;
  trafficSourceId: number | null;
  rotationId: number | null;
  rule: number | null;
  path: number | null;
  landingId: number | null;
  offerId: number | null;
  externalId: string | null;
  cost: number;
  /** The currency of `cost`: the campaign's cost currency. */
  costCurrency: string;
  /** The ad platforms' click ids (fbclid, gclid, …) as a JSON object, or null for none. */
  adClickIds: string | null;
  visitor: Visitor;
  isUnique: boolean;
  isBot: boolean;
  botReason: string | null;
};

/** What the writer queues: a new click, or a lander click-through on one. */
export type ClickWrite =
  | { kind: "click"; row: ClickRow }
  | { kind: "lp"; id: string; ts: number; offerId: number };

/**
 * What commits clicks: the group-commit `BatchWriter` on SQLite, the
 * asynchronous `PgClickWriter` on PostgreSQL.
 */
export interface ClickWriter<Row> {
  readonly depth: number;
  readonly paused: boolean;
  committed: number;
  lastFlushAt: number;
  afterCommit: () => void;
  write(row: Row): Promise<void>;
  flush(): void;
  pause(): void;
  resume(): void;
  close(): void;
}

/** A stored click with the visitor facts macros need. */
export type StoredClick = {
  id: string;
  ts: number;
  campaignId: number | null;
  trafficSourceId: number | null;
  rule: number | null;
  path: number | null;
  landingId: number | null;
  offerId: number | null;
  externalId: string;
  cost: number;
  ip: string;
  userAgent: string;
  country: string;
  region: string;
  city: string;
  isp: string;
  deviceType: string;
  os: string;
  browser: string;
  tokens: string[];
  /** The ad platforms' click ids it arrived with, by parameter name. */
  adClickIds: Record<string, string>;
  lpClickTs: number | null;
  /** Caught by the bot policy (flagged or blocked): such a click costs nothing. */
  isBot: boolean;
};

export const INSERT_SQL = {
  head: `INSERT INTO clicks (id, ts, campaign_id, traffic_source_id, rotation_id, rule, path,
  landing_id, offer_id, external_id, cost, ip, place_id, ua_id, language, referrer, tokens,
  is_unique, is_bot, bot_reason, connection, cost_currency, ad_click_ids)`,
  row: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  tail: "",
};

/** The columns of `INSERT_SQL`, and the node's on PostgreSQL (migration 002). */
export const PG_COLUMNS = `${
  INSERT_SQL.head.slice(INSERT_SQL.head.indexOf("(") + 1, -1).replace(/\s+/g, " ")
}, node`;

export const LP_SQL =
  "UPDATE clicks SET lp_click_ts = coalesce(lp_click_ts, ?), offer_id = ? WHERE id = ?";

export function placeKey(v: Visitor): string {
  return `${v.country}\t${v.region}\t${v.city}\t${v.isp}`;
}

/** A user agent's key in `user_agents`: its text. */
export function agentText(v: Visitor): string {
  return v.userAgent;
}

/** A new user agent's row in `user_agents`, and its facets (`AGENT_FACETS`' order). */
export function agentRow(v: Visitor): string[] {
  return [v.userAgent, ...agentFacets(v)];
}

export function agentFacets(v: Visitor): string[] {
  return [v.deviceType, v.brand, v.model, v.os, v.osVersion, v.browser, v.browserVersion];
}

/** A new place's row in `places`, which is its facets (`PLACE_FACETS`' order). */
export function placeFacets(v: Visitor): string[] {
  return [v.country, v.region, v.city, v.isp];
}

/** Tokens as stored: positional, trailing empty ones dropped, NULL for none. */
export function tokensText(v: Visitor): string | null {
  let last = 0;
  for (const key in v.tokens) {
    const n = Number(key.slice(1));
    if (v.tokens[key] !== "" && n > last) last = n;
  }
  if (last === 0) return null;
  const list: string[] = [];
  for (let i = 0; i < last; i++) list.push(v.tokens[TOKEN_MACROS[i]] ?? "");
  return JSON.stringify(list);
}

/** A stored click by id; its cost through its hour's cost-update share (decision 160, update 3). */
export const FIND_SQL = `SELECT c.*, coalesce(u.text, '') AS ua, coalesce(p.country, '') AS country,
        coalesce(p.region, '') AS region, coalesce(p.city, '') AS city, coalesce(p.isp, '') AS isp,
        coalesce(u.device_type, '') AS device_type, coalesce(u.os, '') AS os,
        coalesce(u.browser, '') AS browser, ${clickCostSql("c")} AS shared_cost
       FROM clicks c LEFT JOIN user_agents u ON u.id = c.ua_id
       LEFT JOIN places p ON p.id = c.place_id ${shareJoin("c")} WHERE c.id = ?`;

export function storedClick(
  id: string,
  row: Record<string, unknown> | undefined,
): StoredClick | null {
  if (!row) return null;
  const num = (v: unknown) => (v === null ? null : Number(v));
  return {
    id,
    ts: Number(row.ts),
    campaignId: num(row.campaign_id),
    trafficSourceId: num(row.traffic_source_id),
    rule: num(row.rule),
    path: num(row.path),
    landingId: num(row.landing_id),
    offerId: num(row.offer_id),
    externalId: String(row.external_id ?? ""),
    cost: Number(row.shared_cost ?? row.cost),
    ip: String(row.ip ?? ""),
    userAgent: String(row.ua),
    country: String(row.country),
    region: String(row.region),
    city: String(row.city),
    isp: String(row.isp),
    deviceType: String(row.device_type),
    os: String(row.os),
    browser: String(row.browser),
    tokens: row.tokens ? JSON.parse(String(row.tokens)) : [],
    adClickIds: row.ad_click_ids ? JSON.parse(String(row.ad_click_ids)) : {},
    lpClickTs: num(row.lp_click_ts),
    isBot: Number(row.is_bot) === 1,
  };
}

/** The node name when `ROTOR_NODE_ID` is not set: the host's name (one node per host). */
export function defaultNodeId(): string {
  return Deno.hostname();
}

/**
 * A click's stored values in the columns' order (both stores' inserts; on
 * PostgreSQL the node's name follows them).
 */
export function clickValues(r: ClickRow, ua: Entry, place: Entry | null): SqlInput[] {
  const values: SqlInput[] = [];
  pushClickValues(values, r, ua, place);
  return values;
}

/** `clickValues` added to `out` (the click writer's statement values: no array a click). */
export function pushClickValues(
  out: SqlInput[],
  r: ClickRow,
  ua: Entry,
  place: Entry | null,
): void {
  const v = r.visitor;
  out.push(
    r.id,
    r.ts,
    r.campaignId,
    r.trafficSourceId,
    r.rotationId,
    r.rule,
    r.path,
    r.landingId,
    r.offerId,
    r.externalId || null,
    r.cost,
    v.ip || null,
    place?.id ?? null,
    ua.id,
    v.language || null,
    v.referrer || null,
    tokensText(v),
    r.isUnique ? 1 : 0,
    r.isBot ? 1 : 0,
    r.botReason,
    v.connection || null,
    r.costCurrency,
    r.adClickIds,
  );
}
