/**
 * A list's state, held in the address when the debug setting
 * `isSyncSortingAndFiltersWithRouter` is on (so a link or a reload keeps it),
 * else in the page.
 */
import { useCallback, useState, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { debugSettingsStore } from "../app/debug_settings.ts";
import { DEFAULT_LIST_STATE, type ListState, readListState, writeListState } from "./list_state.ts";

/** The state and its setter (a patch merged onto the current state). */
export function useListState(): [ListState, (patch: Partial<ListState>) => void] {
  const debug = useSyncExternalStore(debugSettingsStore.subscribe, debugSettingsStore.get);
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<ListState>(DEFAULT_LIST_STATE);
  const synced = debug.isSyncSortingAndFiltersWithRouter;
  const state = synced ? readListState(params) : local;
  const update = useCallback((patch: Partial<ListState>) => {
    if (!synced) {
      setLocal((current) => ({ ...current, ...patch }));
      return;
    }
    // The live address, not the render's copy: a debounced search may call this late.
    const current = new URLSearchParams(globalThis.location.search);
    // replace: typing in search must not fill the history with one entry per key.
    setParams(writeListState(current, { ...readListState(current), ...patch }), { replace: true });
  }, [synced, setParams]);
  return [state, update];
}
