/**
 * New clicks' share of the rollups (decisions 060 and 061), summed in the
 * click writer instead of by a per-row trigger (decision 054) and kept in
 * memory for up to a second (decision 110): the writer adds each inserted
 * click here, then `flush` runs one upsert per distinct key of each hourly
 * cube and moves the watermark (`rollup_watermark`) to the newest click
 * written, in one transaction. A crash loses no sums: `recover` adds the
 * stored clicks after the watermark. The daily tier costs a flush one read of
 * the sealed hour: the first flush of a new hour folds the finished hours
 * into it (`foldSql`) and moves `rollup_sealed` on; only a click in an
 * already sealed hour (a clock set back) is added to both. Lander
 * click-throughs, costs and conversions stay with the triggers.
 */
import type { Db, Statement } from "../db/connection.ts";
import {
  CLICK_SUMS,
  clickUpsertSql,
  type Cube,
  DAILY,
  foldSql,
  HOURLY,
  keySql,
  MS_HOUR,
  SEALED_TABLE,
  SUMS,
} from "../reports/rollup_schema.ts";
import { MultiRowInsert } from "./multi_row.ts";
import {
  COLUMNS,
  type Entry,
  KEY_OF,
  KeyIds,
  type KeyValue,
  LAST_KEY,
  LEADING_KEYS,
  type Sums,
} from "./click_rollup_keys.ts";

/** What a new click contributes, with the dictionary facts the cubes group by. */
export type RollupClick = {
  ts: number;
  campaignId: number | null;
  trafficSourceId: number | null;
  rotationId: number | null;
  rule: number | null;
  path: number | null;
  landingId: number | null;
  offerId: number | null;
  /** The click's place as stored in `places`, in `PLACE_FACETS` order (`NO_PLACE` for none). */
  placeFacets: readonly string[];
  /** As stored on the click ("" for none). */
  connection: string;
  /** The click's user agent as stored in `user_agents`, in `AGENT_FACETS` order. */
  agentFacets: readonly string[];
  isUnique: boolean;
  isBot: boolean;
  lpClick: boolean;
  /** Micro-units. */
  cost: number;
  /** The currency of `cost`. */
  currency: string;
};

function addTo(map: Map<string, Entry>, keys: KeyValue[], sums: Sums): void {
  const id = keys.join("\u0001");
  const entry = map.get(id);
  if (!entry) {
    map.set(id, { keys, sums: [...sums] });
    return;
  }
  for (let i = 0; i < 5; i++) entry.sums[i] += sums[i];
}

/** One hourly cube's pending sums, by key, and the upsert that writes them. */
class CubeSums {
  readonly #upsert: MultiRowInsert;
  readonly #getters: ((c: RollupClick) => KeyValue)[];
  /** The COLUMNS indexes of the key columns after the leading ones (all when `#lead` is false). */
  readonly #at: number[];
  /** Whether the key starts with the leading columns and ends with the currency. */
  readonly #lead: boolean;
  /**
   * A key's numbers, each below `#scale`, as the digits of one number below
   * 2^53; a key with a larger one is their text instead (the same key is
   * always the same kind: its numbers do not change until the next flush).
   */
  readonly #scale: number;
  pending = new Map<number | string, Entry>();

  constructor(db: Db, readonly cube: Cube) {
    const names = cube.keys.map((k) => k.name);
    this.#getters = names.map((name) => {
      const get = KEY_OF[name];
      if (!get) throw new Error(`rollup key ${cube.table}.${name} has no click value`);
      return get;
    });
    this.#lead = LEADING_KEYS.every((name, i) => names[i] === name) &&
      names.at(-1) === LAST_KEY && !names.slice(LEADING_KEYS.length, -1).includes(LAST_KEY);
    const rest = this.#lead ? names.slice(LEADING_KEYS.length, -1) : names;
    this.#at = rest.map((name) => COLUMNS.indexOf(name));
    this.#scale = 2 ** Math.floor(53 / (this.#at.length + (this.#lead ? 1 : 0)));
    this.#upsert = new MultiRowInsert(db, clickUpsertSql(cube));
  }

  /** Adds a click whose value numbers `ids` holds. */
  add(c: RollupClick, ids: KeyIds): void {
    const of = ids.of;
    const at = this.#at;
    const scale = this.#scale;
    let key: number | string = this.#lead ? ids.lead : 0;
    let fits = key < scale;
    for (let i = 0; i < at.length; i++) {
      const id = of[at[i]];
      if (id >= scale) fits = false;
      key = key * scale + id;
    }
    if (!fits) {
      key = this.#lead ? `${ids.lead}` : "";
      for (let i = 0; i < at.length; i++) key += "," + of[at[i]];
    }
    let p = this.pending.get(key);
    if (!p) {
      this.pending.set(
        key,
        p = { keys: this.#getters.map((get) => get(c)), sums: [0, 0, 0, 0, 0] },
      );
    }
    const s = p.sums;
    s[0]++;
    if (c.isUnique) s[1]++;
    if (c.isBot) s[2]++;
    if (c.lpClick) s[3]++;
    s[4] += c.cost;
  }

  /**
   * `sorted`: rows in key order, so two nodes adding to the same keys lock
   * them in the same order (PostgreSQL; no deadlock between their flushes).
   */
  flush(sorted = false): void {
    const rows = sorted ? inKeyOrder(this.pending.values()) : this.pending.values();
    for (const p of rows) this.#upsert.add(...p.keys, ...p.sums);
    this.#upsert.flush();
  }

  clear(): void {
    this.pending.clear();
    this.#upsert.clear();
  }
}

/** A daily cube's share of clicks in sealed hours, summed from its hourly source's pending rows. */
class LateSums {
  readonly #upsert: MultiRowInsert;
  /** Where each daily key sits in the source's keys (the day where the hour is). */
  readonly #at: number[];
  readonly #hourAt: number;

  constructor(db: Db, readonly cube: Cube, readonly source: CubeSums) {
    const names = source.cube.keys.map((k) => k.name);
    this.#at = cube.keys.map((k) => names.indexOf(k.name === "day" ? "hour" : k.name));
    this.#hourAt = names.indexOf("hour");
    this.#upsert = new MultiRowInsert(db, clickUpsertSql(cube));
  }

  /** Adds the pending rows of hours before `sealed` (already folded) to the daily cube. */
  flush(sealed: number, sorted = false): void {
    const late = new Map<string, Entry>();
    for (const p of this.source.pending.values()) {
      const hour = p.keys[this.#hourAt] as number;
      if (hour >= sealed) continue;
      const keys = this.#at.map((i) => (i === this.#hourAt ? Math.floor(hour / 24) : p.keys[i]));
      addTo(late, keys, p.sums);
    }
    const rows = sorted ? inKeyOrder(late.values()) : late.values();
    for (const p of rows) this.#upsert.add(...p.keys, ...p.sums);
    this.#upsert.flush();
  }

  clear(): void {
    this.#upsert.clear();
  }
}

/** Pending rows ordered by their key values. */
function inKeyOrder(rows: Iterable<Entry>): Entry[] {
  return [...rows].sort((a, b) => {
    for (let i = 0; i < a.keys.length; i++) {
      const x = a.keys[i], y = b.keys[i];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
}

/**
 * The table holding the newest click id counted in the rollups (migration
 * 050): one row on SQLite; on PostgreSQL one row per node (`node`, migration
 * 002), each node counting its own clicks (`clicks.node`).
 */
export const WATERMARK_TABLE = "rollup_watermark";

/**
 * One cube's share of the stored clicks after the watermark `?1`, added from
 * raw rows with the same key expressions as the triggers (a daily cube takes
 * only the clicks of sealed hours); with `ofNode`, only the clicks of node `?2`.
 */
function tailSql(cube: Cube, ofNode: boolean): string {
  const keys = cube.keys.map((k) => keySql(k, "r", "r.ts"));
  const sums = SUMS.map((s) =>
    (
      {
        clicks: "count(*)",
        unique_clicks: "sum(r.is_unique)",
        bots: "sum(r.is_bot)",
        lp_clicks: "sum(r.lp_click_ts IS NOT NULL)",
        cost: "sum(r.cost)",
      } as Record<string, string>
    )[s] ?? "0"
  );
  const sealed = cube.tier === "day"
    ? ` AND r.ts / ${MS_HOUR} < (SELECT hour FROM ${SEALED_TABLE})`
    : "";
  const set = CLICK_SUMS.map((s) => `${s} = ${s} + excluded.${s}`).join(", ");
  return `INSERT INTO ${cube.table} (${[...cube.keys.map((k) => k.name), ...SUMS].join(", ")})
    SELECT ${[...keys, ...sums].join(", ")} FROM clicks r
    WHERE r.id > ?1${ofNode ? " AND r.node = ?2" : ""}${sealed}
    GROUP BY ${keys.map((_, i) => i + 1).join(", ")} ON CONFLICT DO UPDATE SET ${set}`;
}

/**
 * New clicks' sums by rollup key, kept in memory between flushes (decision
 * 110). `flush` (inside a transaction) writes them and moves the watermark to
 * the newest click counted, so a crash loses nothing: `recover` adds the
 * stored clicks after the watermark from raw rows.
 */
export class ClickRollups {
  readonly #cubes: CubeSums[];
  readonly #ids = new KeyIds();
  readonly #late: LateSums[];
  readonly #sealed: Statement;
  readonly #seal: Statement;
  readonly #folds: Statement[];
  readonly #readMark: Statement;
  readonly #mark: Statement;
  readonly #tails: Statement[];
  readonly #newestStored: Statement;
  /** The node's own watermark and clicks (PostgreSQL), or every click (SQLite: one node). */
  readonly #of: string[];
  #firstHour = Infinity;
  #lastHour = -1;
  #watermark: string;
  #newest = "";
  /** Clicks added since the last flush. */
  pending = 0;

  /** `node`: the node whose clicks these are (PostgreSQL, several nodes); null on SQLite. */
  constructor(readonly db: Db, readonly node: string | null = null) {
    this.#cubes = HOURLY.map((cube) => new CubeSums(db, cube));
    this.#late = DAILY.map((cube) =>
      new LateSums(db, cube, this.#cubes.find((s) => s.cube === cube.hourly)!)
    );
    this.#sealed = db.prepare(
      `SELECT hour FROM ${SEALED_TABLE}${node === null ? "" : " FOR UPDATE"}`,
    );
    this.#seal = db.prepare(`UPDATE ${SEALED_TABLE} SET hour = ?`);
    this.#folds = DAILY.map((cube) => db.prepare(foldSql(cube)));
    const mine = node === null ? "" : " WHERE node = ?";
    this.#of = node === null ? [] : [node];
    if (node !== null) {
      // A node's first start: its clicks are all newer than the newest mark of any node.
      db.prepare(
        `INSERT INTO ${WATERMARK_TABLE} (node, click_id)
         SELECT ?, coalesce(max(click_id), '') FROM ${WATERMARK_TABLE} ON CONFLICT DO NOTHING`,
      ).run(node);
    }
    this.#readMark = db.prepare(`SELECT click_id FROM ${WATERMARK_TABLE}${mine}`);
    this.#mark = db.prepare(`UPDATE ${WATERMARK_TABLE} SET click_id = max(click_id, ?)${mine}`);
    this.#tails = [...HOURLY, ...DAILY].map((cube) => db.prepare(tailSql(cube, node !== null)));
    this.#newestStored = db.prepare(
      node === null
        ? "SELECT coalesce(max(id), '') AS id FROM clicks"
        : "SELECT coalesce(max(id), '') AS id FROM clicks WHERE id > ? AND node = ?",
    );
    this.#watermark = this.#readWatermark();
  }

  #readWatermark(): string {
    return String(this.#readMark.get(...this.#of)!.click_id);
  }

  /** The newest click id whose contribution is written (every stored click up to it is). */
  get watermark(): string {
    return this.#watermark;
  }

  /** Distinct keys waiting in the largest cube. */
  get keys(): number {
    let n = 0;
    for (const cube of this.#cubes) n = Math.max(n, cube.pending.size);
    return n;
  }

  /** Counts one inserted click (`id`: its click id, for the watermark). */
  add(click: RollupClick, id: string): void {
    const ids = this.#ids;
    ids.read(click);
    for (const cube of this.#cubes) cube.add(click, ids);
    const hour = Math.trunc(click.ts / MS_HOUR);
    if (hour > this.#lastHour) this.#lastHour = hour;
    if (hour < this.#firstHour) this.#firstHour = hour;
    if (id > this.#newest) this.#newest = id;
    this.pending++;
  }

  /**
   * Writes the pending sums: one upsert per distinct key of each hourly cube.
   * When the newest click (never later than the clock) is in a later hour
   * than the sealed one, the hours between are folded into the daily tier.
   * The watermark moves to the newest click written.
   */
  flush(): void {
    if (this.#lastHour < 0) return;
    // Several nodes (PostgreSQL): keys in one order, and the sealed hour locked while it is read,
    // folded and moved, so two nodes never fold the same hours.
    const several = this.node !== null;
    for (const cube of this.#cubes) cube.flush(several);
    const sealed = Number(this.#sealed.get()!.hour);
    if (this.#firstHour < sealed) { for (const late of this.#late) late.flush(sealed, several); }
    const seal = Math.min(this.#lastHour, Math.floor(Date.now() / MS_HOUR));
    if (seal > sealed) {
      for (const fold of this.#folds) fold.run(sealed, seal);
      this.#seal.run(seal);
    }
    this.#mark.run(this.#newest, ...this.#of);
    if (this.#newest > this.#watermark) this.#watermark = this.#newest;
    this.clear();
  }

  /**
   * Adds the stored clicks after the watermark (a crash lost their sums, or a
   * transaction that held them rolled back) and moves the watermark past
   * them; drops what is pending (call inside a transaction, before new clicks).
   */
  recover(): void {
    this.clear();
    this.#watermark = this.#readWatermark();
    for (const tail of this.#tails) tail.run(this.#watermark, ...this.#of);
    const newest = this.node === null
      ? this.#newestStored.get()!.id
      : this.#newestStored.get(this.#watermark, this.node)!.id;
    this.#mark.run(String(newest), ...this.#of);
    this.#watermark = this.#readWatermark();
  }

  /** Drops pending sums (their transaction rolled back). */
  clear(): void {
    for (const cube of this.#cubes) cube.clear();
    this.#ids.clear();
    for (const late of this.#late) late.clear();
    this.#firstHour = Infinity;
    this.#lastHour = -1;
    this.#newest = "";
    this.pending = 0;
  }
}
