/**
 * Saved column sets are checked before they are stored (decision 182): each
 * column a set names must be one its list can show (`contracts/list_columns.ts`,
 * plus what the database decides: the report's event types, the click log's
 * stored columns). A name the user's stored sets of that list already hold is
 * let through, so a column gone since (an event type removed) never blocks
 * saving another set; reads stay as they were, unknown names and all.
 */
import {
  CONVERSION_COLUMNS,
  entityListColumns,
  eventTypeColumns,
  isFormulaColumnName,
  REPORT_COLUMNS,
} from "../../contracts/list_columns.ts";
import type { ColumnSet } from "../../contracts/settings.ts";
import { clickColumns } from "../clicklog/fields.ts";
import { withNameColumns } from "../clicklog/names.ts";
import type { Db } from "../db/connection.ts";
import { getEventsSettings } from "./sections.ts";

type List = ColumnSet["list"];
type Issue = { path: PropertyKey[]; message: string };

/** Whether a list can show a column; what the database decides is read once, when needed. */
function columnsOf(db: Db): (list: List, name: string) => boolean {
  let clicks: Set<string> | undefined;
  let report: Set<string> | undefined;
  // The click log's columns as its answer lists them (`GET /api/clicks`).
  const clickLog = () => clicks ??= new Set(withNameColumns(clickColumns(db)));
  return (list, name) => {
    switch (list) {
      case "report":
        report ??= new Set([...REPORT_COLUMNS, ...eventTypeColumns(getEventsSettings(db).types)]);
        return report.has(name) || isFormulaColumnName(name);
      // A conversion's row carries its click: the click's columns are the list's too.
      case "conversions":
        return CONVERSION_COLUMNS.includes(name) || clickLog().has(name);
      case "clicklog":
        return clickLog().has(name);
      default:
        return entityListColumns(list).includes(name);
    }
  };
}

function listName(list: List): string {
  return list === "report" ? "the report" : `the ${list} list`;
}

/** The issues of `sets` (one per unknown column), given the sets stored before. */
export function columnSetIssues(
  db: Db,
  sets: readonly ColumnSet[],
  options: { stored: readonly ColumnSet[] },
): Issue[] {
  const shows = columnsOf(db);
  const kept = new Set(options.stored.flatMap((s) => s.columns.map((c) => `${s.list}\n${c}`)));
  return sets.flatMap((set, i) =>
    set.columns.flatMap((name, j) =>
      shows(set.list, name) || kept.has(`${set.list}\n${name}`) ? [] : [{
        path: ["sets", i, "columns", j],
        message: `"${name}" is not a column of ${listName(set.list)}`,
      }]
    )
  );
}
