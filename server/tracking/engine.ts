/**
 * The tracking engine of one database: the entity cache, the click store and
 * its group-commit writer, visitor uniqueness and the S2S postback queue.
 * Made once with the app's dependencies; `main.ts` starts the S2S sender and
 * closes the engine on SIGTERM.
 */
import type { Db } from "../db/connection.ts";
import { ReadWorker } from "../reads/worker.ts";
import { logEvent } from "../log.ts";
import { assignMissingFlowIds } from "../rotations/flow_ids.ts";
import { EntityCache } from "./cache.ts";
import { ClickStore } from "./click_store.ts";
import { Uniqueness } from "./uniqueness.ts";
import { OfferCaps } from "./offer_caps.ts";
import { PrefetchDb } from "./pg_reads.ts";
import { PgBridge } from "../db/pg/bridge.ts";
import { IpFrequency } from "./quality.ts";
import { type S2sOptions, S2sQueue } from "./s2s.ts";
import { Meters } from "./meters.ts";
import type { RandomSource } from "./weights.ts";

/** How often the visitors' memory is written beside the database besides at shutdown. */
const VISITORS_SNAPSHOT_MS = 15 * 60_000;

/** Options of the engine (tests shorten the S2S backoff and open a loopback port). */
export type TrackingOptions = {
  /** Group commit: how long the first queued click waits for company (0 = next tick). */
  maxDelayMs?: number;
  s2s?: S2sOptions;
  /** Weighted choices and postback percentages; Math.random by default. */
  random?: RandomSource;
  /** PostgreSQL: this node's name (default `ROTOR_NODE_ID`, else the host's name). */
  node?: string;
};

/** Everything the tracking endpoints share. */
export class TrackingEngine {
  readonly cache: EntityCache;
  readonly clicks: ClickStore;
  readonly uniqueness: Uniqueness;
  readonly caps: OfferCaps;
  /** PostgreSQL: the cache's and caps' reads, prefetched off the bridge for clicks. */
  readonly prefetch: PrefetchDb | null;
  /** Clicks per IP in Settings → Traffic quality's window (decision 165). */
  readonly ipFrequency = new IpFrequency();
  readonly s2s: S2sQueue;
  readonly random: RandomSource;
  /** Report reads and WAL checkpoints on another thread (file databases only). */
  readonly reads: ReadWorker;
  /** Running counts sampled each second for the monitor's recent windows. */
  readonly meters: Meters<"clicks" | "s2sSent" | "s2sGivenUp" | "writerQueue">;

  constructor(readonly db: Db, options: TrackingOptions = {}) {
    // Flows saved before rules and paths had ids get them now (decision 123).
    assignMissingFlowIds(db);
    this.clicks = new ClickStore(db, { maxDelayMs: options.maxDelayMs, node: options.node });
    // PostgreSQL: what the click path misses is fetched asynchronously (pg_reads.ts).
    const pg = this.clicks.pg;
    this.prefetch = pg && db instanceof PgBridge
      ? new PrefetchDb(db, (sql, params) => pg.query(sql, params))
      : null;
    this.cache = new EntityCache(this.prefetch ?? db);
    // The caps trust the version their click's probe read (within 2 ms) on PostgreSQL.
    this.caps = new OfferCaps(this.prefetch ?? db, this.cache, this.prefetch ? 2 : 0);
    this.uniqueness = new Uniqueness();
    // PostgreSQL: from this node's own clicks (the balancer sends a visitor to one node).
    this.uniqueness.load(db, Date.now(), this.clicks.node);
    this.s2s = new S2sQueue(db, options.s2s);
    this.random = options.random ?? Math.random;
    // Reads see the rollups whole: the sums still in memory are written first (decision 110).
    // The WAL stays bounded: the checkpoint thread pauses the writer briefly (decision 111).
    this.reads = new ReadWorker(db, {
      beforeRead: () => this.clicks.flushRollups(),
      pause: () => this.clicks.writer.pause(),
      resume: () => this.clicks.writer.resume(),
    });
    this.clicks.writer.afterCommit = () => this.reads.checkWal();
    this.meters = new Meters({
      clicks: () => this.clicks.received,
      s2sSent: () => this.s2s.sent,
      s2sGivenUp: () => this.s2s.givenUp,
      writerQueue: () => this.clicks.writer.depth,
    });
    // A start after a crash replays only the clicks since the last snapshot (decision 166).
    this.#snapshots = setInterval(() => {
      if (this.#saving) return;
      this.#saving = this.uniqueness.saveInBackground(db).catch((err) =>
        logEvent("warn", "visitors_snapshot_failed", { message: (err as Error).message })
      ).finally(() => this.#saving = null);
    }, VISITORS_SNAPSHOT_MS);
    Deno.unrefTimer(Number(this.#snapshots));
  }

  #snapshots: ReturnType<typeof setInterval>;
  #saving: Promise<void> | null = null;

  /** Commits queued clicks, keeps the visitors for the next start and stops the S2S sender (shutdown). */
  async close(): Promise<void> {
    clearInterval(this.#snapshots);
    this.meters.stop();
    this.clicks.writer.close();
    await this.clicks.settled();
    this.clicks.flushRollups();
    // Every click is committed: the next start reads the visitors from one file (decision 166).
    this.uniqueness.save(this.db);
    this.cache.close();
    await this.s2s.stop();
    this.reads.close();
    await this.clicks.end();
  }
}
