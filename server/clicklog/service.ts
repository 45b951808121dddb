/**
 * The click log: every stored click, newest first. Click ids are time-ordered
 * and clicks are clustered on them, so the cursor is the last id shown and a
 * page is one descending read of the primary key, as fast at a million clicks
 * as at a hundred.
 */
import type { SQLInputValue } from "node:sqlite";
import type { ClicksAnswer, ClicksQuery } from "../../contracts/report_query.ts";
import type { Db } from "../db/connection.ts";
import { dayRange } from "../entities/range.ts";
import { clickIdBound, isClickId } from "../tracking/click_id.ts";
import { entityFilterSql } from "./filters.ts";
import { CLICK_JOINS, CLICK_SELECT, clickColumns, clickItem } from "./fields.ts";
import { withNameColumns, withNames } from "./names.ts";

/** One page of the click log. */
export function listClicks(db: Db, query: ClicksQuery): ClicksAnswer {
  const where: string[] = [];
  const params: SQLInputValue[] = [];
  if (query.from || query.to) {
    const range = dayRange({ from: query.from, to: query.to, tz: query.tz });
    where.push("k.id >= ? AND k.id < ?");
    params.push(clickIdBound(db, range.start), clickIdBound(db, range.end));
  }
  if (query.cursor) {
    where.push("k.id < ?");
    params.push(query.cursor);
  }
  const filters = entityFilterSql(query);
  where.push(...filters.where);
  params.push(...filters.params);
  if (query.country) {
    where.push("k.place_id IN (SELECT id FROM places WHERE country = ?)");
    params.push(query.country.toUpperCase());
  }
  if (query.bot) {
    where.push("k.is_bot = ?");
    params.push(query.bot === "true" ? 1 : 0);
  }
  if (query.search) {
    if (isClickId(query.search)) {
      where.push("k.id = ?");
      params.push(query.search);
    } else {
      where.push("(k.ip = ? OR k.external_id = ?)");
      params.push(query.search, query.search);
    }
  }
  const sql = `SELECT ${CLICK_SELECT} FROM clicks k ${CLICK_JOINS}
    ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY k.id DESC LIMIT ?`;
  const rows = db.prepare(sql).all(...params, query.limit + 1);
  const more = rows.length > query.limit;
  const items = withNames(db, rows.slice(0, query.limit).map(clickItem));
  return {
    columns: withNameColumns(clickColumns(db)),
    items,
    nextCursor: more ? String(items[items.length - 1].id) : null,
  };
}
