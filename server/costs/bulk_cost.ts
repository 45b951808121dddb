/**
 * Writes many clicks' new costs at once (decision 160). Row by row, the click
 * update triggers of decisions 060/061 move each click's whole contribution
 * out of and back into every cube (~30 µs a click: 3 s for 100k clicks, with
 * the click path waiting). Here, inside the caller's transaction, those two
 * triggers are set aside, the costs are written in one statement, each cube
 * gets the summed differences per key in one `INSERT … GROUP BY`, and the
 * triggers are put back as they were. The transaction makes it all or nothing.
 * The caller flushes the in-memory rollups first (decision 110), so every
 * changed click is already counted in the cubes.
 */
import type { Db } from "../db/connection.ts";
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
 * One cube's summed differences: each changed click's old cost leaves the
 * row of its old currency, the new one arrives at the row of its new one.
 */
function deltaSql(cube: Cube): string {
  const keysIn = (c: string) => cube.keys.map((k) => keySql(k, "k", "k.ts", c));
  const sums = (cost: string) => SUMS.map((s) => (s === "cost" ? cost : "0"));
  const groups = cube.keys.map((_, i) => i + 1).join(", ");
  // The daily tier holds sealed hours only; later hours reach it when they are folded.
  const sealed = cube.tier === "day"
    ? ` AND (k.ts / ${MS_HOUR}) < (SELECT hour FROM ${SEALED_TABLE})`
    : "";
  const from = `FROM temp.cost_change d JOIN clicks k ON k.id = d.id
      WHERE (d.cost != d.before OR d.currency != d.before_currency)${sealed}`;
  return `INSERT INTO ${cube.table} (${[...cube.keys.map((k) => k.name), ...SUMS].join(", ")})
    SELECT ${[...keysIn("c"), ...sums("sum(v)")].join(", ")} FROM (
      SELECT k.*, d.before_currency AS c, -d.before AS v ${from}
      UNION ALL
      SELECT k.*, d.currency AS c, d.cost AS v ${from}
    ) k
    GROUP BY ${groups}
    ON CONFLICT DO UPDATE SET cost = cost + excluded.cost`;
}

/** Rows a multi-row insert carries (5 parameters each, well under SQLite's limit). */
const CHUNK = 500;

const STAGE_COLUMNS = "(id, cost, currency, before, before_currency)";

/** Stages `changes` in the temporary table, `CHUNK` rows a statement. */
function stage(db: Db, changes: readonly CostChange[]): void {
  const row = "(?, ?, ?, ?, ?)";
  const sql = (n: number) =>
    `INSERT INTO temp.cost_change ${STAGE_COLUMNS} VALUES ${Array(n).fill(row).join(", ")}`;
  const full = db.prepare(sql(CHUNK));
  for (let i = 0; i < changes.length; i += CHUNK) {
    const part = changes.slice(i, i + CHUNK);
    const values = part.flatMap((c) => [c.id, c.cost, c.currency, c.before, c.beforeCurrency]);
    if (part.length === CHUNK) full.run(...values);
    else db.prepare(sql(part.length)).run(...values);
  }
}

/**
 * Sets every click's cost in `changes`; call inside a transaction. With
 * `keepFor`, each click's old cost is kept under that cost update (for undo).
 */
export function writeClickCosts(db: Db, changes: readonly CostChange[], keepFor?: number): void {
  if (changes.length === 0) return;
  db.exec(
    `CREATE TEMP TABLE IF NOT EXISTS cost_change (id TEXT PRIMARY KEY, cost INTEGER NOT NULL,
       currency TEXT NOT NULL, before INTEGER NOT NULL, before_currency TEXT NOT NULL) WITHOUT ROWID`,
  );
  db.exec("DELETE FROM temp.cost_change");
  stage(db, changes);
  if (keepFor !== undefined) {
    db.prepare(
      `INSERT INTO cost_update_clicks (update_id, click_id, before, before_currency)
       SELECT ?, id, before, before_currency FROM temp.cost_change`,
    ).run(keepFor);
  }
  const triggers = db.prepare(
    `SELECT name, sql FROM sqlite_master WHERE type = 'trigger'
       AND name IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(COST_TRIGGERS));
  for (const t of triggers) db.exec(`DROP TRIGGER ${String(t.name)}`);
  db.exec(
    `UPDATE clicks SET cost = d.cost, cost_currency = d.currency
     FROM temp.cost_change d WHERE d.id = clicks.id`,
  );
  for (const cube of CUBES) db.exec(deltaSql(cube));
  for (const t of triggers) db.exec(String(t.sql));
  db.exec("DELETE FROM temp.cost_change");
}
