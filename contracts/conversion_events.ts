/**
 * Conversion events (issue 14 item 3, decision 167): event types the buyer
 * names (registration, ftd, deposit, install …) that a network's status map
 * can point at besides Rotor's four statuses, and the numeric events 1–10 a
 * click carries (`/click/update`, Binom style). Settings → Postback processing → Events holds both.
 */
import { z } from "zod";
import { ConversionStatus } from "./stats.ts";

/** Rotor's statuses may not be event names: a status map value must say which it is. */
const STATUS_NAMES: readonly string[] = ConversionStatus.options;

/** An event type's name: what a status map points at, `{event}` sends and columns are keyed by. */
export const EventTypeName = z.string().trim().toLowerCase()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, "must be a-z, 0-9 and _, starting with a letter, at most 32")
  .refine((v) => !STATUS_NAMES.includes(v), "is a status name (lead, sale, rejected, hold)");

/** One event type. */
export const ConversionEventType = z.object({
  name: EventTypeName,
  /** The columns' title; the name when empty. */
  label: z.string().trim().max(40).default(""),
  /** The base status a conversion of this type is recorded with (lead/sale semantics, CPA, caps). */
  status: ConversionStatus.default("lead"),
  /** Whether its payout counts as revenue (else only its own revenue column shows it). */
  revenue: z.boolean().default(true),
});
export type ConversionEventType = z.infer<typeof ConversionEventType>;

/** How many numeric events a click has (`event1` … `event10`). */
export const NUMERIC_EVENTS = 10;

/** Settings → Postback processing → Events. */
export const EventsSettings = z.object({
  types: z.array(ConversionEventType).max(20, "at most 20 event types").refine(
    (list) => new Set(list.map((t) => t.name)).size === list.length,
    "each event type name once",
  ).default([]),
  /**
   * The key `/click/update` must carry as `key=` (Binom's `upd_key`); empty: none asked. It
   * changes cost and bot marks, so set one whenever click ids are seen by others.
   */
  clickUpdateKey: z.string().max(128).regex(/^[\w-]*$/, "may hold letters, digits, _ and -")
    .default(""),
});
export type EventsSettings = z.infer<typeof EventsSettings>;

/** What a network's status map points at: one of Rotor's statuses or an event type name. */
export const StatusTarget = z.string().trim().toLowerCase().min(1).max(32)
  .regex(/^[a-z][a-z0-9_]*$/, "must be a status or an event type name");

/** `/click/update` answer: the click's numeric events, cost and bot flag after the update. */
export const ClickUpdateAnswer = z.object({
  ok: z.literal(true),
  clickId: z.string(),
  /** `{ "1": 555, … }`: every numeric event the click has. */
  events: z.record(z.string(), z.number()),
  /** In the click's cost currency. */
  cost: z.number(),
  isBot: z.boolean(),
});
export type ClickUpdateAnswer = z.infer<typeof ClickUpdateAnswer>;

/** The report column names of one event type. */
export function eventColumns(name: string): { count: string; revenue: string; cr: string } {
  return { count: `ev.${name}.count`, revenue: `ev.${name}.revenue`, cr: `ev.${name}.cr` };
}

/** The report column of numeric event n. */
export function numericEventColumn(n: number): string {
  return `event${n}`;
}

/** A report column that no rollup holds: event columns, described for the table and CSV. */
export const ExtraColumn = z.object({
  name: z.string(),
  label: z.string(),
  format: z.enum(["count", "money", "percent", "decimal"]),
  help: z.string().optional(),
});
export type ExtraColumn = z.infer<typeof ExtraColumn>;

/**
 * The report columns of the event types (count, revenue, CR = count / clicks) and, once any
 * click has one (`numeric`), of the numeric events; a hide-profit user gets no event revenue.
 */
export function eventReportColumns(
  types: readonly ConversionEventType[],
  options: { hideProfit: boolean; numeric: boolean },
): ExtraColumn[] {
  const columns: ExtraColumn[] = [];
  for (const t of types) {
    const names = eventColumns(t.name);
    const label = t.label || t.name;
    columns.push({
      name: names.count,
      label,
      format: "count",
      help: `Conversions of event type ${t.name} (recorded as ${t.status})`,
    });
    if (!options.hideProfit) {
      columns.push({
        name: names.revenue,
        label: `${label} revenue`,
        format: "money",
        help: `Payouts of ${t.name} conversions${
          t.revenue ? " (also in Revenue)" : " (not counted in Revenue)"
        }`,
      });
    }
    columns.push({
      name: names.cr,
      label: `${label} CR`,
      format: "percent",
      help: `${label} ÷ clicks × 100`,
    });
  }
  for (let n = 1; options.numeric && n <= NUMERIC_EVENTS; n++) {
    columns.push({
      name: numericEventColumn(n),
      label: `Event ${n}`,
      format: "decimal",
      help: `The sum of the clicks' event ${n} (/click/update?event${n}=…)`,
    });
  }
  return columns;
}
