/**
 * Applying, listing and undoing cost updates (decision 160). The clicks are
 * matched in the read worker; the update is recorded with its author and
 * before/after totals, then written in short transactions (`write.ts`: whole
 * campaign-hours from the cubes' rows, the rest click by click; the rollups
 * move by the difference, so reports show the new cost at once), clicks
 * answered in between. Each changed click's old cost and currency are kept,
 * so undo restores them exactly, and an update a crash cut short is rolled
 * back at start (`recoverCostUpdates`).
 * Updates and undos run one at a time.
 */
import type {
  CostUpdateInput,
  CostUpdateRecord,
  CostUpdateResult,
} from "../../contracts/cost_update.ts";
import type { ReportFilter } from "../../contracts/report_query.ts";
import { type Db, transaction } from "../db/connection.ts";
import { unlessHeld, whileHeld } from "../db/jobs.ts";
import { fromMicros, toMicros } from "../money.ts";
import { HttpError } from "../errors.ts";
import type { TrackingEngine } from "../tracking/engine.ts";
import type { UserRow } from "../users/store.ts";
import { writeClickCosts } from "./bulk_cost.ts";
import { type MatchedClick, periodRange, sharedTokenFilter, shares } from "./match.ts";
import { dayText, factors } from "../currency/rates.ts";
import { MS_DAY, MS_HOUR } from "../reports/rollup_schema.ts";
import { inParts, undoWholeHours, writeShares } from "./write.ts";

/** Who asks, and through which door. */
export type CostActor = { user: UserRow; source: CostUpdateRecord["source"] };

function assertCampaigns(db: Db, ids: readonly number[]): void {
  const found = db.prepare(
    "SELECT id FROM campaigns WHERE id IN (SELECT value FROM json_each(?))",
  ).all(JSON.stringify(ids)).map((r) => Number(r.id));
  const missing = ids.filter((id) => !found.includes(id));
  if (missing.length > 0) {
    throw new HttpError(404, "NOT_FOUND", `No campaign #${missing.join(", #")}`);
  }
}

/**
 * Adding to clicks whose cost is in another currency would mix two
 * currencies in one amount: refused (replace sets cost and currency anew).
 */
function assertAddable(clicks: readonly MatchedClick[], currency: string): void {
  const other = clicks.find((c) => c.cost !== 0 && c.currency !== currency);
  if (!other) return;
  throw new HttpError(
    422,
    "CURRENCY_MISMATCH",
    `These clicks' cost is in ${other.currency}: add in ${other.currency}, or replace the cost`,
  );
}

/**
 * The matched clicks' cost in `currency`, each at its day's rate (as reports
 * convert it); refused when a rate is missing.
 */
function costIn(db: Db, clicks: readonly MatchedClick[], currency: string): number {
  const foreign = clicks.filter((c) => c.cost !== 0 && c.currency !== currency);
  let total = clicks.reduce((sum, c) => sum + (c.currency === currency ? c.cost : 0), 0);
  if (foreign.length === 0) return total;
  // Clicks are oldest first.
  const from = Math.floor(foreign[0].ts / MS_DAY), to = Math.floor(foreign.at(-1)!.ts / MS_DAY) + 1;
  const table = factors(db, currency, [...new Set(foreign.map((c) => c.currency))], from, to);
  const factor = new Map(table.rows.map(([day, cur, f]) => [`${day}|${cur}`, f]));
  for (const c of foreign) {
    const day = Math.floor(c.ts / MS_DAY);
    const f = factor.get(`${day}|${c.currency}`);
    if (f === undefined) {
      throw new HttpError(
        422,
        "NO_RATE",
        `No ${c.currency}/${currency} rate on or before ${
          dayText(day)
        }: add one in Settings → Stats → Currency rates`,
      );
    }
    total += c.cost * f;
  }
  return Math.round(total);
}

/** The update or undo running now, per engine: the next one starts after it. */
const running = new WeakMap<TrackingEngine, Promise<unknown>>();

/**
 * Several PostgreSQL nodes: the lock an applying or undoing node holds, so one
 * writes costs at a time and a node starting meanwhile leaves its update alone.
 */
const COST_LOCK = "cost-updates";

function oneAtATime<T>(engine: TrackingEngine, fn: () => Promise<T>): Promise<T> {
  const held = () => whileHeld(engine.db, COST_LOCK, fn);
  const turn = (running.get(engine) ?? Promise.resolve()).then(held, held);
  running.set(engine, turn.catch(() => undefined));
  return turn;
}

/** Applies (or, with `dryRun`, only measures) one cost update. */
export async function applyCostUpdate(
  engine: TrackingEngine,
  input: CostUpdateInput,
  actor: CostActor,
  now = Date.now(),
): Promise<CostUpdateResult> {
  const db = engine.db;
  assertCampaigns(db, input.campaignIds);
  const { start, end } = periodRange(input.from, input.to, input.tz);
  const filters = input.token
    ? [...input.filters, sharedTokenFilter(db, input.campaignIds, input.token)]
    : input.filters;
  if (input.dryRun) {
    const { result } = await measure(engine, input, { start, end, filters });
    return { id: null, ...result };
  }
  return await oneAtATime(engine, async () => {
    // Matched in turn: an update still being written before this one has changed the clicks'
    // cost by then, so this one's totals (answered and recorded) start from it.
    const { clicks, receiving, matchedAt, costBefore, costAfter, amount, result } = await measure(
      engine,
      input,
      { start, end, filters },
    );
    // Sums of clicks still held in memory reach the rollups first (decision 110).
    engine.clicks.flushRollups();
    const id = transaction(db, () =>
      record(db, input, actor, {
        now,
        filters,
        amount,
        clicks: clicks.length,
        costBefore,
        costAfter,
      }));
    try {
      await writeShares(engine, {
        id,
        clicks,
        receiving,
        mode: input.mode,
        currency: input.currency,
        // Whole hours can be written from the cubes' rows: every click in them gets a share.
        whole: (hourStart) =>
          filters.length === 0 && !input.uniqueOnly && hourStart >= start &&
          hourStart + MS_HOUR <= Math.min(end, matchedAt),
      });
      setState(db, id, "done");
    } catch (err) {
      restoreAll(db, id);
      setState(db, id, "failed");
      throw err;
    }
    return { id, ...result };
  });
}

/** Matches the update's clicks and works out each receiver's share and the totals before/after. */
async function measure(
  engine: TrackingEngine,
  input: CostUpdateInput,
  period: { start: number; end: number; filters: readonly ReportFilter[] },
) {
  const matchedAt = Date.now();
  const clicks = await engine.reads.run("costMatch", {
    campaignIds: input.campaignIds,
    start: period.start,
    end: period.end,
    tz: input.tz,
    filters: period.filters,
  });
  const receivers = clicks.filter((c) => !input.uniqueOnly || c.unique);
  if (receivers.length === 0) {
    throw new HttpError(422, "NO_CLICKS", "No clicks match this period and these filters");
  }
  if (input.mode === "add") assertAddable(clicks, input.currency);
  const amount = toMicros(input.amount);
  const share = shares(amount, receivers.length);
  const receiving = new Map(receivers.map((c, i) => [c.id, share(i)]));
  const next = (id: string, cost: number) => {
    const part = receiving.get(id) ?? 0;
    return input.mode === "add" ? cost + part : part;
  };
  const costBefore = costIn(engine.db, clicks, input.currency);
  const costAfter = clicks.reduce((sum, c) => sum + next(c.id, c.cost), 0);
  const result = {
    dryRun: input.dryRun,
    clicks: clicks.length,
    receivers: receivers.length,
    costBefore: fromMicros(costBefore),
    costAfter: fromMicros(costAfter),
    currency: input.currency,
  };
  return { clicks, receiving, matchedAt, amount, costBefore, costAfter, result };
}

function setState(db: Db, id: number, state: string): void {
  db.prepare("UPDATE cost_updates SET state = ? WHERE id = ?").run(state, id);
}

/** The changes that give update `id`'s clicks (of `ids`, or all) their old cost back. */
function restoring(db: Db, id: number, ids?: readonly string[]) {
  const columns = `SELECT k.id, c.before, c.before_currency, k.cost, k.cost_currency
     FROM cost_update_clicks c JOIN clicks k ON k.id = c.click_id WHERE c.update_id = ?`;
  const rows = ids
    ? db.prepare(`${columns} AND c.click_id IN (SELECT value FROM json_each(?))`)
      .all(id, JSON.stringify(ids))
    : db.prepare(columns).all(id);
  return rows.map((r) => ({
    id: String(r.id),
    cost: Number(r.before),
    currency: String(r.before_currency),
    before: Number(r.cost),
    beforeCurrency: String(r.cost_currency),
  }));
}

/** Every click update `id` changed gets its old cost back, in one transaction. */
function restoreAll(db: Db, id: number): void {
  transaction(db, () => writeClickCosts(db, restoring(db, id)));
}

/**
 * At start: an update a crash left half-written is rolled back ('failed'),
 * an undo it left half-done is finished. Returns the updates it settled. With
 * several PostgreSQL nodes, nothing while another node is writing costs (its
 * update is not a crash's).
 */
export function recoverCostUpdates(db: Db, now = Date.now()): number[] {
  return unlessHeld(db, COST_LOCK, () => recover(db, now)) ?? [];
}

function recover(db: Db, now: number): number[] {
  const open = db.prepare(
    "SELECT id, state FROM cost_updates WHERE state IN ('applying', 'undoing')",
  ).all();
  for (const row of open) {
    const id = Number(row.id);
    restoreAll(db, id);
    if (row.state === "applying") setState(db, id, "failed");
    else {
      db.prepare(
        `UPDATE cost_updates SET state = 'done', undone_at = ?,
           undone_by = coalesce(undone_by, 'recovery') WHERE id = ?`,
      ).run(now, id);
    }
  }
  return open.map((r) => Number(r.id));
}

function record(
  db: Db,
  input: CostUpdateInput,
  actor: CostActor,
  sums: {
    now: number;
    filters: readonly ReportFilter[];
    amount: number;
    clicks: number;
    costBefore: number;
    costAfter: number;
  },
): number {
  return Number(
    db.prepare(
      `INSERT INTO cost_updates (ts, user_id, username, source, campaign_ids, period_from,
        period_to, tz, filters, mode, unique_only, amount, currency, clicks, cost_before, cost_after,
        state)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'applying') RETURNING id`,
    ).get(
      sums.now,
      actor.user.id,
      actor.user.username,
      actor.source,
      JSON.stringify(input.campaignIds),
      input.from,
      input.to,
      input.tz,
      JSON.stringify(sums.filters),
      input.mode,
      input.uniqueOnly ? 1 : 0,
      sums.amount,
      input.currency,
      sums.clicks,
      sums.costBefore,
      sums.costAfter,
    )!.id,
  );
}

/**
 * Undoes update `id`: every click it changed gets its old cost back. Refused
 * when a later update (not undone) changed some of the same clicks: undo that
 * one first, or the later spend would be lost.
 */
export async function undoCostUpdate(
  engine: TrackingEngine,
  id: number,
  user: UserRow,
  now = Date.now(),
): Promise<CostUpdateRecord> {
  const db = engine.db;
  return await oneAtATime(engine, async () => {
    engine.clicks.flushRollups();
    transaction(db, () => {
      const row = db.prepare("SELECT undone_at, state FROM cost_updates WHERE id = ?").get(id);
      if (!row) throw new HttpError(404, "NOT_FOUND", `No cost update #${id}`);
      if (row.state === "failed") {
        throw new HttpError(409, "CONFLICT", `Cost update #${id} failed and changed nothing`);
      }
      if (row.undone_at !== null || row.state !== "done") {
        throw new HttpError(409, "CONFLICT", `Cost update #${id} is already undone`);
      }
      const later = db.prepare(
        `SELECT min(b.update_id) AS later FROM cost_update_clicks a
         JOIN cost_update_clicks b ON b.click_id = a.click_id AND b.update_id > a.update_id
         JOIN cost_updates u ON u.id = b.update_id AND u.undone_at IS NULL AND u.state = 'done'
         WHERE a.update_id = ?`,
      ).get(id);
      if (later?.later != null) {
        throw new HttpError(
          409,
          "CONFLICT",
          `Cost update #${later.later} changed the same clicks later: undo it first`,
        );
      }
      db.prepare("UPDATE cost_updates SET state = 'undoing', undone_by = ? WHERE id = ?")
        .run(user.username, id);
    });
    const byClick = await undoWholeHours(engine, id);
    await inParts(
      byClick,
      (part) => transaction(db, () => writeClickCosts(db, restoring(db, id, part))),
    );
    db.prepare("UPDATE cost_updates SET state = 'done', undone_at = ? WHERE id = ?").run(now, id);
    return listCostUpdates(db, { id })[0];
  });
}

/** Recorded updates, newest first: of one campaign, or one update, or all. */
export function listCostUpdates(
  db: Db,
  query: { campaignId?: number; id?: number; limit?: number },
): CostUpdateRecord[] {
  const rows = db.prepare(
    `SELECT * FROM cost_updates
     WHERE (? IS NULL OR id = ?)
       AND (? IS NULL OR ? IN (SELECT value FROM json_each(campaign_ids)))
     ORDER BY id DESC LIMIT ?`,
  ).all(
    query.id ?? null,
    query.id ?? null,
    query.campaignId ?? null,
    query.campaignId ?? null,
    query.limit ?? 100,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    ts: Number(r.ts),
    username: String(r.username),
    source: String(r.source) as CostUpdateRecord["source"],
    campaignIds: JSON.parse(String(r.campaign_ids)),
    from: String(r.period_from),
    to: String(r.period_to),
    tz: String(r.tz),
    filters: JSON.parse(String(r.filters)),
    mode: String(r.mode) as CostUpdateRecord["mode"],
    uniqueOnly: r.unique_only === 1,
    amount: fromMicros(Number(r.amount)),
    currency: String(r.currency),
    clicks: Number(r.clicks),
    costBefore: fromMicros(Number(r.cost_before)),
    costAfter: fromMicros(Number(r.cost_after)),
    state: String(r.state) as CostUpdateRecord["state"],
    undoneAt: r.undone_at === null ? null : Number(r.undone_at),
    undoneBy: r.undone_by === null ? null : String(r.undone_by),
  }));
}
