/**
 * Changes to the money an entity sets for what comes after it (decision 185): an
 * offer's payout, a campaign's cost. Each patch that changes one of the
 * definition's `moneyFields` writes a line per field, in the patch's
 * transaction: who, when, before and after, as the API shows the values.
 */
import type { Db } from "../db/connection.ts";
import type { EntityChange } from "../../contracts/entity_changes.ts";
import type { EntityDef, Values } from "./definition.ts";

/** Records the money fields `after` changed from `before`. */
export function recordMoneyChanges(
  db: Db,
  def: Pick<EntityDef, "table" | "moneyFields">,
  id: number,
  values: { before: Values; after: Values },
  by: { author: string; at: number },
): void {
  const changed = (def.moneyFields ?? []).filter((field) =>
    JSON.stringify(values.before[field] ?? null) !== JSON.stringify(values.after[field] ?? null)
  );
  if (changed.length === 0) return;
  const insert = db.prepare(
    `INSERT INTO entity_changes (entity_table, entity_id, ts, author, field, before, after)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const field of changed) {
    insert.run(
      def.table,
      id,
      by.at,
      by.author,
      field,
      JSON.stringify(values.before[field] ?? null),
      JSON.stringify(values.after[field] ?? null),
    );
  }
}

/** Entity `id`'s recorded money changes, newest first (one patch's in field order). */
export function moneyChanges(db: Db, def: Pick<EntityDef, "table">, id: number): EntityChange[] {
  return db.prepare(
    `SELECT ts, author, field, before, after FROM entity_changes
     WHERE entity_table = ? AND entity_id = ? ORDER BY ts DESC, id`,
  ).all(def.table, id).map((r) => ({
    ts: Number(r.ts),
    author: String(r.author),
    field: String(r.field),
    before: JSON.parse(String(r.before)),
    after: JSON.parse(String(r.after)),
  }));
}
