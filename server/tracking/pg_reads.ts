/**
 * The click path's reads on PostgreSQL without the bridge (decision 172,
 * "The click path on PostgreSQL"). The entity cache and the offer caps load
 * what they miss with synchronous store calls; on PostgreSQL those would be
 * bridge calls, each blocking the event loop ~0.2 ms. So on PostgreSQL they
 * read through `PrefetchDb`: before a click runs, `prefetch` runs the reads
 * the click will make (`warmCampaign`) in probe mode; a read not in memory
 * throws `NeedsRead` instead of calling the bridge, its answer is fetched on
 * the click writer's asynchronous connection, and the probe runs again until
 * it passes. The click then runs synchronously as on SQLite, finding every
 * answer in the caches its probe filled (the caps trust the conversion
 * version their probe read a moment before: `versionFreshMs`). Outside the click path
 * (the panel, postbacks) a miss still reads through the bridge.
 */
import type { Db, Row, SqlInput, Statement } from "../db/connection.ts";
import type { PgBridge } from "../db/pg/bridge.ts";
import type { TrackingEngine } from "./engine.ts";
import { entityVersion } from "../db/entity_version.ts";

/** A read the probe found missing. */
export class NeedsRead extends Error {
  constructor(readonly sql: string, readonly params: SqlInput[]) {
    super("read not prefetched");
  }
}

function keyOf(sql: string, params: SqlInput[]): string {
  return `${sql}\u0000${JSON.stringify(params, (_k, v) => typeof v === "bigint" ? `${v}n` : v)}`;
}

/** Rounds of fetching at most for one click (each round is one read the probe lacked). */
const MAX_ROUNDS = 64;

/** A `Db` answering reads from prefetched answers first (see the header). */
export class PrefetchDb implements Db {
  #probing = false;
  #answers = new Map<string, Row[]>();
  #active = 0;
  /** The entity version the answers were read at (a change drops them). */
  #version = -1;

  constructor(
    readonly base: PgBridge,
    readonly fetch: (sql: string, params: SqlInput[]) => Promise<Row[]>,
  ) {}

  prepare(sql: string): Statement {
    const rows = (params: SqlInput[]): Row[] => {
      // Answers serve probes only: the click that follows finds what it reads in the caches
      // the probe filled; anything else (the panel, postbacks) reads the database itself.
      if (!this.#probing) return this.base.prepare(sql).all(...params);
      const found = this.#answers.get(keyOf(sql, params));
      if (found) return found;
      throw new NeedsRead(sql, params);
    };
    return {
      get: (...params) => rows(params)[0],
      all: (...params) => rows(params),
      run: (...params) => this.base.prepare(sql).run(...params),
      iterate: (...params) => rows(params)[Symbol.iterator](),
    };
  }

  exec(sql: string): void {
    this.base.exec(sql);
  }

  close(): void {
    this.base.close();
  }

  location(): string | null {
    return null;
  }

  get isTransaction(): boolean {
    return this.base.isTransaction;
  }

  /** Whether `reads` find everything in memory now (no bridge call, nothing fetched). */
  ready(reads: () => void): boolean {
    this.#expire();
    this.#probing = true;
    try {
      reads();
      return true;
    } catch (err) {
      if (err instanceof NeedsRead) return false;
      throw err;
    } finally {
      this.#probing = false;
    }
  }

  /** Fetches, asynchronously, every read `reads` makes that is not in memory. */
  async prefetch(reads: () => void): Promise<void> {
    this.#expire();
    this.#active++;
    try {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        this.#probing = true;
        let missing: NeedsRead;
        try {
          reads();
          return;
        } catch (err) {
          if (!(err instanceof NeedsRead)) throw err;
          missing = err;
        } finally {
          this.#probing = false;
        }
        this.#answers.set(
          keyOf(missing.sql, missing.params),
          await this.fetch(missing.sql, missing.params),
        );
      }
      throw new Error(`a click needed more than ${MAX_ROUNDS} reads`);
    } finally {
      this.#active--;
    }
  }

  /**
   * Answers serve the click that fetched them (its synchronous part runs right
   * after its prefetch), never a later one: entities cached from them are
   * dropped on a change, a kept answer would not be. So a click that starts
   * while no prefetch runs finds none.
   */
  #expire(): void {
    const version = entityVersion(this.base);
    if ((this.#active === 0 || version !== this.#version) && this.#answers.size > 0) {
      this.#answers.clear();
    }
    this.#version = version;
  }
}

/**
 * On PostgreSQL, a promise that resolves once the reads of a click on
 * campaign `key` are in memory, or null when they are already (and on
 * SQLite: no promise hop there).
 */
export function readsFor(engine: TrackingEngine, key: string): Promise<void> | null {
  const prefetch = engine.prefetch;
  if (prefetch === null) return null;
  const reads = () => warmCampaign(engine, key);
  return prefetch.ready(reads) ? null : prefetch.prefetch(reads);
}

/**
 * Campaigns (as the cache built them) whose reads were all in memory and that
 * have no capped offer: their next clicks need no probe beyond the campaign.
 * A change drops the cache, and the campaign object with it.
 */
const warmed = new WeakSet<object>();

/** The reads a click on campaign `key` makes: the campaign, its flow's offers and landers. */
export function warmCampaign(engine: TrackingEngine, key: string): void {
  const cache = engine.cache;
  const campaign = cache.campaignByKey(key);
  if (!campaign || warmed.has(campaign)) return;
  cache.qualitySettings();
  cache.trackerTimeZone();
  const target = campaign.target;
  let capped = false;
  if (target.kind === "flow") {
    for (
      const path of [...target.flow.rules.flatMap((r) => r.paths), ...target.flow.defaultPaths]
    ) {
      for (const o of path.offers) {
        // A capped offer reads its day's conversions' version each click (offer_caps.ts).
        if ((cache.offer(o.offerId)?.dailyCap ?? null) !== null) capped = true;
        engine.caps.resolve(o.offerId);
      }
      for (const l of path.landings ?? []) cache.landing(l.landingId);
    }
  }
  if (!capped) warmed.add(campaign);
}
