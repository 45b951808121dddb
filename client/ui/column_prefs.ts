/**
 * Which columns a list shows: the last choice kept per list in local storage,
 * and named column sets saved server-side (Settings → Columns) to pick from.
 */
import type { ColumnSet } from "../../contracts/settings.ts";
import { type KeyValueStore, readJson, writeJson } from "../app/storage.ts";

/** A list or report a column set belongs to. */
export type ColumnList = ColumnSet["list"];

/** The storage key of one list's hidden columns. */
export function columnsKey(list: string): string {
  return `columns.${list}`;
}

/**
 * The hidden column keys: the stored choice, limited to columns that still
 * exist, else the columns hidden by default.
 */
export function readHiddenColumns(
  store: KeyValueStore,
  options: { list: string; known: readonly string[]; hiddenByDefault: readonly string[] },
): string[] {
  return readStoredHidden(store, options) ?? [...options.hiddenByDefault];
}

/** Stores the hidden column keys. */
export function writeHiddenColumns(store: KeyValueStore, list: string, hidden: readonly string[]) {
  writeJson(store, columnsKey(list), [...new Set(hidden)]);
}

/** Shows or hides one column; the name column can never be hidden (rows need a handle). */
export function toggleColumn(hidden: readonly string[], key: string, pinned = "name"): string[] {
  if (key === pinned) return [...hidden];
  return hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key];
}

/**
 * The stored choice (limited to `known` columns when given), or `undefined`
 * when this browser has none or it is unreadable.
 */
export function readStoredHidden(
  store: KeyValueStore,
  options: { list: string; known?: readonly string[] },
): string[] | undefined {
  const stored = readJson(store, columnsKey(options.list));
  if (!Array.isArray(stored) || !stored.every((k) => typeof k === "string")) return undefined;
  const { known } = options;
  return known ? stored.filter((key) => known.includes(key)) : stored;
}

/**
 * The hidden columns that show exactly a saved set's `columns`: columns the
 * set does not name are hidden (added since it was saved, too), names that no
 * longer exist are ignored, and the pinned column always shows.
 */
export function hiddenForSet(
  columns: readonly string[],
  options: { known: readonly string[]; pinned?: string },
): string[] {
  return options.known.filter((key) => key !== options.pinned && !columns.includes(key));
}

/** Whether the shown columns are exactly those of a saved set. */
export function showsSet(
  hidden: readonly string[],
  columns: readonly string[],
  options: { known: readonly string[]; pinned?: string },
): boolean {
  const wanted = new Set(hiddenForSet(columns, options));
  const now = new Set(hidden.filter((key) => options.known.includes(key)));
  return wanted.size === now.size && [...wanted].every((key) => now.has(key));
}

/** The saved sets of one list, in the order they were saved. */
export function setsOf(sets: readonly ColumnSet[], list: ColumnList): ColumnSet[] {
  return sets.filter((set) => set.list === list);
}

/**
 * The sets with `set` saved: a set of the same list and name is replaced in
 * place (keeping whether it is the list's default), otherwise it is appended.
 */
export function withSet(
  sets: readonly ColumnSet[],
  set: { list: ColumnList; name: string; columns: readonly string[] },
): ColumnSet[] {
  const name = set.name.trim();
  const at = sets.findIndex((s) => s.list === set.list && s.name === name);
  const saved = { list: set.list, name, columns: [...set.columns], isDefault: false };
  if (at < 0) return [...sets, saved];
  return sets.map((s, i) => (i === at ? { ...saved, isDefault: s.isDefault } : s));
}

/** The sets without the list's set `name`. */
export function withoutSet(
  sets: readonly ColumnSet[],
  list: ColumnList,
  name: string,
): ColumnSet[] {
  return sets.filter((s) => !(s.list === list && s.name === name));
}
