/** Which columns a list shows, kept per list in local storage (the column chooser). */
import { type KeyValueStore, readJson, writeJson } from "../app/storage.ts";

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
  const stored = readJson(store, columnsKey(options.list));
  if (!Array.isArray(stored) || !stored.every((k) => typeof k === "string")) {
    return [...options.hiddenByDefault];
  }
  return stored.filter((key) => options.known.includes(key));
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
