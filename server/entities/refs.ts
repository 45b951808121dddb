/**
 * References between entities: checked before a write (400 with the field
 * that names a missing, archived or wrong-type entity), recorded after it in
 * `entity_refs`, and looked up before an archive (409 with who uses it).
 */
import type { Db } from "../db/connection.ts";
import { HttpError } from "../errors.ts";
import { type EntityDef, type Issue, type Ref, TABLE_LABELS, type Values } from "./definition.ts";

function knownTable(table: string): string {
  if (!(table in TABLE_LABELS)) throw new Error(`unknown entity table ${table}`);
  return table;
}

/** Every reference of `values`: its group (when set) and the definition's own. */
export function refsOf(def: EntityDef, values: Values): Ref[] {
  const refs = def.refs?.(values) ?? [];
  const groupId = values.groupId;
  if (typeof groupId === "number") {
    refs.push({ path: ["groupId"], table: "groups", id: groupId, groupType: def.groupType });
  }
  return refs;
}

/** Issues for references to entities that are missing, archived or of the wrong group type. */
export function checkRefs(db: Db, def: EntityDef, values: Values): Issue[] {
  const issues: Issue[] = [];
  for (const ref of refsOf(def, values)) {
    const path = ref.path.join(".");
    const label = TABLE_LABELS[knownTable(ref.table)];
    if (ref.table === "groups" && !def.groupType) {
      issues.push({ path, message: `${TABLE_LABELS[def.table]}s are not grouped` });
      continue;
    }
    const typeColumn = ref.table === "groups" ? ", type" : "";
    const row = db.prepare(`SELECT archived${typeColumn} FROM ${ref.table} WHERE id = ?`)
      .get(ref.id);
    if (!row) issues.push({ path, message: `${label} ${ref.id} does not exist` });
    else if (row.archived === 1) issues.push({ path, message: `${label} ${ref.id} is archived` });
    else if (ref.groupType && row.type !== ref.groupType) {
      issues.push({ path, message: `Group ${ref.id} holds ${row.type}s, not ${ref.groupType}s` });
    }
  }
  return issues;
}

/** Records what row `id` of `def` refers to now, replacing what it referred to before. */
export function saveRefs(db: Db, def: EntityDef, id: number, values: Values): void {
  db.prepare("DELETE FROM entity_refs WHERE owner_table = ? AND owner_id = ?").run(def.table, id);
  const insert = db.prepare(
    "INSERT OR IGNORE INTO entity_refs (owner_table, owner_id, ref_table, ref_id) VALUES (?, ?, ?, ?)",
  );
  for (const ref of refsOf(def, values)) insert.run(def.table, id, ref.table, ref.id);
}

/** The live (not archived) entities that refer to row `id` of `table`. */
export function usersOf(
  db: Db,
  table: string,
  id: number,
): Array<{ table: string; id: number; name: string }> {
  const owners = db.prepare(
    "SELECT owner_table, owner_id FROM entity_refs WHERE ref_table = ? AND ref_id = ? ORDER BY owner_table, owner_id",
  ).all(table, id);
  const found: Array<{ table: string; id: number; name: string }> = [];
  for (const owner of owners) {
    const ownerTable = knownTable(String(owner.owner_table));
    if (ownerTable === table && Number(owner.owner_id) === id) continue;
    const row = db.prepare(`SELECT name FROM ${ownerTable} WHERE id = ? AND archived = 0`)
      .get(Number(owner.owner_id));
    if (row) found.push({ table: ownerTable, id: Number(owner.owner_id), name: String(row.name) });
  }
  return found;
}

/** Refuses to archive row `id` of `table` while live entities use it (409, who uses it). */
export function assertUnused(db: Db, table: string, id: number): void {
  const users = usersOf(db, table, id);
  if (users.length === 0) return;
  const issues = users.map((u) => ({
    path: `usedBy.${u.table}.${u.id}`,
    message: `${TABLE_LABELS[u.table]} ${u.id} '${u.name}'`,
  }));
  const names = issues.slice(0, 5).map((i) => i.message).join(", ");
  const more = users.length > 5 ? ` and ${users.length - 5} more` : "";
  throw new HttpError(
    409,
    "IN_USE",
    `${TABLE_LABELS[table]} ${id} is used by ${names}${more}`,
    { issues },
  );
}
