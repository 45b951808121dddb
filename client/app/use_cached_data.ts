/**
 * Cached data served first, then refreshed (SPEC §4): one SWR hook over a stored record.
 * Expired → shown and reloaded at once; valid → shown and reloaded after the delay;
 * absent → loaded with a visible loading state.
 */
import { useEffect, useState } from "react";
import useSWR from "swr";
import {
  type CachedRecord,
  type CacheState,
  cacheState,
  makeRecord,
  nowSeconds,
  reloadPlan,
} from "./cached_data.ts";
import { DEFAULT_DELAY_MS } from "./helpers.ts";
import { browserStore, type KeyValueStore, memoryStore, readJson, writeJson } from "./storage.ts";

/** Records that must not reach local storage (secrets) stay here for the page's life. */
const volatile = memoryStore();

/** Options of `useCachedData`. */
export interface CachedDataOptions {
  /** Delay before a valid record is reloaded (1000 ms unless told). */
  delayMs?: number;
  /** Keep the record in local storage (default) or only in memory. */
  persist?: boolean;
}

/** What the hook gives. */
export interface CachedData<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  state: CacheState;
  reload(): void;
}

/** Reads `key` through the cache record, fetching with `fetcher`. */
export function useCachedData<T>(
  key: string,
  fetcher: () => Promise<T>,
  options: CachedDataOptions = {},
): CachedData<T> {
  const store: KeyValueStore = options.persist === false ? volatile : browserStore();
  const storageKey = `cache:${key}`;
  const [initial] = useState(() => readJson(store, storageKey) as CachedRecord<T> | undefined);
  const state = cacheState(initial, nowSeconds());
  const plan = reloadPlan(state, options.delayMs ?? DEFAULT_DELAY_MS);
  const swr = useSWR(key, async () => {
    const data = await fetcher();
    writeJson(store, storageKey, makeRecord(data, nowSeconds()));
    return data;
  }, {
    fallbackData: plan.showCached ? initial?.data : undefined,
    revalidateOnMount: false,
  });
  const { mutate } = swr;
  useEffect(() => {
    const timer = setTimeout(() => void mutate(), plan.reloadAfterMs);
    return () => clearTimeout(timer);
  }, [key, mutate, plan.reloadAfterMs]);
  return {
    data: swr.data,
    error: swr.error,
    isLoading: swr.data === undefined && swr.error === undefined,
    state,
    reload: () => void mutate(),
  };
}
