/**
 * The state of an entity list — sort, search, group, archived filter and
 * dates — and its mirror in the address (debug setting
 * `isSyncSortingAndFiltersWithRouter`). Only values that differ from the
 * defaults are written, and query values the list does not own are kept.
 */
import { type DatePreset, type DayRange, isDatePreset, presetRange } from "./date_range.ts";

/** Which items the archived filter shows. */
export type ArchivedFilter = "false" | "true" | "all";

/** Everything that decides which rows a list shows, and in what order. */
export interface ListState {
  sort: string;
  order: "asc" | "desc";
  search: string;
  groupId: number | null;
  archived: ArchivedFilter;
  /** A preset, or `custom` with `from`/`to`. */
  range: DatePreset | "custom";
  from: string;
  to: string;
}

/** The state of a list nobody has touched: newest first, today. */
export const DEFAULT_LIST_STATE: ListState = {
  sort: "id",
  order: "desc",
  search: "",
  groupId: null,
  archived: "false",
  range: "today",
  from: "",
  to: "",
};

/** The address keys a list owns. */
export const LIST_KEYS = ["sort", "order", "search", "groupId", "archived", "range", "from", "to"];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the list state from an address query; unknown or malformed values give defaults. */
export function readListState(params: URLSearchParams): ListState {
  const state = { ...DEFAULT_LIST_STATE };
  const sort = params.get("sort");
  if (sort && /^\w{1,64}$/.test(sort)) state.sort = sort;
  const order = params.get("order");
  if (order === "asc" || order === "desc") state.order = order;
  state.search = (params.get("search") ?? "").slice(0, 255);
  const group = params.get("groupId");
  if (group && /^\d{1,15}$/.test(group)) state.groupId = Number(group);
  const archived = params.get("archived");
  if (archived === "true" || archived === "all") state.archived = archived;
  const range = params.get("range");
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (isDatePreset(range)) state.range = range;
  else if (DAY.test(from) && DAY.test(to) && from <= to) {
    Object.assign(state, { range: "custom", from, to });
  }
  return state;
}

/** Writes the state into a copy of `params`: defaults are left out, foreign keys stay. */
export function writeListState(params: URLSearchParams, state: ListState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of LIST_KEYS) next.delete(key);
  const d = DEFAULT_LIST_STATE;
  if (state.sort !== d.sort || state.order !== d.order) {
    next.set("sort", state.sort);
    next.set("order", state.order);
  }
  if (state.search.trim()) next.set("search", state.search);
  if (state.groupId !== null) next.set("groupId", String(state.groupId));
  if (state.archived !== d.archived) next.set("archived", state.archived);
  if (state.range === "custom") {
    next.set("from", state.from);
    next.set("to", state.to);
  } else if (state.range !== d.range) next.set("range", state.range);
  return next;
}

/** The days the state covers at `now` in `timeZone`. */
export function stateRange(state: ListState, options: { timeZone: string; now: Date }): DayRange {
  if (state.range === "custom") return { from: state.from, to: state.to };
  return presetRange(state.range, options);
}

/** The list call's query (`GET /api/<resource>?…`). */
export function listQuery(
  state: ListState,
  options: { timeZone: string; now: Date; limit: number },
): Record<string, string | number | undefined> {
  const { from, to } = stateRange(state, options);
  return {
    from,
    to,
    tz: options.timeZone,
    search: state.search.trim() || undefined,
    groupId: state.groupId ?? undefined,
    sort: state.sort,
    order: state.order,
    archived: state.archived,
    limit: options.limit,
  };
}
