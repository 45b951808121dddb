/**
 * Local time in SQL: a report's day, hour, weekday and month are read in the
 * user's IANA time zone. Over a range the zone's offset is piecewise constant
 * (it changes at DST transitions), so local time is `t + CASE …` with one
 * branch per offset. Rollups are hourly UTC: they answer only when every
 * offset in the range is a whole number of hours (decision 060).
 */

const MS_HOUR = 3_600_000;
const MS_DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(tz, f);
  }
  return f;
}

/** How far `tz`'s wall clock is ahead of UTC at `utcMs`, in ms. */
export function zoneOffset(utcMs: number, tz: string): number {
  if (tz === "UTC") return 0;
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(new Date(utcMs))) {
    p[part.type] = Number(part.value);
  }
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(utcMs / 1000) * 1000;
}

/** A stretch of constant offset starting at `from` (ms). */
export type Segment = { from: number; offset: number };

/** The offsets of `tz` over `[start, end)`: sampled every 6 hours, transitions found to the minute. */
export function zoneSegments(start: number, end: number, tz: string): Segment[] {
  const segments: Segment[] = [{ from: start, offset: zoneOffset(start, tz) }];
  if (tz === "UTC") return segments;
  const step = 6 * MS_HOUR;
  for (let t = start; t < end; t += step) {
    const next = Math.min(t + step, end);
    const last = segments[segments.length - 1];
    const offset = zoneOffset(next, tz);
    if (offset === last.offset || next >= end) continue;
    // Binary search for the first minute with the new offset.
    let lo = t, hi = next;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (zoneOffset(mid, tz) === last.offset) lo = mid;
      else hi = mid;
    }
    segments.push({ from: hi, offset });
  }
  return segments;
}

/** True when hourly UTC buckets map onto local hours (no :30 or :45 offsets). */
export function wholeHourOffsets(segments: readonly Segment[]): boolean {
  return segments.every((s) => s.offset % MS_HOUR === 0 && s.from % MS_HOUR === 0);
}

/** SQL for the local time of the instant `t` (an SQL expression in ms). */
export function localTimeSql(t: string, segments: readonly Segment[]): string {
  if (segments.length === 1) return `(${t} + ${segments[0].offset})`;
  const branches = segments.slice(1).map((s, i) =>
    `WHEN ${t} < ${s.from} THEN ${segments[i].offset}`
  );
  return `(${t} + CASE ${branches.join(" ")} ELSE ${segments[segments.length - 1].offset} END)`;
}

/** `YYYY-MM-DD` of a local day number (days since 1970-01-01). */
export function dayLabel(day: number): string {
  return new Date(day * MS_DAY).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:00` of a local hour number (hours since 1970-01-01 00:00). */
export function dateHourLabel(hour: number): string {
  const iso = new Date(hour * MS_HOUR).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00`;
}

/** `YYYY-MM-DD HH:MM:SS` of the instant `ms` in `tz` (CSV cells). */
export function localStamp(ms: number, tz: string): string {
  return new Date(ms + zoneOffset(ms, tz)).toISOString().slice(0, 19).replace("T", " ");
}
