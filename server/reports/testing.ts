/**
 * Test helpers: clicks and conversions written straight into SQLite; a click
 * is added to the rollups as the click writer adds it, the triggers do the rest.
 */
import type { Db, Row } from "../db/connection.ts";
import { newClickId } from "../tracking/click_id.ts";
import { ClickRollups } from "../tracking/click_rollup.ts";
import { AGENT_FACETS, PLACE_FACETS } from "../tracking/dictionary.ts";

/** A click to store; money in decimals. */
export type TestClick = {
  ts: number;
  /** The click's id (default: the next id of the running sequence at `ts`). */
  id?: string;
  campaignId?: number | null;
  trafficSourceId?: number | null;
  rotationId?: number | null;
  rule?: number | null;
  path?: number | null;
  landingId?: number | null;
  offerId?: number | null;
  externalId?: string | null;
  cost?: number;
  /** The currency of `cost` (default USD). */
  costCurrency?: string;
  ip?: string;
  country?: string;
  region?: string;
  city?: string;
  isp?: string;
  /** The connection type stored on the click. */
  connection?: string;
  deviceType?: string;
  brand?: string;
  model?: string;
  os?: string;
  osVersion?: string;
  browser?: string;
  browserVersion?: string;
  userAgent?: string;
  referrer?: string;
  tokens?: string[];
  isUnique?: boolean;
  isBot?: boolean;
  lpClickTs?: number | null;
};

function intern(db: Db, table: "places" | "user_agents", values: string[]): number {
  if (table === "places") {
    const found = db.prepare(
      "SELECT id FROM places WHERE country = ? AND region = ? AND city = ? AND isp = ?",
    ).get(...values);
    if (found) return Number(found.id);
    return Number(
      db.prepare("INSERT INTO places (country, region, city, isp) VALUES (?, ?, ?, ?) RETURNING id")
        .get(...values)!.id,
    );
  }
  const found = db.prepare("SELECT id FROM user_agents WHERE text = ?").get(values[0]);
  if (found) return Number(found.id);
  return Number(
    db.prepare(
      `INSERT INTO user_agents (text, device_type, brand, model, os, os_version, browser,
        browser_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    ).get(...values)!.id,
  );
}

/** Stores a click; returns its id. */
export function insertTestClick(db: Db, c: TestClick): string {
  return insertTestClicks(db, [c])[0];
}

/**
 * Stores several clicks, their rollup sums written once for all of them (in
 * one transaction unless one is open): the same rows as one by one, with a
 * fraction of the statements (on PostgreSQL each is a round trip).
 */
export function insertTestClicks(db: Db, clicks: TestClick[]): string[] {
  const own = !db.isTransaction && clicks.length > 1;
  if (own) db.exec("BEGIN");
  try {
    const rollups = new ClickRollups(db);
    const known = new Map<string, Row>();
    const ids = clicks.map((c) => storeClick(db, c, rollups, known));
    rollups.flush();
    if (own) db.exec("COMMIT");
    return ids;
  } catch (err) {
    if (own) db.exec("ROLLBACK");
    throw err;
  }
}

/** Interned ids and their stored attributes, by the values asked (within one batch). */
function interned(db: Db, known: Map<string, Row>, place: string[], agent: string[]): Row {
  const key = JSON.stringify([place, agent]);
  let found = known.get(key);
  if (!found) {
    const placeId = intern(db, "places", place);
    const uaId = intern(db, "user_agents", agent);
    found = {
      place: placeId,
      ua: uaId,
      ...db.prepare(
        `SELECT p.country, p.region, p.city, p.isp, u.device_type, u.brand, u.model, u.os,
           u.os_version, u.browser, u.browser_version FROM places p, user_agents u
         WHERE p.id = ? AND u.id = ?`,
      ).get(placeId, uaId)!,
    };
    known.set(key, found);
  }
  return found;
}

function storeClick(db: Db, c: TestClick, rollups: ClickRollups, known: Map<string, Row>): string {
  const id = c.id ?? newClickId(c.ts);
  const placeValues = [c.country ?? "", c.region ?? "", c.city ?? "", c.isp ?? ""];
  const agent = [
    c.deviceType ?? "desktop",
    c.brand ?? "",
    c.model ?? "",
    c.os ?? "",
    c.osVersion ?? "",
    c.browser ?? "",
    c.browserVersion ?? "",
  ];
  const stored = interned(db, known, placeValues, [c.userAgent ?? agent.join("/"), ...agent]);
  db.prepare(
    `INSERT INTO clicks (id, ts, campaign_id, traffic_source_id, rotation_id, rule, path,
      landing_id, offer_id, external_id, cost, ip, place_id, ua_id, language, referrer, tokens,
      is_unique, is_bot, lp_click_ts, cost_currency, connection)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'en', ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    c.ts,
    c.campaignId ?? null,
    c.trafficSourceId ?? null,
    c.rotationId ?? null,
    c.rule ?? null,
    c.path ?? null,
    c.landingId ?? null,
    c.offerId ?? null,
    c.externalId ?? null,
    Math.round((c.cost ?? 0) * 1_000_000),
    c.ip ?? "198.51.100.7",
    stored.place,
    stored.ua,
    c.referrer ?? null,
    c.tokens ? JSON.stringify(c.tokens) : null,
    c.isUnique === false ? 0 : 1,
    c.isBot ? 1 : 0,
    c.lpClickTs ?? null,
    c.costCurrency ?? "USD",
    c.connection || null,
  );
  // New clicks reach the rollups through the click writer (decision 054), not a trigger.
  rollups.add({
    ts: c.ts,
    campaignId: c.campaignId ?? null,
    trafficSourceId: c.trafficSourceId ?? null,
    rotationId: c.rotationId ?? null,
    rule: c.rule ?? null,
    path: c.path ?? null,
    landingId: c.landingId ?? null,
    offerId: c.offerId ?? null,
    placeFacets: PLACE_FACETS.map((name) => String(stored[name])),
    connection: c.connection ?? "",
    agentFacets: AGENT_FACETS.map((name) => String(stored[name])),
    isUnique: c.isUnique !== false,
    isBot: Boolean(c.isBot),
    lpClick: c.lpClickTs != null,
    cost: Math.round((c.cost ?? 0) * 1_000_000),
    currency: c.costCurrency ?? "USD",
  }, id);
  return id;
}

/** Stores a conversion; returns its id. */
export function insertTestConversion(
  db: Db,
  c: {
    clickId: string;
    ts: number;
    status: string;
    payout: number;
    txid?: string;
    currency?: string;
  },
): number {
  return Number(
    db.prepare(
      `INSERT INTO conversions (click_id, ts, status, payout, txid, currency)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
    ).get(
      c.clickId,
      c.ts,
      c.status,
      Math.round(c.payout * 1_000_000),
      c.txid ?? "",
      c.currency ?? "USD",
    )!.id,
  );
}

/** Bare campaigns `ids` (CPC, no cost) for tests that write clicks straight into SQLite. */
export function insertTestCampaigns(db: Db, ids: readonly number[]): void {
  for (const id of ids) {
    db.prepare(
      `INSERT INTO campaigns (id, name, created_at, updated_at, key, cost_model, cost_value,
        destination, uniqueness_hours, bot_policy, postback_url, status)
       VALUES (?, ?, 0, 0, ?, 'cpc', 0, '{}', 24, 'flag', '', 'active')`,
    ).run(id, `Campaign ${id}`, `key${id}`);
  }
}
