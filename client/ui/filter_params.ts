/**
 * A screen's filters (campaign, offer, status, search…) and their mirror in
 * the address: each filter is one query key holding a string, empty ones are
 * left out, a malformed value reads as empty, and keys the screen does not own
 * (dates, `auth`) stay as they are.
 */

/** Each filter's key and the check its value must pass to be read. */
export type FilterSpec<K extends string> = Record<K, (value: string) => boolean>;

/** Filter values by key; empty is "not filtered". */
export type FilterValues<K extends string> = Record<K, string>;

/** An entity id, as the filters carry it. */
export const isIdText = (value: string) => /^\d{1,15}$/.test(value) && Number(value) > 0;

/** Reads the filters from an address query. */
export function readFilters<K extends string>(
  params: URLSearchParams,
  spec: FilterSpec<K>,
): FilterValues<K> {
  const out = {} as FilterValues<K>;
  for (const key of Object.keys(spec) as K[]) {
    const value = params.get(key) ?? "";
    out[key] = value !== "" && spec[key](value) ? value : "";
  }
  return out;
}

/** Writes `patch` into a copy of `params`: empty values are removed, other keys stay. */
export function writeFilters<K extends string>(
  params: URLSearchParams,
  patch: Partial<FilterValues<K>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch) as [K, string | undefined][]) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
