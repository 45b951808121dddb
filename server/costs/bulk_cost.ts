/**
 * Writes many clicks' new costs at once (decision 160). Row by row, the click
 * update triggers of decisions 060/061 move each click's whole contribution
 * out of and back into every cube (~30 µs a click, even when they do nothing
 * they cost ~20 µs). Here, inside the caller's transaction, those two
 * triggers are set aside, the costs are written in one statement, every
 * cube's key values of the changed clicks are read once into a temporary
 * table (each click twice: its old cost leaves its old currency's row, the
 * new one arrives at its new currency's), each cube gets the summed
 * differences per key in one small `INSERT … GROUP BY`, and the triggers are
 * put back as they were. The transaction makes it all or nothing. The caller
 * flushes the in-memory rollups first (decision 110).
 */
import { type Db, dialectOf } from "../db/connection.ts";
import { type Cube, CUBES, keySql, MS_HOUR, SEALED_TABLE, SUMS } from "../reports/rollup_schema.ts";

/** The triggers that would otherwise move each click's cost one by one. */
const COST_TRIGGERS = ["rollup_click_update", "rollup_click_update_day"];

/** A click's new cost (micro-units) and currency, and the cost and currency it had. */
export type CostChange = {
  id: string;
  cost: number;
  currency: string;
  before: number;
  beforeCurrency: string;
};

/**
 * Every cube key by name, with its SQL over click `k` in currency `d.c`, a
 * dictionary fact from the click's place `p` or user agent `u` joined once.
 */
export function keyColumns(): Map<string, string> {
  const columns = new Map<string, string>();
  for (const cube of CUBES) {
    for (const key of cube.keys) {
      columns.set(key.name, key.joined ?? keySql(key, "k", "k.ts", "d.c"));
    }
  }
  return columns;
}

/**
 * Each changed click with every cube's key values: once with the difference
 * when its currency stays, else twice (old cost out of its old currency's
 * rows, new cost into its new currency's).
 */
function stageKeysSql(columns: Map<string, string>): string {
  const select = [...columns].map(([name, sql]) => `${sql} AS ${name}`).join(", ");
  return `INSERT INTO temp.cost_keys
    SELECT k.ts AS ts, ${select}, d.v AS v FROM (
      SELECT id, currency AS c, cost - before AS v FROM temp.cost_change
        WHERE currency = before_currency
      UNION ALL
      SELECT id, before_currency AS c, -before AS v FROM temp.cost_change
        WHERE currency != before_currency
      UNION ALL
      SELECT id, currency AS c, cost AS v FROM temp.cost_change
        WHERE currency != before_currency
    ) d CROSS JOIN clicks k ON k.id = d.id
    LEFT JOIN places p ON p.id = k.place_id LEFT JOIN user_agents u ON u.id = k.ua_id`;
}

/** One cube's summed differences from the staged keys. */
function deltaSql(cube: Cube): string {
  const names = cube.keys.map((k) => k.name);
  // The daily tier holds sealed hours only; later hours reach it when they are folded.
  const sealed = cube.tier === "day"
    ? ` WHERE (ts / ${MS_HOUR}) < (SELECT hour FROM ${SEALED_TABLE})`
    : "";
  const sums = SUMS.map((s) => (s === "cost" ? "sum(v)" : "0"));
  return `INSERT INTO ${cube.table} (${[...names, ...SUMS].join(", ")})
    SELECT ${[...names, ...sums].join(", ")} FROM temp.cost_keys${sealed}
    GROUP BY ${names.join(", ")} HAVING sum(v) != 0
    ON CONFLICT DO UPDATE SET cost = cost + excluded.cost`;
}

const STAGE_COLUMNS = "(id, cost, currency, before, before_currency)";

/** The temporary tables of a bulk write, emptied. */
export function stagingTables(db: Db, columns: Map<string, string>): void {
  db.exec(
    `CREATE TEMP TABLE IF NOT EXISTS cost_change (id TEXT PRIMARY KEY, cost INTEGER NOT NULL,
       currency TEXT NOT NULL, before INTEGER NOT NULL, before_currency TEXT NOT NULL) WITHOUT ROWID`,
  );
  // Typed columns: PostgreSQL needs them, SQLite keeps the values as they come.
  const types = new Map(CUBES.flatMap((c) => c.keys.map((k) => [k.name, k.type])));
  const typed = [...columns.keys()].map((name) => `${name} ${types.get(name) ?? ""}`);
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS cost_keys (ts INTEGER, ${typed.join(", ")}, v INTEGER)`);
  db.exec("DELETE FROM temp.cost_change");
  db.exec("DELETE FROM temp.cost_keys");
}

/** Moves `cubes` by the differences staged in `temp.cost_keys`, then empties it. */
export function applyStagedKeys(db: Db, cubes: readonly Cube[]): void {
  for (const cube of cubes) db.exec(deltaSql(cube));
  db.exec("DELETE FROM temp.cost_keys");
}

/**
 * Runs `write` (an update of clicks' cost) with the per-row cost triggers set
 * aside: dropped and made again on SQLite; on PostgreSQL (where dropping
 * would lock `clicks` against the click writer) this connection's
 * `rotor.cost_triggers_aside` setting makes them return at once.
 */
export function withCostTriggersAside(db: Db, write: () => void): void {
  if (dialectOf(db) === "postgres") {
    db.prepare("SELECT set_config('rotor.cost_triggers_aside', 'on', false)").get();
    try {
      write();
    } finally {
      db.prepare("SELECT set_config('rotor.cost_triggers_aside', '', false)").get();
    }
    return;
  }
  const triggers = db.prepare(
    `SELECT name, sql FROM sqlite_master WHERE type = 'trigger'
       AND name IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(COST_TRIGGERS));
  for (const t of triggers) db.exec(`DROP TRIGGER ${String(t.name)}`);
  write();
  for (const t of triggers) db.exec(String(t.sql));
}

/**
 * Sets every click's cost in `changes`; call inside a transaction. With
 * `keepFor`, each click's old cost is kept under that cost update (for undo).
 */
export function writeClickCosts(db: Db, changes: readonly CostChange[], keepFor?: number): void {
  if (changes.length === 0) return;
  const columns = keyColumns();
  stagingTables(db, columns);
  db.prepare(
    `INSERT INTO temp.cost_change ${STAGE_COLUMNS}
     SELECT value ->> 0, CAST(value ->> 1 AS INTEGER), value ->> 2, CAST(value ->> 3 AS INTEGER),
       value ->> 4 FROM json_each(?)`,
  ).run(JSON.stringify(changes.map((c) => [c.id, c.cost, c.currency, c.before, c.beforeCurrency])));
  if (keepFor !== undefined) {
    db.prepare(
      `INSERT INTO cost_update_clicks (update_id, click_id, before, before_currency)
       SELECT ?, id, before, before_currency FROM temp.cost_change`,
    ).run(keepFor);
  }
  db.exec(stageKeysSql(columns));
  withCostTriggersAside(db, () =>
    db.exec(
      `UPDATE clicks SET cost = d.cost, cost_currency = d.currency
       FROM temp.cost_change d WHERE d.id = clicks.id`,
    ));
  applyStagedKeys(db, CUBES);
  db.exec("DELETE FROM temp.cost_change");
}
