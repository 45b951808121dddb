/**
 * What a report filter's typed values mean for its dimension. The server compares a filter
 * with the dimension's stored value: an entity's id, a flag's 0 or 1, a day's or an hour's
 * number, a country's upper-case code. The operator types what the report shows (a name,
 * "Yes", "2026-11-27", "14:00", "Mon", "us"), so the values are turned into those here,
 * and a value that names nothing is refused with a message instead of matching nothing.
 */
import { type Dimension, WEEKDAYS } from "../../contracts/report.ts";
import type { ReportFilter } from "../../contracts/report_query.ts";

/** An entity the filter can name. */
export type NamedItem = { id: number; name: string };

/** The filter to add, or why the typed values cannot make one. */
export type ParsedFilter = { ok: true; filter: ReportFilter } | { ok: false; error: string };

const MS_DAY = 86_400_000;
const MS_HOUR = 3_600_000;

/** The resource whose names label an entity dimension's ids. */
export const ENTITY_RESOURCES = {
  campaigns: "campaigns",
  groups: "groups",
  traffic_sources: "traffic-sources",
  rotations: "rotations",
  landings: "landings",
  offers: "offers",
  affiliate_networks: "affiliate-networks",
} as const;

function fail(error: string): ParsedFilter {
  return { ok: false, error };
}

/** One typed value as the dimension's stored value; a string is an error message. */
function typedValue(dim: Dimension, text: string): number | string | { error: string } {
  const t = text.trim();
  switch (dim.format) {
    case "flag": {
      const v = t.toLowerCase();
      if (["yes", "true", "1"].includes(v)) return 1;
      if (["no", "false", "0"].includes(v)) return 0;
      return { error: `${dim.label} is Yes or No, not "${t}"` };
    }
    case "hour": {
      const m = /^(\d{1,2})(:00)?$/.exec(t);
      if (m && Number(m[1]) <= 23) return Number(m[1]);
      return { error: `An hour is 0 to 23 (or 14:00), not "${t}"` };
    }
    case "weekday": {
      const i = WEEKDAYS.findIndex((d) => d.toLowerCase() === t.toLowerCase().slice(0, 3));
      if (t.length >= 3 && i >= 0) return i + 1;
      if (/^[1-7]$/.test(t)) return Number(t);
      return { error: `A weekday is Mon to Sun, not "${t}"` };
    }
    case "day": {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
      if (m) return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_DAY;
      return { error: `A day is written 2026-11-27, not "${t}"` };
    }
    case "dateHour": {
      const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2})(:00)?$/.exec(t);
      if (m && Number(m[4]) <= 23) {
        return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4])) / MS_HOUR;
      }
      return { error: `A day and hour is written 2026-11-27 14:00, not "${t}"` };
    }
    case "rule":
    case "path":
      return /^-?\d+$/.test(t) ? Number(t) : t;
    default:
      // Countries are stored as upper-case codes (US), whatever the visitor's case.
      return dim.name === "country" ? t.toUpperCase() : t;
  }
}

/** The ids of the entities `text` names: an exact name (any case), `#12` or `12`; for `contains`, every name holding it. */
function entityIds(text: string, op: ReportFilter["op"], items: readonly NamedItem[]): number[] {
  const t = text.trim().toLowerCase();
  if (op === "contains") {
    return items.filter((i) => i.name.toLowerCase().includes(t)).map((i) => i.id);
  }
  const byName = items.filter((i) => i.name.toLowerCase() === t).map((i) => i.id);
  if (byName.length) return byName;
  if (t === "(none)") return [0];
  const id = /^#?(\d+)$/.exec(t);
  return id ? [Number(id[1])] : [];
}

/**
 * The filter the typed `texts` make on `dim` with `op`; `names` are the entities an entity
 * dimension names (undefined while they load).
 */
export function parseFilter(
  dim: Dimension,
  op: ReportFilter["op"],
  texts: readonly string[],
  names?: readonly NamedItem[],
): ParsedFilter {
  if (texts.length === 0) return fail("Type a value");
  if (dim.format === "entity") {
    if (!names) return fail(`The ${dim.label.toLowerCase()} names are still loading`);
    const ids: number[] = [];
    for (const text of texts) {
      const found = entityIds(text, op, names);
      if (!found.length) {
        return fail(
          op === "contains"
            ? `No ${dim.label.toLowerCase()} name contains "${text.trim()}"`
            : `No ${dim.label.toLowerCase()} is named "${text.trim()}"`,
        );
      }
      for (const id of found) if (!ids.includes(id)) ids.push(id);
    }
    // Ids compare whole: "contains" on names becomes "is" on the ids they name.
    return { ok: true, filter: { dim: dim.name, op: op === "contains" ? "is" : op, values: ids } };
  }
  const values: (string | number)[] = [];
  for (const text of texts) {
    const v = typedValue(dim, text);
    if (typeof v === "object") return fail(v.error);
    values.push(v);
  }
  // Numbers (flags, hours, days) compare whole, too.
  const numeric = values.every((v) => typeof v === "number");
  return {
    ok: true,
    filter: { dim: dim.name, op: numeric && op === "contains" ? "is" : op, values },
  };
}

/** How a filter's stored value reads on its chip: an entity's name, "Yes", a day. */
export function filterValueLabel(
  dim: Dimension | undefined,
  value: string | number,
  names?: readonly NamedItem[],
): string {
  const n = Number(value);
  switch (dim?.format) {
    case "entity":
      if (typeof value !== "number") return String(value);
      if (n === 0) return "(none)";
      return names?.find((i) => i.id === n)?.name ?? `#${value}`;
    case "flag":
      return n ? "Yes" : "No";
    case "hour":
      return typeof value === "number" ? `${String(value).padStart(2, "0")}:00` : String(value);
    case "weekday":
      return typeof value === "number" ? WEEKDAYS[n - 1] ?? String(value) : String(value);
    case "day":
      return typeof value === "number"
        ? new Date(n * MS_DAY).toISOString().slice(0, 10)
        : String(value);
    case "dateHour":
      if (typeof value !== "number") return String(value);
      return `${new Date(n * MS_HOUR).toISOString().slice(0, 13).replace("T", " ")}:00`;
    default:
      return String(value);
  }
}
