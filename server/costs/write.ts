/**
 * Writing a cost update's shares, and putting them back (decision 160): whole
 * campaign-hours from the cubes' rows when every click of the hour receives
 * (`hour_cost.ts`), the rest click by click in parts (`bulk_cost.ts`), each
 * part its own short transaction with the event loop free between parts, so
 * clicks are answered while an update is written.
 */
import { type Db, transaction } from "../db/connection.ts";
import { MS_HOUR } from "../reports/rollup_schema.ts";
import type { TrackingEngine } from "../tracking/engine.ts";
import { writeClickCosts } from "./bulk_cost.ts";
import { HourMismatch, type HourWrite, writeHourCost } from "./hour_cost.ts";
import type { MatchedClick } from "./match.ts";
import { campaignHours } from "./plan.ts";
import { sharesIn } from "./share_sql.ts";
import { foldHoursOf, type HourShare, recordShares } from "./shares.ts";

/**
 * Clicks written per transaction on the click-by-click path: ~6 ms of work
 * (a part costs ~2 ms plus ~8 µs a click), so a click arriving meanwhile
 * waits no longer than that. Sized by time instead, parts shrank on a busy
 * machine and the wait between parts (a timer's, so that requests get in)
 * made an update 7× longer.
 */
export const CHUNK_CLICKS = 500;

/** Lets the requests that arrived while a part was written run, and the click writer commit. */
const letClicksIn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `write` over `items` in parts, each its own transaction, letting the clicks in between. */
export async function inParts<T>(items: readonly T[], write: (part: readonly T[]) => void) {
  for (let i = 0; i < items.length; i += CHUNK_CLICKS) {
    write(items.slice(i, i + CHUNK_CLICKS));
    await letClicksIn();
  }
}

/**
 * Writes one campaign-hour from the cubes' rows; false (nothing written) when
 * its clicks are not the ones expected, for the caller to write click by click.
 */
async function wholeHour(engine: TrackingEngine, write: HourWrite): Promise<boolean> {
  // Clicks whose sums are still in memory reach the rows first (decision 110).
  engine.clicks.flushRollups();
  try {
    transaction(engine.db, () => writeHourCost(engine.db, write));
    return true;
  } catch (err) {
    if (!(err instanceof HourMismatch)) throw err;
    return false;
  } finally {
    await letClicksIn();
  }
}

/** Costs and currencies of the clicks `ids` now. */
function currentCosts(db: Db, ids: readonly string[]) {
  return db.prepare(
    `SELECT id, cost, cost_currency FROM clicks WHERE id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)).map((r) => ({
    id: String(r.id),
    cost: Number(r.cost),
    currency: String(r.cost_currency),
  }));
}

/** What update `id` gives its matched clicks. */
export type Shares = {
  id: number;
  clicks: readonly MatchedClick[];
  /** Each receiver's share (micro-units); the other matched clicks get none. */
  receiving: ReadonlyMap<string, number>;
  mode: "replace" | "add";
  currency: string;
  /** Whether the hour starting at this instant may be written whole. */
  whole: (hourStart: number) => boolean;
  /** Whole campaign-hours that take a read-time share instead (decision 160, update 3). */
  shared: readonly HourShare[];
};

/** Campaign-hours whose shares are recorded per transaction. */
const SHARE_HOURS = 500;

/**
 * Records the update's read-time shares, then writes every other matched
 * click's new cost, keeping its old one under the update.
 */
export async function writeShares(engine: TrackingEngine, s: Shares): Promise<void> {
  const db = engine.db;
  const byClick: MatchedClick[] = [];
  const plusOne: string[] = [];
  for (let i = 0; i < s.shared.length; i += SHARE_HOURS) {
    const part = s.shared.slice(i, i + SHARE_HOURS);
    transaction(db, () => recordShares(db, s.id, s.mode, s.currency, part));
    await letClicksIn();
  }
  for (const group of campaignHours(s.clicks)) {
    const hour = Math.floor(group[0].ts / MS_HOUR);
    // An earlier update's share of this hour reaches the rows before they are written.
    if (sharesIn(db, hour, hour + 1)) {
      transaction(db, () => foldHoursOf(db, [group[0].campaignId], hour, hour + 1));
    }
    const base = group.reduce((min, c) => Math.min(min, s.receiving.get(c.id) ?? 0), Infinity);
    const written = s.whole(hour * MS_HOUR) && await wholeHour(engine, {
      updateId: s.id,
      campaignId: group[0].campaignId,
      hour,
      clicks: group.length,
      share: base,
      mode: s.mode,
      currency: s.currency,
      keep: true,
    });
    if (written) {
      plusOne.push(...group.filter((c) => s.receiving.get(c.id)! > base).map((c) => c.id));
    } else byClick.push(...group);
  }
  const next = (id: string, cost: number) => {
    const part = s.receiving.get(id) ?? 0;
    return s.mode === "add" ? cost + part : part;
  };
  await inParts(byClick.map((c) => c.id), (ids) =>
    transaction(db, () => {
      // Each click as it is now: a conversion may have charged it since it was matched.
      const changes = currentCosts(db, ids).map((c) => ({
        id: c.id,
        cost: next(c.id, c.cost),
        currency: s.currency,
        before: c.cost,
        beforeCurrency: c.currency,
      })).filter((c) => c.cost !== c.before || c.currency !== c.beforeCurrency);
      writeClickCosts(db, changes, s.id);
    }));
  // The shares' remainder: one micro-unit more for the first clicks of a whole hour.
  await inParts(plusOne, (ids) =>
    transaction(db, () =>
      writeClickCosts(
        db,
        currentCosts(db, ids).map((c) => ({
          id: c.id,
          cost: c.cost + 1,
          currency: c.currency,
          before: c.cost,
          beforeCurrency: c.currency,
        })),
      )));
}

/**
 * Puts back, from the cubes' rows, every campaign-hour whose kept clicks are
 * all its non-bot clicks and all had one cost and currency before (clicks
 * without a cost in the URL, or at one CPC): the usual case. Returns the other
 * clicks' ids, to be put back click by click.
 */
export async function undoWholeHours(engine: TrackingEngine, id: number): Promise<string[]> {
  const groups = engine.db.prepare(
    `SELECT k.campaign_id, k.ts / ${MS_HOUR} AS hour, json_group_array(c.click_id) AS ids,
       count(*) AS n, sum(k.is_bot = 0) AS live, min(c.before) AS before, max(c.before) AS top,
       min(c.before_currency) AS currency, max(c.before_currency) AS other
     FROM cost_update_clicks c JOIN clicks k ON k.id = c.click_id
     WHERE c.update_id = ? GROUP BY 1, 2 ORDER BY 1, 2`,
  ).all(id);
  const byClick: string[] = [];
  for (const g of groups) {
    // Whole hours only: every click kept is still counted (none flagged a bot since).
    const same = g.before === g.top && g.currency === g.other && g.live === g.n;
    const written = same && await wholeHour(engine, {
      updateId: id,
      campaignId: Number(g.campaign_id),
      hour: Number(g.hour),
      clicks: Number(g.n),
      share: Number(g.before),
      mode: "replace",
      currency: String(g.currency),
      keep: false,
    });
    if (!written) byClick.push(...(JSON.parse(String(g.ids)) as string[]));
  }
  return byClick;
}
