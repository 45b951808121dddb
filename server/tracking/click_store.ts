/**
 * Click rows: what one click stores, how batches are written (through the
 * group-commit BatchWriter, so a click's 302 leaves only after its commit), and
 * how a stored click is read back for lander click-throughs and postbacks.
 * User agents and places are interned in dictionary tables (see
 * docs/decisions/050-click-storage.md), keeping a click row near 150 bytes.
 */
import type { StatementSync } from "node:sqlite";
import { setImmediate } from "node:timers";
import type { Db } from "../db/connection.ts";
import { BatchWriter } from "../db/batch_writer.ts";
import { LruMap } from "./enrich/lru.ts";
import type { Visitor } from "./enrich/visitor.ts";

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
  visitor: Visitor;
  isUnique: boolean;
  isBot: boolean;
  botReason: string | null;
};

/** What the writer queues: a new click, or a lander click-through on one. */
export type ClickWrite =
  | { kind: "click"; row: ClickRow }
  | { kind: "lp"; id: string; ts: number; offerId: number };

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
  lpClickTs: number | null;
};

const INSERT_SQL = `INSERT INTO clicks (id, ts, campaign_id, traffic_source_id, rotation_id, rule,
  path, landing_id, offer_id, external_id, cost, ip, place_id, ua_id, language, referrer, tokens,
  is_unique, is_bot, bot_reason)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

const LP_SQL =
  "UPDATE clicks SET lp_click_ts = coalesce(lp_click_ts, ?), offer_id = ? WHERE id = ?";

/** Interned strings (user agents, places) → ids, with a bounded memory of recent ones. */
class Dictionary {
  #ids = new LruMap<string, number>(50_000);
  #find: StatementSync;
  #insert: StatementSync;

  constructor(db: Db, readonly table: "user_agents" | "places") {
    if (table === "user_agents") {
      this.#find = db.prepare("SELECT id FROM user_agents WHERE text = ?");
      this.#insert = db.prepare(
        `INSERT INTO user_agents (text, device_type, brand, model, os, os_version, browser,
          browser_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      );
    } else {
      this.#find = db.prepare(
        "SELECT id FROM places WHERE country = ? AND region = ? AND city = ? AND isp = ?",
      );
      this.#insert = db.prepare(
        "INSERT INTO places (country, region, city, isp) VALUES (?, ?, ?, ?) RETURNING id",
      );
    }
  }

  /** The id of `key` if it is stored (no write). */
  find(key: string): number | undefined {
    let id = this.#ids.get(key);
    if (id === undefined) {
      const row = this.#find.get(...(this.table === "places" ? key.split("\t") : [key]));
      if (row) {
        id = Number(row.id);
        this.#ids.set(key, id);
      }
    }
    return id;
  }

  /** The id of `key`, inserting `values` when it is new (inside the writer's transaction). */
  intern(key: string, values: () => string[]): number {
    let id = this.find(key);
    if (id === undefined) {
      id = Number(this.#insert.get(...values())!.id);
      this.#ids.set(key, id);
    }
    return id;
  }

  /** Forgets ids learnt in a transaction that rolled back. */
  clear(): void {
    this.#ids.clear();
  }
}

function placeKey(v: Visitor): string {
  return `${v.country}\t${v.region}\t${v.city}\t${v.isp}`;
}

/** Tokens as stored: positional, trailing empty ones dropped, NULL for none. */
function tokensText(v: Visitor): string | null {
  let last = 0;
  for (const key in v.tokens) {
    const n = Number(key.slice(1));
    if (v.tokens[key] !== "" && n > last) last = n;
  }
  if (last === 0) return null;
  const list: string[] = [];
  for (let i = 1; i <= last; i++) list.push(v.tokens[`t${i}`] ?? "");
  return JSON.stringify(list);
}

/** The click table of one database: writer, dictionaries, reads. */
export class ClickStore {
  readonly userAgents: Dictionary;
  readonly places: Dictionary;
  readonly writer: BatchWriter<ClickWrite>;
  #insert: StatementSync;
  #lp: StatementSync;
  #flushQueued = false;

  constructor(readonly db: Db, options: { maxDelayMs?: number; maxBatch?: number } = {}) {
    this.userAgents = new Dictionary(db, "user_agents");
    this.places = new Dictionary(db, "places");
    this.#insert = db.prepare(INSERT_SQL);
    this.#lp = db.prepare(LP_SQL);
    this.writer = new BatchWriter<ClickWrite>(db, {
      insert: (_db, rows) => this.#write(rows),
      maxBatch: options.maxBatch ?? 1000,
      // A fallback only: `write` flushes on the next turn of the event loop.
      maxDelayMs: options.maxDelayMs ?? 5,
    });
  }

  #write(rows: ClickWrite[]): void {
    try {
      for (const item of rows) {
        if (item.kind === "lp") this.#lp.run(item.ts, item.offerId, item.id);
        else this.#insertClick(item.row);
      }
    } catch (err) {
      this.userAgents.clear();
      this.places.clear();
      throw err;
    }
  }

  #insertClick(r: ClickRow): void {
    const v = r.visitor;
    const uaId = this.userAgents.intern(v.userAgent, () => [
      v.userAgent,
      v.deviceType,
      v.brand,
      v.model,
      v.os,
      v.osVersion,
      v.browser,
      v.browserVersion,
    ]);
    const placeId = v.country || v.isp
      ? this.places.intern(placeKey(v), () => [v.country, v.region, v.city, v.isp])
      : null;
    this.#insert.run(
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
      placeId,
      uaId,
      v.language || null,
      v.referrer || null,
      tokensText(v),
      r.isUnique ? 1 : 0,
      r.isBot ? 1 : 0,
      r.botReason,
    );
  }

  /**
   * Queues a write; resolves once it is committed. The batch is committed as
   * soon as the event loop has taken in the requests that arrived together
   * (setImmediate runs after I/O polling, ~6 µs; a 0 ms timer waits ~2 ms here).
   */
  write(item: ClickWrite): Promise<void> {
    const committed = this.writer.write(item);
    if (!this.#flushQueued) {
      this.#flushQueued = true;
      setImmediate(() => {
        this.#flushQueued = false;
        this.writer.flush();
      });
    }
    return committed;
  }

  /** A stored click, or null. */
  find(id: string): StoredClick | null {
    const row = this.db.prepare(
      `SELECT c.*, coalesce(u.text, '') AS ua, coalesce(p.country, '') AS country,
        coalesce(p.region, '') AS region, coalesce(p.city, '') AS city, coalesce(p.isp, '') AS isp,
        coalesce(u.device_type, '') AS device_type, coalesce(u.os, '') AS os,
        coalesce(u.browser, '') AS browser
       FROM clicks c LEFT JOIN user_agents u ON u.id = c.ua_id
       LEFT JOIN places p ON p.id = c.place_id WHERE c.id = ?`,
    ).get(id);
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
      cost: Number(row.cost),
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
      lpClickTs: num(row.lp_click_ts),
    };
  }
}
