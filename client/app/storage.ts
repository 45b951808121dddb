/**
 * The key-value storage every persisted client setting goes through. The browser's
 * `localStorage` in the panel, an in-memory map in tests.
 */

/** The part of `Storage` the panel needs. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A store kept in memory: for tests, and when the browser refuses storage. */
export function memoryStore(seed: Record<string, string> = {}): KeyValueStore {
  const map = new Map(Object.entries(seed));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

let fallback: KeyValueStore | undefined;

/** `localStorage`, or memory when it is missing or throws (private mode, quota). */
export function browserStore(): KeyValueStore {
  try {
    const probe = "__rotor_probe__";
    globalThis.localStorage.setItem(probe, probe);
    globalThis.localStorage.removeItem(probe);
    return globalThis.localStorage;
  } catch {
    fallback ??= memoryStore();
    return fallback;
  }
}

/** Reads a JSON value; `undefined` when absent or unreadable. */
export function readJson(store: KeyValueStore, key: string): unknown {
  const raw = store.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Writes a JSON value; storage failures are ignored (the setting then lives for the page only). */
export function writeJson(store: KeyValueStore, key: string, value: unknown): void {
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    // quota or privacy mode: keep going without persistence
  }
}
