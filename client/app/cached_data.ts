/**
 * Cached data (SPEC §3, §4, §9): a record of data and an expiry one hour ahead, in seconds.
 * Served first, then refreshed: expired → shown and reloaded at once; valid → shown and
 * reloaded after a delay; absent → loaded with a visible loading state.
 */
import { DEFAULT_DELAY_MS } from "./helpers.ts";

/** Lifetime of a cached record in seconds. */
export const CACHE_LIFETIME_S = 3600;
/** How long the query cache keeps data nobody uses. */
export const UNUSED_DATA_TTL_MS = 30 * 60 * 1000;

/** What is stored. `expiresAt` is in seconds since the epoch. */
export interface CachedRecord<T> {
  data: T;
  expiresAt: number;
}

/** The current time in whole seconds. */
export function nowSeconds(now = Date.now()): number {
  return Math.floor(now / 1000);
}

/** A record for `data` that expires one hour after `now` (seconds). */
export function makeRecord<T>(data: T, now: number): CachedRecord<T> {
  return { data, expiresAt: now + CACHE_LIFETIME_S };
}

/** The three cache states. */
export type CacheState = "absent" | "expired" | "valid";

/** Whether a stored value is a usable record. */
export function isRecord(value: unknown): value is CachedRecord<unknown> {
  return typeof value === "object" && value !== null && "data" in value &&
    typeof (value as { expiresAt?: unknown }).expiresAt === "number";
}

/** The state of a record at `now` (seconds). */
export function cacheState(record: unknown, now: number): CacheState {
  if (!isRecord(record)) return "absent";
  return record.expiresAt <= now ? "expired" : "valid";
}

/** What to do for a state: show the cached data or a loading state, and when to reload. */
export interface ReloadPlan {
  showCached: boolean;
  loading: boolean;
  reloadAfterMs: number;
}

/** The plan for each state; `delayMs` is the valid-state delay (1000 ms unless told). */
export function reloadPlan(state: CacheState, delayMs = DEFAULT_DELAY_MS): ReloadPlan {
  if (state === "absent") return { showCached: false, loading: true, reloadAfterMs: 0 };
  if (state === "expired") return { showCached: true, loading: false, reloadAfterMs: 0 };
  return { showCached: true, loading: false, reloadAfterMs: delayMs };
}

/** The subset of SWR's cache the panel's provider implements. */
export interface QueryCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  keys(): IterableIterator<string>;
}

/** A query cache that drops entries nobody read or wrote for `ttlMs` (30 minutes). */
export function expiringCache<V>(
  ttlMs = UNUSED_DATA_TTL_MS,
  now: () => number = Date.now,
): QueryCache<V> {
  const entries = new Map<string, { value: V; usedAt: number }>();
  const sweep = () => {
    const limit = now() - ttlMs;
    for (const [key, entry] of entries) if (entry.usedAt < limit) entries.delete(key);
  };
  return {
    get(key) {
      sweep();
      const entry = entries.get(key);
      if (entry) entry.usedAt = now();
      return entry?.value;
    },
    set(key, value) {
      sweep();
      entries.set(key, { value, usedAt: now() });
    },
    delete: (key) => void entries.delete(key),
    keys() {
      sweep();
      return entries.keys();
    },
  };
}
