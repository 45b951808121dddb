/**
 * Entity lists (DESIGN §5): archived filter, group filter, search, sort by a
 * field or a stat, paging, and each item's stats for the date range.
 */
import type { SQLInputValue } from "node:sqlite";
import type { ListQuery } from "../../contracts/list.ts";
import { PROFIT_FIELDS, type Stats, ZERO_STATS } from "../../contracts/stats.ts";
import type { Db } from "../db/connection.ts";
import type { ReadWorker } from "../reads/worker.ts";
import { HttpError } from "../errors.ts";
import type { EntityDef, Values } from "./definition.ts";
import { dayRange } from "./range.ts";
import { type RawStats, toStats } from "./stats.ts";
import type { RateNotes } from "../currency/report_rates.ts";
import { rateNoteLines } from "../currency/notes.ts";
import { allColumns, countWhere, selectWhere } from "./store.ts";

/** Who is asking: a hide-profit user neither sees nor sorts by profit figures. */
export type Viewer = { hideProfit: boolean };

/** A list answer: the entities, each with its stats when the type has them. */
export type ListResult<E extends Values = Values> = {
  items: Array<E & { stats?: Stats }>;
  total: number;
  /** What converting to the viewer's currency could not do (amounts without a rate). */
  rateNotes?: string[];
};

function filters(
  def: Pick<EntityDef, "nameColumn" | "searchColumns">,
  query: ListQuery,
): { where: string; params: SQLInputValue[] } {
  const conditions: string[] = [];
  const params: SQLInputValue[] = [];
  if (query.archived !== "all") conditions.push(`archived = ${query.archived === "true" ? 1 : 0}`);
  if (query.groupId !== undefined) {
    conditions.push("group_id = ?");
    params.push(query.groupId);
  }
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const columns = [def.nameColumn ?? "name", ...(def.searchColumns ?? [])];
    const tests = columns.map((c) => `${c} LIKE ? ESCAPE '\\'`);
    params.push(...columns.map(() => like));
    // Digits match an id too, when they can be one (PostgreSQL refuses a bigint out of range).
    if (/^\d+$/.test(query.search) && Number.isSafeInteger(Number(query.search))) {
      tests.push("id = ?");
      params.push(Number(query.search));
    }
    conditions.push(`(${tests.join(" OR ")})`);
  }
  return { where: conditions.length ? conditions.join(" AND ") : "1 = 1", params };
}

type Sort = { kind: "column"; sql: string } | { kind: "stat"; field: keyof Stats };

function resolveSort(
  def: Pick<EntityDef, "columns" | "nameColumn" | "stats">,
  query: ListQuery,
  viewer: Viewer,
): Sort {
  const column = allColumns(def).find((c) => c.field === query.sort && c.kind !== "json");
  if (column) {
    const collate = column.kind === "text" ? " COLLATE NOCASE" : "";
    // SQLite's NULLs come first going up, last going down; said out loud, PostgreSQL's do too.
    const nulls = query.order === "asc" ? "NULLS FIRST" : "NULLS LAST";
    return {
      kind: "column",
      sql: `${column.column}${collate} ${query.order} ${nulls}, id ${query.order}`,
    };
  }
  const hidden = viewer.hideProfit && (PROFIT_FIELDS as readonly string[]).includes(query.sort);
  if (def.stats && query.sort in ZERO_STATS && !hidden) {
    return { kind: "stat", field: query.sort as keyof Stats };
  }
  throw new HttpError(400, "VALIDATION_ERROR", `sort: cannot sort by '${query.sort}'`, {
    issues: [{ path: "sort", message: `cannot sort by '${query.sort}'` }],
  });
}

/**
 * One page of a list, with stats for the query's date range. The rows come
 * from the (small) entity table on the main connection; the stats, a scan of
 * the clicks in range, come from the read worker, off the redirect path.
 */
export async function listEntities<E extends Values>(
  db: Db,
  def: EntityDef<E>,
  options: { query: ListQuery; viewer: Viewer; reads: ReadWorker; currency?: string },
): Promise<ListResult<E>> {
  const { query, viewer, reads } = options;
  const sort = resolveSort(def, query, viewer);
  const where = filters(def, query);
  const range = { ...dayRange(query), currency: options.currency };
  const withStats = (rows: E[], raw: Map<number, RawStats>) =>
    rows.map((row) => ({ ...row, stats: toStats(raw.get(Number(row.id)), viewer.hideProfit) }));
  const notesOf = (rates: RateNotes) => {
    const lines = options.currency ? rateNoteLines(rates, options.currency) : [];
    return lines.length > 0 ? { rateNotes: lines } : {};
  };
  if (sort.kind === "column") {
    const rows = selectWhere(def, db, {
      ...where,
      orderBy: sort.sql,
      limit: query.limit,
      offset: query.offset,
    });
    const total = countWhere(def, db, where);
    if (!def.stats || rows.length === 0) return { items: rows, total };
    const ids = rows.map((r) => Number(r.id));
    const noted = await reads.run("notedEntityStats", {
      key: def.stats,
      range: { ...range, ids },
    });
    return { items: withStats(rows, noted.stats), total, ...notesOf(noted.rates) };
  }
  // Sorting by a stat needs every match's stats; lists stay in the thousands.
  const stats = def.stats!; // resolveSort allows stat sorts only on types with stats
  const all = selectWhere(def, db, { ...where, orderBy: "id" });
  const noted = await reads.run("notedEntityStats", { key: stats, range });
  const rows = withStats(all, noted.stats);
  const sign = query.order === "asc" ? 1 : -1;
  const statOf = (row: E & { stats: Stats }) => row.stats[sort.field] ?? 0;
  rows.sort((a, b) => sign * (statOf(a) - statOf(b) || Number(a.id) - Number(b.id)));
  return {
    items: rows.slice(query.offset, query.offset + query.limit),
    total: rows.length,
    ...notesOf(noted.rates),
  };
}
