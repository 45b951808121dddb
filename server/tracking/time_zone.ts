/**
 * Local time in an IANA zone without a formatter call per click: a zone's
 * offset is the same for a whole quarter hour of UTC (every offset and every
 * transition falls on a quarter hour), so it is computed once per quarter hour.
 */
import { zoneOffset } from "../reports/time.ts";

/** The local day number (days since 1970-01-01 in `timeZone`) of the instant `ts`. */
export function localDay(ts: number, timeZone: string): number {
  return Math.floor((ts + cachedZoneOffset(ts, timeZone)) / 86_400_000);
}

const QUARTER_HOUR = 900_000;
const lastQuarter = new Map<string, { quarter: number; offset: number }>();

/** `zoneOffset`, computed at most once per zone and quarter hour (the click path). */
export function cachedZoneOffset(ts: number, timeZone: string): number {
  if (timeZone === "UTC") return 0;
  const quarter = Math.floor(ts / QUARTER_HOUR);
  let last = lastQuarter.get(timeZone);
  if (!last || last.quarter !== quarter) {
    last = { quarter, offset: zoneOffset(quarter * QUARTER_HOUR, timeZone) };
    lastQuarter.set(timeZone, last);
  }
  return last.offset;
}
