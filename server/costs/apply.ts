/**
 * Applying, listing and undoing cost updates (decision 160). An update is one
 * transaction: the matched clicks' costs change (the rollup triggers move the
 * sums by the difference, so every report and list shows the new cost at
 * once), the update is recorded with its author and before/after totals, and
 * each changed click's old cost is kept so that undo restores it exactly.
 */
import type {
  CostUpdateInput,
  CostUpdateRecord,
  CostUpdateResult,
} from "../../contracts/cost_update.ts";
import type { ReportFilter } from "../../contracts/report_query.ts";
import { type Db, transaction } from "../db/connection.ts";
import { fromMicros, toMicros } from "../entities/money.ts";
import { HttpError } from "../errors.ts";
import { getStatsSettings } from "../settings/sections.ts";
import type { TrackingEngine } from "../tracking/engine.ts";
import type { UserRow } from "../users/store.ts";
import { writeClickCosts } from "./bulk_cost.ts";
import { matchClicks, periodRange, sharedTokenFilter, shares } from "./match.ts";

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
 * Costs have no currency of their own yet: they are summed as the user's
 * reports show them. An amount in another currency would be summed as if it
 * were that one, so it is refused rather than silently wrong.
 */
function assertCurrency(db: Db, user: UserRow, currency: string): void {
  const shown = getStatsSettings(db, user.id).currency;
  if (currency === shown) return;
  throw new HttpError(
    422,
    "CURRENCY_MISMATCH",
    `Costs are counted in ${shown} (Settings → Stats); give the amount in ${shown}, not ${currency}`,
  );
}

/** Applies (or, with `dryRun`, only measures) one cost update. */
export function applyCostUpdate(
  engine: TrackingEngine,
  input: CostUpdateInput,
  actor: CostActor,
  now = Date.now(),
): CostUpdateResult {
  const db = engine.db;
  assertCampaigns(db, input.campaignIds);
  assertCurrency(db, actor.user, input.currency);
  const { start, end } = periodRange(input.from, input.to, input.tz);
  const filters = input.token
    ? [...input.filters, sharedTokenFilter(db, input.campaignIds, input.token)]
    : input.filters;
  // Sums of clicks still held in memory reach the rollups first, so the triggers move exact sums.
  if (!input.dryRun) engine.clicks.flushRollups();
  const run = () => {
    const clicks = matchClicks(db, { ...input, filters, start, end });
    const receivers = clicks.filter((c) => !input.uniqueOnly || c.unique);
    const amount = toMicros(input.amount);
    if (receivers.length === 0) {
      throw new HttpError(422, "NO_CLICKS", "No clicks match this period and these filters");
    }
    const share = shares(amount, receivers.length);
    const receiving = new Map(receivers.map((c, i) => [c.id, share(i)]));
    const costBefore = clicks.reduce((sum, c) => sum + c.cost, 0);
    const next = (c: { id: string; cost: number }) => {
      const part = receiving.get(c.id) ?? 0;
      return input.mode === "add" ? c.cost + part : part;
    };
    const costAfter = clicks.reduce((sum, c) => sum + next(c), 0);
    const result = {
      dryRun: input.dryRun,
      clicks: clicks.length,
      receivers: receivers.length,
      costBefore: fromMicros(costBefore),
      costAfter: fromMicros(costAfter),
      currency: input.currency,
    };
    if (input.dryRun) return { id: null, ...result };
    const id = record(db, input, actor, {
      now,
      filters,
      amount,
      clicks: clicks.length,
      costBefore,
      costAfter,
    });
    const changes = clicks.map((c) => ({ id: c.id, cost: next(c), before: c.cost }))
      .filter((c) => c.cost !== c.before);
    writeClickCosts(db, changes, id);
    return { id, ...result };
  };
  return input.dryRun ? run() : transaction(db, run);
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
        period_to, tz, filters, mode, unique_only, amount, currency, clicks, cost_before, cost_after)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
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
export function undoCostUpdate(
  engine: TrackingEngine,
  id: number,
  user: UserRow,
  now = Date.now(),
): CostUpdateRecord {
  const db = engine.db;
  engine.clicks.flushRollups();
  transaction(db, () => {
    const row = db.prepare("SELECT undone_at FROM cost_updates WHERE id = ?").get(id);
    if (!row) throw new HttpError(404, "NOT_FOUND", `No cost update #${id}`);
    if (row.undone_at !== null) {
      throw new HttpError(409, "CONFLICT", `Cost update #${id} is already undone`);
    }
    const later = db.prepare(
      `SELECT min(b.update_id) AS later FROM cost_update_clicks a
       JOIN cost_update_clicks b ON b.click_id = a.click_id AND b.update_id > a.update_id
       JOIN cost_updates u ON u.id = b.update_id AND u.undone_at IS NULL
       WHERE a.update_id = ?`,
    ).get(id);
    if (later?.later != null) {
      throw new HttpError(
        409,
        "CONFLICT",
        `Cost update #${later.later} changed the same clicks later: undo it first`,
      );
    }
    const changes = db.prepare(
      `SELECT k.id, c.before, k.cost FROM cost_update_clicks c JOIN clicks k ON k.id = c.click_id
       WHERE c.update_id = ?`,
    ).all(id).map((r) => ({ id: String(r.id), cost: Number(r.before), before: Number(r.cost) }));
    writeClickCosts(db, changes);
    db.prepare("UPDATE cost_updates SET undone_at = ?, undone_by = ? WHERE id = ?")
      .run(now, user.username, id);
  });
  return listCostUpdates(db, { id })[0];
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
    undoneAt: r.undone_at === null ? null : Number(r.undone_at),
    undoneBy: r.undone_by === null ? null : String(r.undone_by),
  }));
}
