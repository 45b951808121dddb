/**
 * A screen's filters, held in the address when the debug setting
 * `isSyncSortingAndFiltersWithRouter` is on (so a link or a reload keeps
 * them), else in the page: the same rule as the entity lists.
 */
import { useCallback, useState, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { debugSettingsStore } from "../app/debug_settings.ts";
import { type FilterSpec, type FilterValues, readFilters, writeFilters } from "./filter_params.ts";

/** The filters and their setter (a patch merged onto the current values). */
export function useFilterParams<K extends string>(
  spec: FilterSpec<K>,
): [FilterValues<K>, (patch: Partial<FilterValues<K>>) => void] {
  const debug = useSyncExternalStore(debugSettingsStore.subscribe, debugSettingsStore.get);
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState(() => readFilters(new URLSearchParams(), spec));
  const synced = debug.isSyncSortingAndFiltersWithRouter;
  const values = synced ? readFilters(params, spec) : local;
  const update = useCallback((patch: Partial<FilterValues<K>>) => {
    if (!synced) {
      setLocal((current) => ({ ...current, ...patch }));
      return;
    }
    // The live address, not the render's copy: a debounced input may call this late.
    const current = new URLSearchParams(globalThis.location.search);
    // replace: a filter being typed must not add a history entry per change.
    setParams(writeFilters(current, patch), { replace: true });
  }, [synced, setParams]);
  return [values, update];
}
