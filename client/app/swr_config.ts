/** The query cache's settings (SPEC §9): unused data kept 30 minutes, no refetch on focus, no retry. */
import type { Cache, SWRConfiguration } from "swr";
import { expiringCache } from "./cached_data.ts";

/** SWR settings for the whole panel. */
export const SWR_CONFIG: SWRConfiguration = {
  provider: () => expiringCache() as unknown as Cache,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  errorRetryCount: 0,
};
