/**
 * What the shared entity code needs to know about one entity type: its
 * table, its columns and how they map to the contract, what it references
 * and how its stats are keyed. Each feature folder declares one.
 */
import { ENTITY_TYPES } from "../../contracts/rights.ts";
import type { z } from "zod";
import type { GroupType } from "../../contracts/group.ts";
import type { PermissionSubject } from "../../contracts/user.ts";
import type { Db } from "../db/connection.ts";
import type { UserRow } from "../users/store.ts";

/** An entity as plain values, keyed by contract field names. */
export type Values = Record<string, unknown>;

/** How a contract field is stored: `money` is integer micro-units, `json` is JSON text. */
export type ColumnKind = "text" | "int" | "real" | "bool" | "money" | "json";

/** One contract field ↔ one column. */
export type Column = { field: string; column: string; kind: ColumnKind };

/** A field issue, as the 400 answer lists it. */
export type Issue = { path: string; message: string };

/** One id an entity refers to, with where in the input it sits. */
export type Ref = {
  path: ReadonlyArray<string | number>;
  table: string;
  id: number;
  /** For group references: the group type the entity needs. */
  groupType?: GroupType;
};

/** Tables that can be referenced or own references, with their labels in messages. */
export const TABLE_LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.values(ENTITY_TYPES).map((type) => [type.table, type.one])),
  users: "User",
};

/**
 * The per-entity definition the shared list/get/create/patch/archive/clone
 * code runs on. `E` is the entity as stored and answered, `I` its create
 * input (the contract's output): the store and the services return `E`, and
 * the hooks get the typed values. The hooks are methods, so definitions of
 * every type fit in one list (`EntityDef` with the defaults).
 */
export type EntityDef<E = Values, I = Values> = {
  /** Whose rights guard it: an entity type, or `user` (admins only). */
  subject: PermissionSubject | "user";
  table: string;
  /** The column holding `name` (users keep it in `username`). */
  nameColumn?: string;
  /** Columns beyond id, name, group_id, notes, created_at, updated_at, archived. */
  columns: Column[];
  create: z.ZodType<I>;
  patch: z.ZodType<Values>;
  /** The group type its `groupId` must point at; absent when the entity is not grouped. */
  groupType?: GroupType;
  /** The ids this entity's values refer to (beyond its group). */
  refs?(values: I): Ref[];
  /** How clicks are keyed to this entity (`key` is an SQL expression over `c`, clicks). */
  stats?: { key: string; join?: string };
  /**
   * Fields that set money for what comes after (an offer's payout, a campaign's cost): every
   * change to one is recorded with who, when, before and after (`entity_changes`, decision 185).
   */
  moneyFields?: readonly string[];
  /** Extra columns `search` looks in, besides the name and the id. */
  searchColumns?: string[];
  /** Fills server-made fields on create and clone (a campaign's key). */
  onInsert?(values: I): I;
  /** Adjusts a copy's values before it is inserted (unique fields, defaults). */
  onClone?(db: Db, values: E): Values;
  /** Runs inside the write's transaction, after it (a domain's single default). */
  afterWrite?(db: Db, id: number, values: I): void;
  /** Warnings answered with a save that still succeeds (`warnings` beside the entity). */
  warnings?(values: E): Issue[];
  /** Checks that need the database, beyond references. */
  check?(db: Db, values: I, id: number | undefined): Issue[];
  /**
   * Refuses (throws 403) a user who may write this type but not what these
   * values reach (a trigger's watched type and actions). Gets the values a
   * create, patch, mass patch, clone or restore would store, not yet validated.
   */
  authorise?(user: UserRow, values: Values): void;
};

/** The columns every entity table starts with. */
export const BASE_COLUMNS: Column[] = [
  { field: "id", column: "id", kind: "int" },
  { field: "name", column: "name", kind: "text" },
  { field: "groupId", column: "group_id", kind: "int" },
  { field: "notes", column: "notes", kind: "text" },
  { field: "createdAt", column: "created_at", kind: "int" },
  { field: "updatedAt", column: "updated_at", kind: "int" },
  { field: "archived", column: "archived", kind: "bool" },
];

/** Short column declarations: `["payoutMode", "text"]` maps to `payout_mode`. */
export function columns(list: ReadonlyArray<readonly [string, ColumnKind]>): Column[] {
  return list.map(([field, kind]) => ({
    field,
    column: field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    kind,
  }));
}
