/**
 * SQL for every entity table, driven by its definition. Table and column
 * names come from definitions in code, never from a request.
 */
import type { SQLInputValue } from "node:sqlite";
import type { Db } from "../db/connection.ts";
import { fromMicros, toMicros } from "../money.ts";
import { BASE_COLUMNS, type Column, type EntityDef, type Values } from "./definition.ts";

/** Every column of the definition's table, base ones first. */
export function allColumns(def: Pick<EntityDef, "nameColumn" | "columns">): Column[] {
  const base = BASE_COLUMNS.map((c) =>
    c.field === "name" ? { ...c, column: def.nameColumn ?? "name" } : c
  );
  return [...base, ...def.columns];
}

function fromColumn(column: Column, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  switch (column.kind) {
    case "bool":
      return raw === 1 || raw === 1n;
    case "money":
      return fromMicros(Number(raw));
    case "json":
      return JSON.parse(String(raw));
    case "text":
      return String(raw);
    default:
      return Number(raw);
  }
}

function toColumn(column: Column, value: unknown): SQLInputValue {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case "bool":
      return value ? 1 : 0;
    case "money":
      return toMicros(Number(value));
    case "json":
      return JSON.stringify(value);
    case "text":
      return String(value);
    default:
      return Number(value);
  }
}

/**
 * A row as the definition's entity. Its columns map one to one to the
 * contract's fields (`entities_test.ts` checks each type's answers against
 * its declared schema), so the values are the entity.
 */
export function rowToValues<E extends Values>(def: EntityDef<E>, row: Record<string, unknown>): E {
  const values: Values = {};
  for (const column of allColumns(def)) {
    values[column.field] = fromColumn(column, row[column.column]);
  }
  return values as E;
}

function selectList(def: EntityDef): string {
  return [...new Set(allColumns(def).map((c) => c.column))].join(", ");
}

/** One row by id, archived or not. */
export function selectById<E extends Values>(def: EntityDef<E>, db: Db, id: number): E | undefined {
  const row = db.prepare(`SELECT ${selectList(def)} FROM ${def.table} WHERE id = ?`).get(id);
  return row ? rowToValues(def, row) : undefined;
}

/** Rows matching `where` (an SQL condition with `params`), ordered and paged. */
export function selectWhere<E extends Values>(
  def: EntityDef<E>,
  db: Db,
  query: {
    where: string;
    params: SQLInputValue[];
    orderBy: string;
    limit?: number;
    offset?: number;
  },
): E[] {
  const page = query.limit === undefined ? "" : ` LIMIT ${query.limit} OFFSET ${query.offset ?? 0}`;
  const sql = `SELECT ${selectList(def)} FROM ${def.table} WHERE ${query.where}` +
    ` ORDER BY ${query.orderBy}${page}`;
  return db.prepare(sql).all(...query.params).map((row) => rowToValues(def, row));
}

/** How many rows match `where`. */
export function countWhere(
  def: EntityDef,
  db: Db,
  query: { where: string; params: SQLInputValue[] },
): number {
  const row = db.prepare(`SELECT count(*) AS n FROM ${def.table} WHERE ${query.where}`)
    .get(...query.params);
  return Number(row?.n ?? 0);
}

function writable(def: EntityDef, values: Values): Column[] {
  const fixed = new Set(["id", "createdAt", "updatedAt", "archived"]);
  return allColumns(def).filter((c) => !fixed.has(c.field) && c.field in values);
}

/** Inserts `values`; returns the new id. */
export function insertRow(def: EntityDef, db: Db, values: Values): number {
  const cols = writable(def, values);
  const now = Date.now();
  const names = [...cols.map((c) => c.column), "created_at", "updated_at"];
  const sql = `INSERT INTO ${def.table} (${names.join(", ")}) VALUES (${
    names.map(() => "?").join(", ")
  }) RETURNING id`;
  const params = [...cols.map((c) => toColumn(c, values[c.field])), now, now];
  return Number(db.prepare(sql).get(...params)!.id);
}

/** Writes the fields present in `values` to row `id`. */
export function updateRow(def: EntityDef, db: Db, id: number, values: Values): void {
  const cols = writable(def, values);
  const sets = [...cols.map((c) => `${c.column} = ?`), "updated_at = ?"].join(", ");
  const params = [...cols.map((c) => toColumn(c, values[c.field])), Date.now(), id];
  db.prepare(`UPDATE ${def.table} SET ${sets} WHERE id = ?`).run(...params);
}

/** Archives or restores row `id`. */
export function setArchived(def: EntityDef, db: Db, id: number, archived: boolean): void {
  db.prepare(`UPDATE ${def.table} SET archived = ?, updated_at = ? WHERE id = ?`)
    .run(archived ? 1 : 0, Date.now(), id);
}
