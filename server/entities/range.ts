/**
 * Date ranges of list and report queries: calendar days read in the user's
 * time zone, turned into a half-open range of epoch milliseconds.
 */
import { HttpError } from "../errors.ts";

const PARTS = ["year", "month", "day", "hour", "minute", "second"] as const;

function formatter(tz: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
}

/** How far `tz`'s wall clock is ahead of UTC at the instant `utcMs`. */
function offsetMs(utcMs: number, tz: string): number {
  const parts = formatter(tz).formatToParts(new Date(utcMs));
  const [y, mo, d, h, mi, s] = PARTS.map((type) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0)
  );
  return Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(utcMs / 1000) * 1000;
}

/** The instant `day` (YYYY-MM-DD) starts in `tz`. */
export function startOfDay(day: string, tz: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  const first = wall - offsetMs(wall, tz);
  // Once more at the found instant: the offset may differ across a DST change.
  return wall - offsetMs(first, tz);
}

/** The instant a moment (`YYYY-MM-DD` or `YYYY-MM-DD HH:mm[:ss]`) starts in `tz`. */
export function localInstant(moment: string, tz: string): number {
  const day = moment.slice(0, 10);
  const time = moment.slice(11);
  if (!time) return startOfDay(day, tz);
  const [h, m, s] = time.split(":").map(Number);
  if (h > 23 || m > 59 || (s ?? 0) > 59) {
    throw new HttpError(400, "VALIDATION_ERROR", `'${moment}' is not a real time`);
  }
  // The wall-clock time's own offset, not the day start's: a DST change may come in between.
  const wall = Date.parse(`${day}T00:00:00Z`) + ((h * 60 + m) * 60 + (s ?? 0)) * 1000;
  const first = wall - offsetMs(wall, tz);
  return wall - offsetMs(first, tz);
}

/** Today's date in `tz`, as YYYY-MM-DD. */
export function today(tz: string, now = Date.now()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(new Date(now));
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** `[start, end)` in ms for the days `from`…`to` (inclusive) in `tz`; both default to today. */
export function dayRange(
  query: { from?: string; to?: string; tz: string },
): { start: number; end: number } {
  const from = query.from ?? query.to ?? today(query.tz);
  const to = query.to ?? (query.from ? today(query.tz) : from);
  const last = to < from ? from : to;
  return { start: startOfDay(from, query.tz), end: startOfDay(nextDay(last), query.tz) };
}
