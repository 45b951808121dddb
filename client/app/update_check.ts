/**
 * Update availability (SPEC §3, §4, §8): not fetching → fetching → a value or an error,
 * cached one hour with `updatedAt`; the monitor observer follows success or failure.
 */
import { UpdatesAnswer } from "../../contracts/auth.ts";
import { api } from "./api.ts";
import { createExternalStore } from "./external_store.ts";
import { browserStore, type KeyValueStore, readJson, writeJson } from "./storage.ts";

/** Cache lifetime of the availability. */
export const UPDATE_CACHE_MS = 60 * 60 * 1000;
/** Storage key of the cached availability. */
export const UPDATE_CACHE_KEY = "updateAvailability";

/** The cached availability; `checksEnabled` is false when no release manifest is configured. */
export interface UpdateRecord {
  value: boolean;
  updatedAt: number;
  checksEnabled?: false;
}

/** The check's state. */
export type UpdateCheckState =
  | { status: "not-fetching" }
  | { status: "fetching" }
  | { status: "value"; available: boolean; checksEnabled?: boolean }
  | { status: "error"; message: string };

/** A stored record when it is younger than one hour at `now`. */
export function freshRecord(stored: unknown, now: number): UpdateRecord | undefined {
  if (typeof stored !== "object" || stored === null) return undefined;
  const { value, updatedAt, checksEnabled } = stored as Partial<UpdateRecord>;
  if (typeof value !== "boolean" || typeof updatedAt !== "number") return undefined;
  if (now - updatedAt >= UPDATE_CACHE_MS || updatedAt > now) return undefined;
  return checksEnabled === false ? { value, updatedAt, checksEnabled } : { value, updatedAt };
}

/** The check's state, observable. */
export const updateStore = createExternalStore<UpdateCheckState>({ status: "not-fetching" });
/** Whether the monitor observer runs: on after a successful check, off after a failure. */
export const monitorObserverStore = createExternalStore<boolean>(false);

/** How a check runs; everything injectable for tests. */
export interface CheckOptions {
  force?: boolean;
  now?: number;
  store?: KeyValueStore;
  fetchAnswer?: () => Promise<Pick<UpdatesAnswer, "is_available_updates"> & Partial<UpdatesAnswer>>;
  log?: (message: string) => void;
}

/** Checks for updates, from the one-hour cache unless `force`; resolves with the new state. */
export async function checkForUpdates(options: CheckOptions = {}): Promise<UpdateCheckState> {
  const store = options.store ?? browserStore();
  const now = options.now ?? Date.now();
  const cached = options.force ? undefined : freshRecord(readJson(store, UPDATE_CACHE_KEY), now);
  // The cache keeps "checks are off" too: without it a cached answer would read "up to date".
  if (cached) return settle(valueState(cached.value, cached.checksEnabled !== false));
  updateStore.set({ status: "fetching" });
  const fetchAnswer = options.fetchAnswer ??
    (() => api("/updates/check", { schema: UpdatesAnswer }));
  try {
    const answer = await fetchAnswer();
    const enabled = answer.checks_enabled !== false;
    const record: UpdateRecord = { value: answer.is_available_updates, updatedAt: now };
    writeJson(store, UPDATE_CACHE_KEY, enabled ? record : { ...record, checksEnabled: false });
    return settle(valueState(answer.is_available_updates, enabled));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    (options.log ?? console.error)(message);
    return settle({ status: "error", message });
  }
}

function valueState(available: boolean, checksEnabled: boolean): UpdateCheckState {
  return { status: "value", available, ...(checksEnabled ? {} : { checksEnabled: false }) };
}

function settle(state: UpdateCheckState): UpdateCheckState {
  updateStore.set(state);
  monitorObserverStore.set(state.status === "value");
  return state;
}
