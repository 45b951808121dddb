/** The query cache's settings (SPEC §9): unused data kept 30 minutes, no refetch on focus, no retry. */
import {
  type Cache,
  mutate as defaultMutate,
  type ScopedMutator,
  type SWRConfiguration,
  useSWRConfig,
} from "swr";
import { expiringCache } from "./cached_data.ts";

/** SWR settings for the whole panel. */
export const SWR_CONFIG: SWRConfiguration = {
  provider: (): Cache => expiringCache(),
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  errorRetryCount: 0,
};

/**
 * The `mutate` of the panel's own cache provider. SWR's global `mutate` works on
 * its default cache, which the panel does not read, so a change made outside a
 * hook (after a save) goes through this one; `PanelMutateBinder` keeps it bound.
 */
let panelMutate: ScopedMutator = defaultMutate;

/** Rendered once inside `<SWRConfig>`: binds `mutatePanel` to that provider's cache. */
export function PanelMutateBinder(): null {
  panelMutate = useSWRConfig().mutate;
  return null;
}

/** Revalidates every cached answer whose key passes `matches`, in the panel's cache. */
export function mutatePanel(matches: (key: unknown) => boolean): Promise<unknown> {
  return panelMutate(matches);
}
