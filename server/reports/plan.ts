/**
 * Which rows answer a report (decisions 060 and 061): the smallest hourly
 * cube holding every column the query needs, else raw clicks. When the
 * grouping has no time dimension, or only whole UTC days (day, weekday, month
 * in a zone at UTC+0 all range long), the range splits in three: whole sealed
 * UTC days from the smallest daily cube holding those columns, the
 * partial-day edges (and the days not yet sealed) from the hourly cube. Exact in any whole-hour time zone,
 * because the edges are hourly: a local day in UTC+2 is 22:00–22:00 UTC.
 */
import { SUBJECT_TYPES } from "../../contracts/report.ts";
import { DIMENSION_BY_NAME } from "./dimensions.ts";
import type { SumsSpec } from "./query.ts";
import { type Cube, DAILY, HOURLY, MS_HOUR } from "./rollup_schema.ts";

/** The per-campaign daily cubes (the planner's choice), and their twins across campaigns. */
const PER_CAMPAIGN = DAILY.filter((c) => !c.perCampaign);
const ACROSS = new Map(DAILY.filter((c) => c.perCampaign).map((c) => [c.perCampaign!, c]));
import { wholeHourOffsets, zoneSegments } from "./time.ts";

/**
 * One piece of a rollup read: buckets `[from, to)` of one table;
 * `allCampaigns` when the table sums every campaign (the subject holds every
 * campaign with rows there: no campaign condition).
 */
export type Part = {
  table: string;
  bucket: "hour" | "day";
  from: number;
  to: number;
  allCampaigns?: boolean;
  /**
   * Cost-update shares (decision 160, update 3): a daily part skips the
   * campaign-days that hold one, and an hourly part reads only those days
   * in their stead.
   */
  shared?: { read: "skip" | "only"; days: [number, number] };
};

/**
 * Answers whether every campaign with a row in days `[from, to)` of the
 * per-campaign daily cube `cube` is one the query may read: the subject's
 * campaigns, or for other subjects every campaign still stored (and none).
 */
export type CampaignsCovered = (cube: Cube, from: number, to: number) => boolean;

/** Time dimensions that a UTC day bucket answers in a zone at UTC+0. */
const DAY_DIMENSIONS = new Set(["day", "weekday", "month"]);

/** The base columns a query reads: its subject's, its grouping's and its filters'. */
export function neededColumns(spec: SumsSpec): Set<string> {
  const columns = new Set<string>([SUBJECT_TYPES[spec.subject.type].column]);
  for (const name of [...spec.groupBy, ...spec.filters.map((f) => f.dim)]) {
    const dim = DIMENSION_BY_NAME.get(name);
    if (!dim) throw new Error(`unknown dimension ${name}`);
    for (const col of dim.columns) columns.add(col);
  }
  if (spec.subject.type === "affiliate-network") columns.add("offer_id");
  return columns;
}

/** The first (smallest) of `cubes` holding every column `spec` needs besides time. */
function smallest(cubes: readonly Cube[], spec: SumsSpec): Cube | null {
  const needed = neededColumns(spec);
  needed.delete("time");
  return cubes.find((c) => [...needed].every((col) => c.keys.some((k) => k.name === col))) ??
    null;
}

/** The smallest hourly cube that answers `spec`, or null for raw rows. */
export function pickCube(spec: SumsSpec): Cube | null {
  if (spec.forceRaw) return null;
  // Hourly rows are exact only for hour-aligned ranges in whole-hour zones.
  if (spec.start % MS_HOUR !== 0 || spec.end % MS_HOUR !== 0) return null;
  if (!wholeHourOffsets(zoneSegments(spec.start, spec.end, spec.tz))) return null;
  return smallest(HOURLY, spec);
}

/** True when a UTC day bucket maps onto the query's time grouping. */
function daysAnswer(spec: SumsSpec): boolean {
  const timeDims = [...spec.groupBy, ...spec.filters.map((f) => f.dim)].filter((name) =>
    DIMENSION_BY_NAME.get(name)?.columns.includes("time")
  );
  if (timeDims.length === 0) return true;
  return timeDims.every((name) => DAY_DIMENSIONS.has(name)) &&
    zoneSegments(spec.start, spec.end, spec.tz).every((s) => s.offset === 0);
}

/** Subjects a cube across campaigns can filter: campaigns (by coverage), sources, rotations. */
const ACROSS_SUBJECTS = new Set(["campaign", "traffic-source", "rotation"]);

/**
 * True when a daily cube across campaigns could answer `spec`'s days: its
 * subject is one it can filter, and no grouping or filter reads the campaign.
 */
function acrossAnswers(spec: SumsSpec): boolean {
  if (!ACROSS_SUBJECTS.has(spec.subject.type)) return false;
  return [...spec.groupBy, ...spec.filters.map((f) => f.dim)].every((name) =>
    !DIMENSION_BY_NAME.get(name)?.columns.includes("campaign_id")
  );
}

/**
 * The parts of a rollup read, or null for raw rows. `sealedHour()` reads the
 * first hour the daily tier does not hold yet (asked only when days could
 * help; read it in the same read transaction as the parts). The daily row of
 * the day being sealed holds that day's hours before it, so a range holding
 * all of them reads that row and only the hours from the sealed one on: a
 * report ending today reads today's hourly rows of the current hour only.
 * The days come from the daily cube across campaigns when there is one and
 * `covered` finds no campaign there the query may not read (decision 169).
 */
export function planRead(
  spec: SumsSpec,
  sealedHour: () => number,
  covered?: CampaignsCovered,
  shared?: (fromHour: number, toHour: number) => [number, number] | null,
): Part[] | null {
  const cube = pickCube(spec);
  if (!cube) return null;
  const first = spec.start / MS_HOUR, end = spec.end / MS_HOUR;
  const hours = (from: number, to: number): Part => ({
    table: cube.table,
    bucket: "hour",
    from,
    to,
  });
  const fromDay = Math.ceil(first / 24);
  if (fromDay * 24 >= end || !daysAnswer(spec)) return [hours(first, end)];
  const days = smallest(PER_CAMPAIGN, spec);
  if (!days) return [hours(first, end)];
  const sealed = sealedHour();
  const sealedDay = Math.floor(sealed / 24);
  const partial = sealed % 24 !== 0 && fromDay <= sealedDay && sealed <= end;
  const toDay = partial ? sealedDay + 1 : Math.min(Math.floor(end / 24), sealedDay);
  if (toDay <= fromDay) return [hours(first, end)];
  const hoursFrom = partial ? sealed : toDay * 24;
  const across = ACROSS.get(days);
  // The hours the daily rows hold: a campaign-day with a cost-update share is read from its hours,
  // only within the days the shares span.
  const sharedDays = shared?.(fromDay * 24, hoursFrom) ?? null;
  const parts: Part[] = [
    across && acrossAnswers(spec) && !sharedDays && covered?.(days, fromDay, toDay)
      ? { table: across.table, bucket: "day", from: fromDay, to: toDay, allCampaigns: true }
      : {
        table: days.table,
        bucket: "day",
        from: fromDay,
        to: toDay,
        ...(sharedDays ? { shared: { read: "skip" as const, days: sharedDays } } : {}),
      },
  ];
  if (sharedDays) {
    const [from, to] = sharedDays;
    parts.push({
      ...hours(from * 24, Math.min(hoursFrom, to * 24)),
      shared: { read: "only", days: sharedDays },
    });
  }
  if (first < fromDay * 24) parts.push(hours(first, fromDay * 24));
  if (hoursFrom < end) parts.push(hours(hoursFrom, end));
  return parts;
}
