/**
 * Printed values of report dimensions: entity names looked up once per
 * answer, days and hours as local dates, flags and flow positions as words.
 */
import { DIMENSION_BY_NAME, WEEKDAYS } from "../../contracts/report.ts";
import type { Db } from "../db/connection.ts";
import { flowItemLabeller } from "../rotations/flow_ids.ts";
import { dateHourLabel, dayLabel } from "./time.ts";

const ENTITY_TABLES = new Set([
  "campaigns",
  "groups",
  "traffic_sources",
  "rotations",
  "landings",
  "offers",
  "affiliate_networks",
]);

/** Names of `ids` in `table`. */
export function entityNames(db: Db, table: string, ids: Iterable<number>): Map<number, string> {
  if (!ENTITY_TABLES.has(table)) throw new Error(`not an entity table: ${table}`);
  const list = [...new Set(ids)].filter((id) => id > 0);
  const names = new Map<number, string>();
  if (!list.length) return names;
  const rows = db.prepare(
    `SELECT id, name FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(list));
  for (const row of rows) names.set(Number(row.id), String(row.name));
  return names;
}

/** A labeller for one dimension over the values of an answer. */
export function labeller(
  db: Db,
  dimName: string,
  values: Iterable<string | number>,
): (value: string | number) => string {
  const dim = DIMENSION_BY_NAME.get(dimName)!;
  switch (dim.format) {
    case "entity": {
      const names = entityNames(db, dim.entity!, [...values].map(Number));
      return (v) => Number(v) === 0 ? "(none)" : names.get(Number(v)) ?? `#${v}`;
    }
    case "day":
      return (v) => dayLabel(Number(v));
    case "dateHour":
      return (v) => dateHourLabel(Number(v));
    case "hour":
      return (v) => `${String(v).padStart(2, "0")}:00`;
    case "weekday":
      return (v) => WEEKDAYS[Number(v) - 1] ?? String(v);
    case "flag":
      return (v) => Number(v) ? "Yes" : "No";
    case "rule":
    case "path": {
      const label = flowItemLabeller(db, dim.format, [...values].map(Number));
      return (v) => label(Number(v));
    }
    case "status":
      return (v) => v === "" ? "(no conversion)" : String(v);
    default:
      return (v) => v === "" || v === null ? "(unknown)" : String(v);
  }
}
