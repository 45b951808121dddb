/**
 * Entity rules shared by every resource: get, create, patch, archive,
 * restore, clone and mass edit. Each write runs in one transaction, checks
 * the contract and the references, and keeps `entity_refs` current.
 */
import { type Db, transaction } from "../db/connection.ts";
import { bumpEntityVersion } from "../db/entity_version.ts";
import { HttpError, notFound, validationError } from "../errors.ts";
import { type EntityDef, TABLE_LABELS, type Values } from "./definition.ts";
import { assertUnused, checkRefs, saveRefs } from "./refs.ts";
import { insertRow, selectById, setArchived, updateRow } from "./store.ts";
import { recordMoneyChanges } from "./changes.ts";

const COPY_SUFFIX = " (copy)";

function committed<T>(db: Db, fn: () => T): T {
  const result = transaction(db, fn);
  bumpEntityVersion(db);
  return result;
}

function label(def: Pick<EntityDef, "table">): string {
  return TABLE_LABELS[def.table] ?? def.table;
}

/** The entity with `id`, archived or not; 404 when there is none. */
export function getEntity<E extends Values, I extends Values>(
  db: Db,
  def: EntityDef<E, I>,
  id: number,
): E {
  const found = selectById(def, db, id);
  if (!found) throw notFound(`${label(def)} ${id} not found`);
  return found;
}

function assertValid<I extends Values>(
  db: Db,
  def: EntityDef<Values, I>,
  values: I,
  id: number | undefined,
): void {
  const issues = [...checkRefs(db, def, values), ...(def.check?.(db, values, id) ?? [])];
  if (issues.length > 0) throw validationError(issues.map((i) => ({ ...i, path: [i.path] })));
}

/** Inserts a validated create input inside the caller's transaction (import runs many in one). */
export function insertEntity<E extends Values, I extends Values>(
  db: Db,
  def: EntityDef<E, I>,
  input: I,
): E {
  const values = def.onInsert ? def.onInsert(input) : input;
  assertValid(db, def, values, undefined);
  const id = insertRow(def, db, values);
  saveRefs(db, def, id, values);
  def.afterWrite?.(db, id, values);
  return getEntity(db, def, id);
}

/** Creates an entity from a validated create input. */
export function createEntity<E extends Values, I extends Values>(
  db: Db,
  def: EntityDef<E, I>,
  input: I,
): E {
  return committed(db, () => insertEntity(db, def, input));
}

function applyPatch<E extends Values, I extends Values>(
  db: Db,
  def: EntityDef<E, I>,
  id: number,
  patch: Values,
  author: string,
): E {
  const existing = getEntity(db, def, id);
  // The merged entity must still satisfy the whole create contract.
  const merged = def.create.safeParse({ ...existing, ...patch });
  if (!merged.success) throw validationError(merged.error.issues);
  assertValid(db, def, merged.data, id);
  updateRow(def, db, id, merged.data);
  saveRefs(db, def, id, merged.data);
  def.afterWrite?.(db, id, merged.data);
  const saved = getEntity(db, def, id);
  recordMoneyChanges(db, def, id, { before: existing, after: saved }, { author, at: Date.now() });
  return saved;
}

/**
 * Applies a validated patch to entity `id`; `author` (a user's name, a trigger) is on record
 * beside each money field it changes.
 */
export function patchEntity<E extends Values, I extends Values>(
  db: Db,
  def: EntityDef<E, I>,
  id: number,
  patch: Values,
  author: string,
): E {
  return committed(db, () => applyPatch(db, def, id, patch, author));
}

/** Applies one patch to many entities: all of them change, or none. */
export function massPatchEntities<E extends Values, I extends Values>(
  db: Db,
  def: EntityDef<E, I>,
  input: { ids: number[]; patch: Values },
  author: string,
): E[] {
  return committed(db, () =>
    [...new Set(input.ids)].map((id) => {
      try {
        return applyPatch(db, def, id, input.patch, author);
      } catch (err) {
        if (!(err instanceof HttpError) || err.status === 404) throw err;
        throw new HttpError(
          err.status,
          err.code,
          `${label(def)} ${id}: ${err.message}`,
          err.options,
        );
      }
    }));
}

/** Archives entity `id`; 409 with who uses it while live entities refer to it. */
export function archiveEntity<E extends Values, I extends Values>(
  db: Db,
  def: EntityDef<E, I>,
  id: number,
): E {
  return committed(db, () => {
    const existing = getEntity(db, def, id);
    if (existing.archived) return existing;
    assertUnused(db, def.table, id);
    setArchived(def, db, id, true);
    return getEntity(db, def, id);
  });
}

/** Brings an archived entity back. */
export function restoreEntity<E extends Values, I extends Values>(
  db: Db,
  def: EntityDef<E, I>,
  id: number,
): E {
  return committed(db, () => {
    getEntity(db, def, id);
    setArchived(def, db, id, false);
    return getEntity(db, def, id);
  });
}

/** The name of a copy: the original's plus " (copy)", within 255 characters. */
export function copyName(name: string): string {
  return name.slice(0, 255 - COPY_SUFFIX.length) + COPY_SUFFIX;
}

/** Creates a copy of entity `id` (named "… (copy)", with fresh server-made fields). */
export function cloneEntity<E extends Values, I extends Values>(
  db: Db,
  def: EntityDef<E, I>,
  id: number,
): E {
  return committed(db, () => {
    const existing = getEntity(db, def, id);
    const copy = { ...existing, name: copyName(String(existing.name)) };
    return insertEntity(db, def, def.create.parse(def.onClone?.(db, copy) ?? copy));
  });
}
