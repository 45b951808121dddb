/**
 * The click table: how batches are written (through the group-commit
 * BatchWriter on SQLite, the asynchronous PgClickWriter on PostgreSQL, so a
 * click's 302 leaves only after its commit), the rollups held in memory, and
 * how a stored click is read back for lander click-throughs and postbacks.
 * User agents and places are interned in dictionary tables (see
 * docs/decisions/050-click-storage.md), keeping a click row near 150 bytes;
 * the rows' shapes and SQL are in `click_rows.ts`.
 */
import { setImmediate } from "node:timers";
import { holdNodeName } from "../db/jobs.ts";
import { type Db, type Statement, transaction } from "../db/connection.ts";
import { BatchWriter } from "../db/batch_writer.ts";
import { PgBridge } from "../db/pg/bridge.ts";
import { ClickRollups } from "./click_rollup.ts";
import { MultiRowInsert } from "./multi_row.ts";
import { Dictionary, type Entry, NO_PLACE } from "./dictionary.ts";
import { PgClickWriter } from "./pg_click_writer.ts";
import { logEvent } from "../log.ts";
import {
  agentFacets,
  agentRow,
  agentText,
  type ClickRow,
  clickValues,
  type ClickWrite,
  type ClickWriter,
  defaultNodeId,
  FIND_SQL,
  INSERT_SQL,
  LP_SQL,
  PG_COLUMNS,
  placeFacets,
  placeKey,
  pushClickValues,
  type StoredClick,
  storedClick,
} from "./click_rows.ts";

export type { ClickRow, ClickWrite, ClickWriter, StoredClick } from "./click_rows.ts";

/** How long the first click of a batch waits at most while more keep arriving (ms). */
const HOLD_MS = 2;
/** Rows after which a batch is committed without waiting for more. */
const HOLD_ROWS = 256;
/** How long new clicks' rollup sums stay in memory at most while clicks keep coming (ms). */
const ROLLUP_FLUSH_MS = 1000;
/** Distinct keys in one cube after which the sums are written early (bounds memory). */
const ROLLUP_MAX_KEYS = 20_000;

/** How often the rollups held in memory are written on PostgreSQL while no click comes (ms). */
const IDLE_FLUSH_MS = 1000;

/** The click table of one database: writer, dictionaries, reads. */
export class ClickStore {
  readonly userAgents: Dictionary;
  readonly places: Dictionary;
  readonly writer: ClickWriter<ClickWrite>;
  /** The asynchronous writer on PostgreSQL (null on SQLite). */
  readonly pg: PgClickWriter | null = null;
  /** This node's name (PostgreSQL: whose clicks are whose; null on SQLite). */
  readonly node: string | null;
  #idle: ReturnType<typeof setInterval> | undefined;
  #insert: MultiRowInsert;
  #lp: Statement;
  #rollups: ClickRollups;
  #flushQueued = false;
  #heldSince = 0;
  #depthSeen = 0;
  #rollupsAt = performance.now();
  /** A transaction holding rollup sums rolled back: the next one recovers them from raw rows. */
  #rollupsLost = false;
  /** Clicks queued for writing since start (the monitor's throughput). */
  received = 0;

  constructor(
    readonly db: Db,
    options: { maxDelayMs?: number; maxBatch?: number; node?: string } = {},
  ) {
    this.userAgents = new Dictionary(db, "user_agents");
    this.places = new Dictionary(db, "places");
    this.#insert = new MultiRowInsert(db, INSERT_SQL);
    this.#lp = db.prepare(LP_SQL);
    this.node = db instanceof PgBridge ? options.node ?? defaultNodeId() : null;
    if (this.node !== null) holdNodeName(db, this.node);
    this.#rollups = new ClickRollups(db, this.node);
    // Clicks stored after the watermark (the last run ended without writing their sums).
    transaction(db, () => this.#rollups.recover());
    if (db instanceof PgBridge) {
      this.pg = new PgClickWriter(db.url, PG_COLUMNS, {
        userAgents: this.userAgents,
        places: this.places,
        node: this.node!,
        values: (r, ua, place) => [...clickValues(r, ua, place), this.node],
        committed: (rows) => this.#committed(rows),
        beforeLp: (id) => {
          if (id > this.#rollups.watermark && this.#rollups.pending > 0) this.flushRollups();
        },
      }, { maxBatch: options.maxBatch ?? 1000 });
      this.writer = this.pg;
      // Other nodes' reports read the rollups: sums wait in memory a second at most.
      this.#idle = setInterval(() => {
        if (performance.now() - this.#rollupsAt < IDLE_FLUSH_MS) return;
        try {
          this.flushRollups();
        } catch { /* dropped and recovered by the next flush */ }
      }, IDLE_FLUSH_MS);
      Deno.unrefTimer(Number(this.#idle));
      return;
    }
    this.writer = new BatchWriter<ClickWrite>(db, {
      insert: (_db, rows) => this.#write(rows),
      rolledBack: () => this.#dropRollups(),
      maxBatch: options.maxBatch ?? 1000,
      // A fallback only: `write` flushes on the next turn of the event loop.
      maxDelayMs: options.maxDelayMs ?? 5,
    });
  }

  /**
   * One batch, in its transaction. New clicks' sums join the rollups held in
   * memory; they are written once a second (or at `ROLLUP_MAX_KEYS`), and at
   * once when a click is not newer than the watermark (a clock set back): the
   * watermark must keep meaning "every click up to here is counted". A lander
   * click-through on a click whose sums are still in memory writes them first,
   * so the triggers move a counted contribution and the clicks after the
   * watermark keep the values they were counted with (decision 110).
   */
  #write(rows: ClickWrite[]): void {
    const rollups = this.#rollups;
    try {
      if (this.#rollupsLost) {
        rollups.recover();
        this.#rollupsLost = false;
      }
      let late = false;
      for (const item of rows) {
        if (item.kind === "click") {
          this.#insertClick(item.row);
          if (item.row.id <= rollups.watermark) late = true;
        } else {
          this.#insert.flush(); // the click it updates may be among the rows not yet sent
          if (item.id > rollups.watermark && rollups.pending > 0) this.#flushRollups();
          this.#lp.run(item.ts, item.offerId, item.id);
        }
      }
      this.#insert.flush();
      if (
        late || rollups.keys > ROLLUP_MAX_KEYS ||
        performance.now() - this.#rollupsAt >= ROLLUP_FLUSH_MS
      ) this.#flushRollups();
    } catch (err) {
      this.userAgents.clear();
      this.places.clear();
      this.#insert.clear();
      throw err;
    }
  }

  /** Sums in memory may now count clicks that rolled back: recover them from raw rows. */
  #dropRollups(): void {
    this.#rollups.clear();
    this.#rollupsLost = true;
  }

  #flushRollups(): void {
    this.#rollups.flush();
    this.#rollupsAt = performance.now();
  }

  /**
   * Writes the rollup sums held in memory now, in their own transaction: before
   * a report or list reads the rollups, before a postback changes a click's
   * cost, and at shutdown. Never call it inside another transaction.
   */
  flushRollups(): void {
    if (this.#rollups.pending === 0 && !this.#rollupsLost) return;
    try {
      transaction(this.db, () => {
        if (this.#rollupsLost) this.#rollups.recover();
        this.#flushRollups();
      });
      this.#rollupsLost = false;
    } catch (err) {
      this.#dropRollups();
      throw err;
    }
  }

  /**
   * PostgreSQL: resolves once click `id` is counted in the rollups when
   * another node wrote it and still holds its sums in memory (that node's
   * next flush, within about a second), so a change to the click moves a
   * counted contribution (decision 110) — the other node's recovery after a
   * crash would otherwise add the changed click to a delta already moved.
   * Gives up after `limitMs` (that node is down: logged).
   */
  async ownerFlushed(id: string, limitMs = 3000): Promise<void> {
    if (!this.pg || !id) return;
    const until = performance.now() + limitMs;
    for (;;) {
      const [row] = await this.pg.query(
        `SELECT c.node, w.click_id FROM clicks c JOIN rollup_watermark w ON w.node = c.node
         WHERE c.id = ?`,
        [id],
      );
      if (!row || row.node === this.node || String(row.click_id) >= id) return;
      if (performance.now() > until) {
        logEvent("warn", "click_owner_unflushed", { clickId: id, node: row.node });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * The rollups for the monitor: the newest click whose sums are written,
   * clicks whose sums wait in memory, and when sums were last written (ms since the epoch).
   */
  rollupState(): { watermark: string; pending: number; flushedAt: number } {
    const flushedAt = Date.now() - (performance.now() - this.#rollupsAt);
    return { watermark: this.#rollups.watermark, pending: this.#rollups.pending, flushedAt };
  }

  /** Whether click `id`'s sums may still be in memory (not yet in the rollups). */
  pendingRollup(id: string): boolean {
    return this.#rollups.pending > 0 && id > this.#rollups.watermark;
  }

  /**
   * PostgreSQL: clicks whose INSERT committed join the rollups held in memory;
   * they are written (through the bridge, one short transaction) once a
   * second, at `ROLLUP_MAX_KEYS`, or at once for a click not newer than the
   * watermark (the watermark keeps meaning "every click of this node up to
   * here is counted").
   */
  #committed(rows: { row: ClickRow; ua: Entry; place: Entry | null }[]): void {
    let late = false;
    for (const { row, ua, place } of rows) {
      if (row.id <= this.#rollups.watermark) late = true;
      this.#count(row, ua.facets, place?.facets ?? NO_PLACE);
    }
    if (
      late || this.#rollups.keys > ROLLUP_MAX_KEYS ||
      performance.now() - this.#rollupsAt >= ROLLUP_FLUSH_MS
    ) {
      try {
        this.flushRollups();
      } catch { /* dropped: the next flush recovers them from the raw clicks */ }
    }
  }

  /** Stops the PostgreSQL writer's timer and connection once every click committed. */
  async settled(): Promise<void> {
    if (!this.pg) return;
    clearInterval(this.#idle);
    await this.pg.settled();
  }

  /** Ends the PostgreSQL writer's connection (shutdown, after the last flush). */
  async end(): Promise<void> {
    clearInterval(this.#idle);
    await this.pg?.end();
  }

  #insertClick(r: ClickRow): void {
    const v = r.visitor;
    const ua = this.userAgents.internFor(v.agentRef, v, agentText, agentRow, agentFacets);
    const place = v.country || v.isp
      ? this.places.internFor(v.placeRef, v, placeKey, placeFacets, placeFacets)
      : null;
    this.#insert.addWith(pushClickValues, r, ua, place);
    this.#count(r, ua.facets, place?.facets ?? NO_PLACE);
  }

  /** Adds a written click to the rollups held in memory. */
  #count(r: ClickRow, af: readonly string[], pf: readonly string[]): void {
    const v = r.visitor;
    this.#rollups.add({
      ts: r.ts,
      campaignId: r.campaignId,
      trafficSourceId: r.trafficSourceId,
      rotationId: r.rotationId,
      rule: r.rule,
      path: r.path,
      landingId: r.landingId,
      offerId: r.offerId,
      // Spelt out, not spread from helper objects: this runs for every click.
      placeFacets: pf,
      connection: v.connection || "",
      agentFacets: af,
      isUnique: r.isUnique,
      isBot: r.isBot,
      lpClick: false,
      cost: r.cost,
      currency: r.costCurrency,
    }, r.id);
  }

  /**
   * Queues a write; resolves once it is committed. The batch is committed once
   * a turn of the event loop brings no new clicks (setImmediate runs after I/O
   * polling, ~6 µs; a 0 ms timer waits ~2 ms here), or after `HOLD_MS`, or at
   * `HOLD_ROWS` rows. While clicks keep arriving, waiting one more turn costs
   * no idle time and makes the batch bigger: a commit and each rollup row
   * cost the same for 30 clicks as for 60 (decision 054). A turn that brought
   * nothing new commits, the first one included.
   */
  write(item: ClickWrite): Promise<void> {
    if (item.kind === "click") this.received++;
    const committed = this.writer.write(item);
    if (!this.#flushQueued) {
      this.#flushQueued = true;
      this.#heldSince = performance.now();
      // A click that finds the writer idle and no company by the next turn commits then: a
      // lone click never waits for a batch (decision 112).
      this.#depthSeen = this.writer.depth;
      setImmediate(this.#turn);
    }
    return committed;
  }

  #turn = (): void => {
    const depth = this.writer.depth;
    if (
      depth > this.#depthSeen && depth < HOLD_ROWS &&
      performance.now() - this.#heldSince < HOLD_MS
    ) {
      this.#depthSeen = depth;
      setImmediate(this.#turn);
      return;
    }
    this.#flushQueued = false;
    this.writer.flush();
  };

  /** A stored click, or null. */
  find(id: string): StoredClick | null {
    return storedClick(id, this.db.prepare(FIND_SQL).get(id));
  }

  /** `find` without the bridge on PostgreSQL (the lander click-through's path). */
  async findAsync(id: string): Promise<StoredClick | null> {
    if (!this.pg) return this.find(id);
    return storedClick(id, (await this.pg.query(FIND_SQL, [id]))[0]);
  }
}
