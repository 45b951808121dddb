/**
 * Saved column sets are checked before they are stored (decision 182): a set
 * is for a list whose screen shows it (`LISTS_WITH_SETS`), and each column it
 * names must be one its list can show (`contracts/list_columns.ts`, plus the
 * report's event types; the click log's from its stored table). What the user's stored sets already hold is let
 * through — a name in a set of the same list, a set of a list without column
 * choice kept by its name — so a set saved before the check, or a column gone
 * since (an event type removed), never blocks saving another set; reads stay
 * as they were.
 */
import {
  type EntityColumnList,
  entityListColumns,
  eventTypeColumns,
  isFormulaColumnName,
  LISTS_WITH_SETS,
  REPORT_COLUMNS,
} from "../../contracts/list_columns.ts";
import type { ColumnSet } from "../../contracts/settings.ts";
import type { Db } from "../db/connection.ts";
import { getEventsSettings } from "./sections.ts";
import { clickLogColumns } from "../clicklog/service.ts";

type List = ColumnSet["list"];
type Issue = { path: PropertyKey[]; message: string };

const LIST_NAMES: Record<List, string> = {
  campaigns: "the campaigns list",
  offers: "the offers list",
  landings: "the landers list",
  "affiliate-networks": "the affiliate networks list",
  "traffic-sources": "the traffic sources list",
  rotations: "the rotations list",
  report: "the report",
  conversions: "the conversions list",
  clicklog: "the click log",
};

/**
 * Whether a list can show a column; the report's event types and the click log's columns (the
 * stored table's) are read once, when needed.
 */
function columnsOf(db: Db): (list: List, name: string) => boolean {
  let report: Set<string> | undefined;
  let clicks: Set<string> | undefined;
  return (list, name) => {
    if (list === "clicklog") return (clicks ??= new Set(clickLogColumns(db))).has(name);
    if (list !== "report") return entityListColumns(list as EntityColumnList).includes(name);
    report ??= new Set([...REPORT_COLUMNS, ...eventTypeColumns(getEventsSettings(db).types)]);
    return report.has(name) || isFormulaColumnName(name);
  };
}

/** The issues of `sets` (a list without column choice, each unknown column), given the sets stored before. */
export function columnSetIssues(
  db: Db,
  sets: readonly ColumnSet[],
  options: { stored: readonly ColumnSet[] },
): Issue[] {
  const shows = columnsOf(db);
  const keptSets = new Set(options.stored.map((s) => `${s.list}\n${s.name}`));
  const kept = new Set(options.stored.flatMap((s) => s.columns.map((c) => `${s.list}\n${c}`)));
  return sets.flatMap((set, i): Issue[] => {
    if (!LISTS_WITH_SETS.includes(set.list)) {
      return keptSets.has(`${set.list}\n${set.name}`) ? [] : [{
        path: ["sets", i, "list"],
        message: `${LIST_NAMES[set.list]} has no column choice: a set for it would change nothing`,
      }];
    }
    return set.columns.flatMap((name, j) =>
      shows(set.list, name) || kept.has(`${set.list}\n${name}`) ? [] : [{
        path: ["sets", i, "columns", j],
        message: `"${name}" is not a column of ${LIST_NAMES[set.list]}`,
      }]
    );
  });
}
