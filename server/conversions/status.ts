/**
 * Manual conversion status changes (admins; issue 12 item 9). Each change is
 * one transaction: the new status (the rollup triggers move the sums), the
 * campaign's CPA/RevShare cost recomputed, the traffic source postback its
 * rules call for queued (the same `planS2s` as a postback), and a row in
 * `conversion_changes` saying who changed what, when, and what became of the
 * postback. A change to the status it already has is not a change; a replaced
 * conversion (one that no longer counts) is refused.
 */
import type { ConversionChange, ConversionStatusAnswer } from "../../contracts/report_query.ts";
import type { ConversionStatus } from "../../contracts/stats.ts";
import { type Db, transaction } from "../db/connection.ts";
import { conflict, notFound } from "../errors.ts";
import type { TrackingEngine } from "../tracking/engine.ts";
import { chargeAtConversion, type CostCharge, noteCharge } from "../tracking/postback.ts";
import { planS2s } from "../tracking/s2s_plan.ts";
import type { UserRow } from "../users/store.ts";

/** Sets `status` on every conversion in `ids` (all or none: an unknown id or a clash is an error). */
export function setConversionStatuses(
  engine: TrackingEngine,
  change: { ids: number[]; status: ConversionStatus; user: UserRow; now?: number },
): ConversionStatusAnswer {
  const now = change.now ?? Date.now();
  const answer = transaction(
    engine.db,
    () => [...new Set(change.ids)].map((id) => changeOne(engine, id, { ...change, now })),
  );
  engine.s2s.kick();
  return { items: answer };
}

function changeOne(
  engine: TrackingEngine,
  id: number,
  change: { status: ConversionStatus; user: UserRow; now: number },
) {
  const db = engine.db;
  const row = db.prepare(
    "SELECT click_id, status, payout, event, event_payout, current FROM conversions WHERE id = ?",
  ).get(id);
  if (!row) throw notFound(`No conversion #${id}`);
  const before = String(row.status);
  if (before === change.status) {
    return { id, status: change.status, postbackOutcome: "unchanged" };
  }
  // A replaced conversion counts nothing: its new status would move no figure, yet would send
  // the source a postback contradicting the click's conversion that counts.
  if (row.current === 0) {
    throw conflict(`Conversion #${id} was replaced by a later one of its click: change that one`);
  }
  try {
    db.prepare("UPDATE conversions SET status = ? WHERE id = ?").run(change.status, id);
  } catch (err) {
    if (String((err as Error).message).includes("UNIQUE")) {
      throw conflict(`Conversion #${id}: the click already has a ${change.status} with this txid`);
    }
    throw err;
  }
  const click = engine.clicks.find(String(row.click_id));
  const campaign = click?.campaignId == null ? null : engine.cache.campaignById(click.campaignId);
  let outcome = "";
  let charge: CostCharge | null = null;
  if (click) {
    if (campaign?.costModel === "cpa" || campaign?.costModel === "revshare") {
      charge = chargeAtConversion(engine, click.id, campaign);
    }
    const plan = planS2s(engine, {
      click,
      campaign,
      offerId: click.offerId,
      status: change.status,
      event: String(row.event),
      payout: Number(row.event ? row.event_payout : row.payout),
    });
    if (plan.url) {
      db.prepare("INSERT INTO s2s_queue (conversion_id, url, next_at) VALUES (?, ?, ?)")
        .run(id, plan.url, change.now);
    }
    outcome = plan.outcome;
    if (outcome) {
      db.prepare("UPDATE conversions SET postback_outcome = ? WHERE id = ?").run(outcome, id);
    }
  }
  db.prepare(
    `INSERT INTO conversion_changes (conversion_id, ts, user_id, username, field, before, after,
      postback_outcome) VALUES (?, ?, ?, ?, 'status', ?, ?, ?)`,
  ).run(id, change.now, change.user.id, change.user.username, before, change.status, outcome);
  noteCharge(db, id, charge, {
    userId: change.user.id,
    username: change.user.username,
    at: change.now,
  });
  return { id, status: change.status, postbackOutcome: outcome };
}

/** An amount with its currency in a history line (`sale 12.5 USD (#4)`): a payout. */
const PAYOUT_TEXT = / \d+(?:\.\d+)? [A-Z]{3}\b/g;

/** The fields whose lines name payouts (a manual entry, what it replaced). */
const PAYOUT_FIELDS = new Set(["created", "replaced"]);

/**
 * The recorded changes of each conversion in `ids`, oldest first. For `hideProfit` the
 * payouts are left out of the lines that name them, as they are out of the conversion itself.
 */
export function conversionChanges(
  db: Db,
  ids: number[],
  options: { hideProfit: boolean },
): Map<number, ConversionChange[]> {
  const found = new Map<number, ConversionChange[]>();
  if (ids.length === 0) return found;
  const rows = db.prepare(
    `SELECT conversion_id, ts, username, field, before, after, postback_outcome
     FROM conversion_changes WHERE conversion_id IN (SELECT value FROM json_each(?))
     ORDER BY ts, id`,
  ).all(JSON.stringify(ids));
  for (const r of rows) {
    const id = Number(r.conversion_id);
    const field = String(r.field);
    const shown = (text: unknown) =>
      options.hideProfit && PAYOUT_FIELDS.has(field)
        ? String(text).replaceAll(PAYOUT_TEXT, "")
        : String(text);
    const list = found.get(id) ?? [];
    list.push({
      ts: Number(r.ts),
      username: String(r.username),
      field,
      before: shown(r.before),
      after: shown(r.after),
      postbackOutcome: String(r.postback_outcome),
    });
    found.set(id, list);
  }
  return found;
}
