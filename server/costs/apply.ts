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
import type { TrackingEngine } from "../tracking/engine.ts";
import type { UserRow } from "../users/store.ts";
import { writeClickCosts } from "./bulk_cost.ts";
import { matchClicks, type MatchedClick, periodRange, sharedTokenFilter, shares } from "./match.ts";
import { dayText, factors } from "../currency/rates.ts";
import { MS_DAY } from "../reports/rollup_schema.ts";

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
  let total = clicks.reduce((sum, c) => sum + (foreign.includes(c) ? 0 : c.cost), 0);
  if (foreign.length === 0) return total;
  const days = foreign.map((c) => Math.floor(c.ts / MS_DAY));
  const from = Math.min(...days), to = Math.max(...days) + 1;
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
        }: add one in Settings → Currency rates`,
      );
    }
    total += c.cost * f;
  }
  return Math.round(total);
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
    if (input.mode === "add") assertAddable(clicks, input.currency);
    const costBefore = costIn(db, clicks, input.currency);
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
    const changes = clicks.map((c) => ({
      id: c.id,
      cost: next(c),
      currency: input.currency,
      before: c.cost,
      beforeCurrency: c.currency,
    })).filter((c) => c.cost !== c.before || c.currency !== c.beforeCurrency);
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
      `SELECT k.id, c.before, c.before_currency, k.cost, k.cost_currency
       FROM cost_update_clicks c JOIN clicks k ON k.id = c.click_id WHERE c.update_id = ?`,
    ).all(id).map((r) => ({
      id: String(r.id),
      cost: Number(r.before),
      currency: String(r.before_currency),
      before: Number(r.cost),
      beforeCurrency: String(r.cost_currency),
    }));
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
