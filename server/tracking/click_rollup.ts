/**
 * New clicks' share of the hourly rollups (decision 060), summed per
 * group-commit batch instead of by a per-row trigger (decision 054): the
 * writer adds each inserted click here, then `flush` runs one upsert per
 * distinct rollup key, inside the batch's transaction, so the rollups never
 * differ from the raw rows. Lander click-throughs and conversions are rare
 * and stay with the triggers.
 */
import type { Db } from "../db/connection.ts";
import { clickUpsertSql, CUBES } from "../reports/rollup_schema.ts";
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

/** How each key column reads from a click: the same defaults as the triggers' `coalesce`. */
const KEY_OF: Record<string, (c: RollupClick) => KeyValue> = {
  campaign_id: (c) => c.campaignId ?? 0,
  hour: (c) => Math.trunc(c.ts / 3_600_000), // SQLite integer division
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

/** One cube's pending sums, by key. */
type Pending = { keys: KeyValue[]; sums: [number, number, number, number, number] };

class CubeSums {
  readonly #upsert: MultiRowInsert;
  readonly #getters: ((c: RollupClick) => KeyValue)[];
  #pending = new Map<string, Pending>();

  constructor(db: Db, cube: (typeof CUBES)[number]) {
    this.#getters = cube.keys.map((k) => {
      const get = KEY_OF[k.name];
      if (!get) throw new Error(`rollup key ${cube.table}.${k.name} has no click value`);
      return get;
    });
    this.#upsert = new MultiRowInsert(db, clickUpsertSql(cube));
  }

  add(c: RollupClick): void {
    const keys = this.#getters.map((get) => get(c));
    const id = keys.join("\u0001");
    let p = this.#pending.get(id);
    if (!p) this.#pending.set(id, p = { keys, sums: [0, 0, 0, 0, 0] });
    const s = p.sums;
    s[0]++;
    if (c.isUnique) s[1]++;
    if (c.isBot) s[2]++;
    if (c.lpClick) s[3]++;
    s[4] += c.cost;
  }

  flush(): void {
    for (const p of this.#pending.values()) this.#upsert.add(...p.keys, ...p.sums);
    this.#upsert.flush();
    this.#pending.clear();
  }

  clear(): void {
    this.#pending.clear();
    this.#upsert.clear();
  }
}

/** Sums new clicks by rollup key; `flush` writes them (call inside the clicks' transaction). */
export class ClickRollups {
  readonly #cubes: CubeSums[];

  constructor(db: Db) {
    this.#cubes = CUBES.map((cube) => new CubeSums(db, cube));
  }

  /** Counts one inserted click. */
  add(click: RollupClick): void {
    for (const cube of this.#cubes) cube.add(click);
  }

  /** Writes the pending sums: one upsert per distinct key of each cube. */
  flush(): void {
    for (const cube of this.#cubes) cube.flush();
  }

  /** Drops pending sums (their transaction rolled back). */
  clear(): void {
    for (const cube of this.#cubes) cube.clear();
  }
}
