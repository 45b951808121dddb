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
import { localStamp } from "../reports/time.ts";

/**
 * Each click's recorded changes to its money (`/click/update` cost and bot marks, decision 184)
 * as one text, oldest first, what changed before who and when: "cost 0.2 USD → 0.45 USD
 * (/click/update from 1.2.3.4, 2026-11-27 09:31:02)"; "" for none.
 */
function withChanges(db: Db, items: Record<string, Cell>[], tz: string): Record<string, Cell>[] {
  const texts = new Map<string, string[]>();
  if (items.length > 0) {
    const rows = db.prepare(
      `SELECT click_id, ts, author, field, before, after FROM click_changes
       WHERE click_id IN (SELECT value FROM json_each(?)) ORDER BY ts, id`,
    ).all(JSON.stringify(items.map((i) => String(i.id))));
    for (const r of rows) {
      const id = String(r.click_id);
      const stamp = localStamp(Number(r.ts), tz);
      const line = `${r.field} ${r.before} → ${r.after} (${r.author}, ${stamp})`;
      texts.set(id, [...texts.get(id) ?? [], line]);
    }
  }
  return items.map((item) => ({ ...item, changes: texts.get(String(item.id))?.join("; ") ?? "" }));
}

type Cell = string | number | null;

/** The click log's columns, in order: the stored ones, names beside ids, and the changes. */
export function clickLogColumns(db: Db): string[] {
  return withNameColumns([...clickColumns(db), "changes"]);
}

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
  const items = withChanges(
    db,
    withNames(db, rows.slice(0, query.limit).map(clickItem)),
    query.tz,
  );
  return {
    columns: clickLogColumns(db),
    items,
    nextCursor: more ? String(items[items.length - 1].id) : null,
  };
}
