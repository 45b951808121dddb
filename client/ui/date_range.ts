/**
 * Date-range presets of the lists, computed in the user's time zone: "today"
 * is the calendar day there, not in the browser's or the server's zone.
 */
import { browserStore, type KeyValueStore } from "../app/storage.ts";
import { isTimeZone } from "../../contracts/list.ts";

/** The presets, in the picker's order. */
export const DATE_PRESETS = [
  ["today", "Today"],
  ["yesterday", "Yesterday"],
  ["last7", "Last 7 days"],
  ["last30", "Last 30 days"],
  ["thisMonth", "This month"],
  ["lastMonth", "Last month"],
] as const;
export type DatePreset = typeof DATE_PRESETS[number][0];

/** A range of calendar days, both ends inclusive, `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

/** Where a chosen time zone is stored; absent means the browser's. */
export const TIME_ZONE_KEY = "settings.timeZone";

/** The user's time zone: the stored choice when valid, else the browser's, else UTC. */
export function userTimeZone(store: KeyValueStore = browserStore()): string {
  const stored = store.getItem(TIME_ZONE_KEY);
  if (stored && isTimeZone(stored)) return stored;
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browser && isTimeZone(browser) ? browser : "UTC";
}

/** One formatter per zone: building one is slow, and lists ask for days on every render. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `now` in `timeZone`. */
export function dayIn(timeZone: string, now: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA prints ISO-like YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

function shift(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function monthStart(day: string, monthsBack = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - monthsBack);
  return date.toISOString().slice(0, 10);
}

/** The days a preset covers at `now` in `timeZone`. */
export function presetRange(
  preset: DatePreset,
  options: { timeZone: string; now: Date },
): DayRange {
  const today = dayIn(options.timeZone, options.now);
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: shift(today, -1), to: shift(today, -1) };
    case "last7":
      return { from: shift(today, -6), to: today };
    case "last30":
      return { from: shift(today, -29), to: today };
    case "thisMonth":
      return { from: monthStart(today), to: today };
    case "lastMonth":
      return { from: monthStart(today, 1), to: shift(monthStart(today), -1) };
  }
}

/** Whether a value names a preset. */
export function isDatePreset(value: unknown): value is DatePreset {
  return DATE_PRESETS.some(([name]) => name === value);
}

/** The label of a preset, or of a custom range. */
export function rangeLabel(preset: DatePreset | "custom", range: DayRange): string {
  const found = DATE_PRESETS.find(([name]) => name === preset);
  if (found) return found[1];
  return range.from === range.to ? range.from : `${range.from} – ${range.to}`;
}
