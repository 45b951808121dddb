/**
 * Local time in an IANA zone without a formatter call per click: a zone's
 * offset is the same for a whole quarter hour of UTC (every offset and every
 * transition falls on a quarter hour), so it is computed once per quarter hour.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The offset of `timeZone` from UTC at the instant `ts`, in ms (local = ts + offset). */
export function zoneOffset(ts: number, timeZone: string): number {
  if (timeZone === "UTC") return 0;
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(ts)) {
    if (part.type !== "literal") p[part.type] = Number(part.value);
  }
  const local = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
  return local - (ts - (ts % 1000 + 1000) % 1000);
}

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
