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
import { type Db, dialectOf, transaction } from "../db/connection.ts";
import { unlessHeld, whileHeld } from "../db/jobs.ts";
import { fromMicros, toMicros } from "../money.ts";
import { HttpError } from "../errors.ts";
import type { TrackingEngine } from "../tracking/engine.ts";
import type { UserRow } from "../users/store.ts";
import { writeClickCosts } from "./bulk_cost.ts";
import { periodRange, sharedTokenFilter } from "./match.ts";
import { MS_HOUR } from "../reports/rollup_schema.ts";
import { inParts, undoWholeHours, writeShares } from "./write.ts";
import { dropShares, laterShare } from "./shares.ts";

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

/** The update, undo or fold running now, per engine: the next one starts after it. */
const running = new WeakMap<TrackingEngine, Promise<unknown>>();

/**
 * Several PostgreSQL nodes: the lock an applying or undoing node holds, so one
 * writes costs at a time and a node starting meanwhile leaves its update alone.
 */
const COST_LOCK = "cost-updates";

export function oneAtATime<T>(engine: TrackingEngine, fn: () => Promise<T>): Promise<T> {
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
    const { plan, matchedAt, amount, result } = await measure(engine, input, {
      start,
      end,
      filters,
    });
    const { costBefore, costAfter } = plan;
    // Sums of clicks still held in memory reach the rollups before rows are written (decision
    // 110). Shares alone need none: their hours' clicks are all in the cubes (the plan checked).
    if (plan.written.length > 0) engine.clicks.flushRollups();
    const id = transaction(db, () =>
      record(db, input, actor, {
        now,
        filters,
        amount,
        clicks: plan.clicks,
        costBefore,
        costAfter,
      }));
    try {
      await writeShares(engine, {
        id,
        clicks: plan.written,
        receiving: new Map(plan.receiving),
        shared: plan.shared,
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
      transaction(db, () => dropShares(db, id));
      setState(db, id, "failed");
      throw err;
    }
    return { id, ...result };
  });
}

/**
 * The campaigns whose whole hours may take a read-time share (decision 160,
 * update 3): on SQLite, those charged per click — CPA and RevShare recompute
 * a click's cost at its conversion, over the written cost.
 */
function chargedPerClick(db: Db, campaignIds: readonly number[]): number[] {
  if (dialectOf(db) === "postgres") return [];
  return db.prepare(
    `SELECT id FROM campaigns WHERE id IN (SELECT value FROM json_each(?))
       AND cost_model NOT IN ('cpa', 'revshare')`,
  ).all(JSON.stringify(campaignIds)).map((r) => Number(r.id));
}

/**
 * Matches the update's clicks and works out each receiver's share, the totals
 * before/after and which hours take a read-time share, in the read worker
 * (decision 160, update 3): this thread gets a few rows per hour.
 */
async function measure(
  engine: TrackingEngine,
  input: CostUpdateInput,
  period: { start: number; end: number; filters: readonly ReportFilter[] },
) {
  const matchedAt = Date.now();
  const amount = toMicros(input.amount);
  const plan = await engine.reads.run("costPlan", {
    campaignIds: input.campaignIds,
    start: period.start,
    end: period.end,
    tz: input.tz,
    filters: period.filters,
    uniqueOnly: input.uniqueOnly,
    mode: input.mode,
    amount,
    currency: input.currency,
    matchedAt,
    shareable: chargedPerClick(engine.db, input.campaignIds),
  });
  const result = {
    dryRun: input.dryRun,
    clicks: plan.clicks,
    receivers: plan.receivers,
    costBefore: fromMicros(plan.costBefore),
    costAfter: fromMicros(plan.costAfter),
    currency: input.currency,
  };
  return { plan, matchedAt, amount, result };
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
    transaction(db, () => dropShares(db, id));
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
      const laterId = later?.later != null ? Number(later.later) : laterShare(db, id);
      if (laterId != null) {
        throw new HttpError(
          409,
          "CONFLICT",
          `Cost update #${laterId} changed the same clicks later: undo it first`,
        );
      }
      db.prepare("UPDATE cost_updates SET state = 'undoing', undone_by = ? WHERE id = ?")
        .run(user.username, id);
      // The hours still holding this update's share: taking the share back is the undo.
      dropShares(db, id);
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
