/** Developer debug settings (SPEC §3), each stored under its own key with SPEC's default. */
import { browserStore, type KeyValueStore, readJson, writeJson } from "./storage.ts";
import { createExternalStore } from "./external_store.ts";

/** How list rows are coloured. */
export const COLORIZATION_MODES = ["colored-cells", "colored-rows", "even-odd", "no"] as const;
export type ColorizationMode = typeof COLORIZATION_MODES[number];

/** The settings and their defaults. */
export interface DebugSettings {
  colorizationMode: ColorizationMode;
  isEnableLogging: boolean;
  isShowMonitorForDevelopersInMenu: boolean;
  isSyncSortingAndFiltersWithRouter: boolean;
  isWithVerticalBorders: boolean;
}

export const DEFAULT_DEBUG_SETTINGS: DebugSettings = {
  colorizationMode: "colored-rows",
  isEnableLogging: false,
  isShowMonitorForDevelopersInMenu: false,
  isSyncSortingAndFiltersWithRouter: true,
  isWithVerticalBorders: false,
};

/** The storage key of one setting. */
export function debugKey(name: keyof DebugSettings): string {
  return `debug.${name}`;
}

function valid<K extends keyof DebugSettings>(name: K, value: unknown): value is DebugSettings[K] {
  if (name === "colorizationMode") {
    return typeof value === "string" && (COLORIZATION_MODES as readonly string[]).includes(value);
  }
  return typeof value === "boolean";
}

/** Reads every setting; a missing or invalid stored value gives the default. */
export function readDebugSettings(store: KeyValueStore = browserStore()): DebugSettings {
  const result = { ...DEFAULT_DEBUG_SETTINGS };
  for (const name of Object.keys(DEFAULT_DEBUG_SETTINGS) as Array<keyof DebugSettings>) {
    const stored = readJson(store, debugKey(name));
    if (valid(name, stored)) Object.assign(result, { [name]: stored });
  }
  return result;
}

/** The settings, observable. */
export const debugSettingsStore = createExternalStore<DebugSettings>(readDebugSettings());

/** Stores one setting; an invalid value is refused. */
export function setDebugSetting<K extends keyof DebugSettings>(
  name: K,
  value: DebugSettings[K],
  store: KeyValueStore = browserStore(),
): boolean {
  if (!valid(name, value)) return false;
  writeJson(store, debugKey(name), value);
  debugSettingsStore.set({ ...debugSettingsStore.get(), [name]: value });
  return true;
}
