/**
 * New clicks' share of the rollups (decisions 060 and 061), summed per
 * group-commit batch instead of by a per-row trigger (decision 054): the
 * writer adds each inserted click here, then `flush` runs one upsert per
 * distinct key of each hourly cube, inside the batch's transaction, so the
 * rollups never differ from the raw rows. The daily tier costs the batch
 * one read of the sealed hour: once an hour the first batch of the new hour
 * folds the finished hours into it (`foldSql`) and moves `rollup_sealed` on;
 * only a click in an already sealed hour (a clock set back) is added to both. Lander
 * click-throughs and conversions are rare and stay with the triggers.
 */
import type { StatementSync } from "node:sqlite";
import type { Db } from "../db/connection.ts";
import {
  clickUpsertSql,
  type Cube,
  DAILY,
  foldSql,
  HOURLY,
  MS_HOUR,
  SEALED_TABLE,
} from "../reports/rollup_schema.ts";
import { MultiRowInsert } from "./multi_row.ts";

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
  /** As stored in `places` (or "" when the click has no place). */
  country: string;
  /** As stored in `user_agents` for the click's user agent. */
  deviceType: string;
  os: string;
  browser: string;
  isUnique: boolean;
  isBot: boolean;
  lpClick: boolean;
  /** Micro-units. */
  cost: number;
};

type KeyValue = number | string;
type Sums = [number, number, number, number, number];
type Entry = { keys: KeyValue[]; sums: Sums };

/** How each key column reads from a click: the same defaults as the triggers' `coalesce`. */
const KEY_OF: Record<string, (c: RollupClick) => KeyValue> = {
  campaign_id: (c) => c.campaignId ?? 0,
  hour: (c) => Math.trunc(c.ts / MS_HOUR), // SQLite integer division
  traffic_source_id: (c) => c.trafficSourceId ?? 0,
  rotation_id: (c) => c.rotationId ?? 0,
  rule: (c) => c.rule ?? -1,
  path: (c) => c.path ?? -1,
  landing_id: (c) => c.landingId ?? 0,
  offer_id: (c) => c.offerId ?? 0,
  country: (c) => c.country,
  device_type: (c) => c.deviceType,
  os: (c) => c.os,
  browser: (c) => c.browser,
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
  pending = new Map<string, Entry>();

  constructor(db: Db, readonly cube: Cube) {
    this.#getters = cube.keys.map((k) => {
      const get = KEY_OF[k.name];
      if (!get) throw new Error(`rollup key ${cube.table}.${k.name} has no click value`);
      return get;
    });
    this.#upsert = new MultiRowInsert(db, clickUpsertSql(cube));
  }

  add(c: RollupClick): void {
    // Most clicks of a batch share a key: build only its text, and the key list once.
    const getters = this.#getters;
    let id = String(getters[0](c));
    for (let i = 1; i < getters.length; i++) id += "\u0001" + getters[i](c);
    let p = this.pending.get(id);
    if (!p) this.pending.set(id, p = { keys: getters.map((get) => get(c)), sums: [0, 0, 0, 0, 0] });
    const s = p.sums;
    s[0]++;
    if (c.isUnique) s[1]++;
    if (c.isBot) s[2]++;
    if (c.lpClick) s[3]++;
    s[4] += c.cost;
  }

  flush(): void {
    for (const p of this.pending.values()) this.#upsert.add(...p.keys, ...p.sums);
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
  flush(sealed: number): void {
    const late = new Map<string, Entry>();
    for (const p of this.source.pending.values()) {
      const hour = p.keys[this.#hourAt] as number;
      if (hour >= sealed) continue;
      const keys = this.#at.map((i) => (i === this.#hourAt ? Math.floor(hour / 24) : p.keys[i]));
      addTo(late, keys, p.sums);
    }
    for (const p of late.values()) this.#upsert.add(...p.keys, ...p.sums);
    this.#upsert.flush();
  }

  clear(): void {
    this.#upsert.clear();
  }
}

/** Sums new clicks by rollup key; `flush` writes them (call inside the clicks' transaction). */
export class ClickRollups {
  readonly #cubes: CubeSums[];
  readonly #late: LateSums[];
  readonly #sealed: StatementSync;
  readonly #seal: StatementSync;
  readonly #folds: StatementSync[];
  #firstHour = Infinity;
  #lastHour = -1;

  constructor(db: Db) {
    this.#cubes = HOURLY.map((cube) => new CubeSums(db, cube));
    this.#late = DAILY.map((cube) =>
      new LateSums(db, cube, this.#cubes.find((s) => s.cube === cube.hourly)!)
    );
    this.#sealed = db.prepare(`SELECT hour FROM ${SEALED_TABLE}`);
    this.#seal = db.prepare(`UPDATE ${SEALED_TABLE} SET hour = ?`);
    this.#folds = DAILY.map((cube) => db.prepare(foldSql(cube)));
  }

  /** Counts one inserted click. */
  add(click: RollupClick): void {
    for (const cube of this.#cubes) cube.add(click);
    const hour = Math.trunc(click.ts / MS_HOUR);
    if (hour > this.#lastHour) this.#lastHour = hour;
    if (hour < this.#firstHour) this.#firstHour = hour;
  }

  /**
   * Writes the pending sums: one upsert per distinct key of each hourly cube.
   * When the batch's newest click (never later than the clock) is in a later
   * hour than the sealed one, the hours between are folded into the daily tier.
   */
  flush(): void {
    if (this.#lastHour < 0) return;
    for (const cube of this.#cubes) cube.flush();
    const sealed = Number(this.#sealed.get()!.hour);
    if (this.#firstHour < sealed) { for (const late of this.#late) late.flush(sealed); }
    const seal = Math.min(this.#lastHour, Math.floor(Date.now() / MS_HOUR));
    if (seal > sealed) {
      for (const fold of this.#folds) fold.run(sealed, seal);
      this.#seal.run(seal);
    }
    this.clear();
  }

  /** Drops pending sums (their transaction rolled back). */
  clear(): void {
    for (const cube of this.#cubes) cube.clear();
    for (const late of this.#late) late.clear();
    this.#firstHour = Infinity;
    this.#lastHour = -1;
  }
}
