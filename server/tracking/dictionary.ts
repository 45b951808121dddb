/**
 * The dictionary tables (decision 050): user agents and places interned once,
 * each id with the facets the rollups group by, and a bounded memory of recent
 * ones so a click seldom reads the table.
 */
import type { Db, Statement } from "../db/connection.ts";
import { LruMap } from "./enrich/lru.ts";

/** An interned string's id and the facts the rollups group by (as stored). */
export type Entry = { id: number; facets: readonly string[] };

/**
 * The columns of a place and of a user agent the rollups group by, in their
 * facets' order (`#insertClick` reads the facets by these positions).
 */
export const PLACE_FACETS = ["country", "region", "city", "isp"];
export const AGENT_FACETS = [
  "device_type",
  "brand",
  "model",
  "os",
  "os_version",
  "browser",
  "browser_version",
];
export const NO_PLACE: readonly string[] = ["", "", "", ""];

/** Interned strings (user agents, places) → ids, with a bounded memory of recent ones. */
export class Dictionary {
  #entries = new LruMap<string, Entry>(50_000);
  /** Entries by an object that stands for their key (`internFor`). */
  #byRef = new WeakMap<object, Entry>();
  #find: Statement;
  #insert: Statement;

  constructor(db: Db, readonly table: "user_agents" | "places") {
    if (table === "user_agents") {
      this.#find = db.prepare(
        `SELECT id, device_type, brand, model, os, os_version, browser, browser_version
         FROM user_agents WHERE text = ?`,
      );
      this.#insert = db.prepare(
        `INSERT INTO user_agents (text, device_type, brand, model, os, os_version, browser,
          browser_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      );
    } else {
      this.#find = db.prepare(
        `SELECT id, country, region, city, isp FROM places
         WHERE country = ? AND region = ? AND city = ? AND isp = ?`,
      );
      this.#insert = db.prepare(
        "INSERT INTO places (country, region, city, isp) VALUES (?, ?, ?, ?) RETURNING id",
      );
    }
  }

  /** The stored values the rollups group by, in `PLACE_FACETS` or `AGENT_FACETS` order. */
  #facets(row: Record<string, unknown>): string[] {
    return (this.table === "places" ? PLACE_FACETS : AGENT_FACETS).map((c) => String(row[c]));
  }

  /** The entry of `key` if it is stored (no write). */
  entry(key: string): Entry | undefined {
    let entry = this.#entries.get(key);
    if (entry === undefined) {
      const row = this.#find.get(...(this.table === "places" ? key.split("\t") : [key]));
      if (row) {
        entry = { id: Number(row.id), facets: this.#facets(row) };
        this.#entries.set(key, entry);
      }
    }
    return entry;
  }

  /** The entry of `key` if this process knows it (memory only: the PostgreSQL writer's check). */
  known(key: string): Entry | undefined {
    return this.#entries.get(key);
  }

  /** Remembers an entry read or written elsewhere (the PostgreSQL writer's own queries). */
  remember(key: string, row: Record<string, unknown>): Entry {
    const entry = { id: Number(row.id), facets: this.#facets(row) };
    this.#entries.set(key, entry);
    return entry;
  }

  /** The id of `key` if it is stored (no write). */
  find(key: string): number | undefined {
    return this.entry(key)?.id;
  }

  /**
   * The entry of `key`, inserting `values(from)` when it is new (inside the
   * writer's transaction); `facets(from)` are the stored values the rollups
   * group by. (Functions of `from`, not closures: nothing is allocated for the
   * usual click, whose key is known.)
   */
  intern<T>(
    key: string,
    from: T,
    values: (from: T) => string[],
    facets: (from: T) => string[],
  ): Entry {
    let entry = this.entry(key);
    if (entry === undefined) {
      entry = { id: Number(this.#insert.get(...values(from))!.id), facets: facets(from) };
      this.#entries.set(key, entry);
    }
    return entry;
  }

  /**
   * `intern` for a key that `ref` stands for: an immutable object that, while
   * it lives, comes back for that key only (a parsed user agent, a located
   * place). A hit is one identity lookup; the key's text is made only on a
   * miss. Without `ref`, as `intern`.
   */
  internFor<T>(
    ref: object | undefined,
    from: T,
    key: (from: T) => string,
    values: (from: T) => string[],
    facets: (from: T) => string[],
  ): Entry {
    if (ref === undefined) return this.intern(key(from), from, values, facets);
    let entry = this.#byRef.get(ref);
    if (entry === undefined) {
      entry = this.intern(key(from), from, values, facets);
      this.#byRef.set(ref, entry);
    }
    return entry;
  }

  /** Forgets ids learnt in a transaction that rolled back. */
  clear(): void {
    this.#entries.clear();
    this.#byRef = new WeakMap();
  }
}
