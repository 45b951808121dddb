/**
 * Conversions from postbacks and pixels (DESIGN §4): authenticate against the
 * offer's network (token, IP allowlist), map the status, and record once —
 * the unique index on (click, txid, status) makes retries, concurrent ones
 * and ones after a restart count once. Status aliases, the duplicate policy
 * and the default IP allowlist come from Settings → Postback processing
 * (`postback_rules.ts`, shared with the postback tester). CPA and RevShare costs
 * are charged here, and the S2S postback is queued in the same transaction.
 */
import { foldHoursOfClicks } from "../costs/shares.ts";
import { COUNTED_STATUSES } from "../../contracts/stats.ts";
import { type Db, transaction } from "../db/connection.ts";
import { fromMicros } from "../money.ts";
import { HttpError } from "../errors.ts";
import type { CampaignRuntime, OfferRuntime } from "./runtime_types.ts";
import type { StoredClick } from "./click_store.ts";
import type { TrackingEngine } from "./engine.ts";
import {
  decidePostback,
  gatherFacts,
  type PlannedConversion,
  type PostbackParams,
} from "./postback_rules.ts";
import { planS2s } from "./s2s_plan.ts";

export type { PostbackParams };

/** How a postback ended. */
export type PostbackResult = { recorded: boolean; conversionId: number | null; status: string };

/**
 * Records a conversion for `params.clickid` (a postback: token and IP checked)
 * or for `options.clickId` (a pixel: the visitor's own cookie, no network check).
 * What happens is `decidePostback`'s call (the postback tester shows the same
 * decision); it is made inside the write transaction, so the duplicate policy
 * sees every earlier conversion, concurrent postbacks included.
 */
export function recordConversion(
  engine: TrackingEngine,
  params: PostbackParams,
  options: {
    ip: string;
    pixel?: boolean;
    clickId?: string;
    now?: number;
    /** Who records it (a manual entry); absent: the network's postback or the pixel. */
    author?: ChangeAuthor;
    /** Runs in the write's transaction once the conversion is in, before its cost is noted. */
    recorded?: (conversionId: number) => void;
  },
): PostbackResult {
  const now = options.now ?? Date.now();
  // A cost charged below moves the click's contribution: it must already be in the rollups.
  if (engine.clicks.pendingRollup((options.clickId ?? params.clickid ?? "").trim())) {
    engine.clicks.flushRollups();
  }
  const result = transaction(engine.db, () => {
    const facts = gatherFacts(engine, params, options);
    const decision = decidePostback(facts);
    if (decision.outcome === "reject") {
      throw new HttpError(decision.httpStatus, decision.code, decision.message);
    }
    if (decision.outcome === "duplicate") {
      return { recorded: false, conversionId: null, status: decision.conversion.status };
    }
    const click = facts.click!;
    const campaign = click.campaignId === null ? null : engine.cache.campaignById(click.campaignId);
    const { charge, ...inserted } = insertConversion(engine, {
      ...decision.conversion,
      click,
      offer: facts.offer,
      campaign,
      replaces: decision.replaces,
      now,
    });
    if (inserted.conversionId !== null) {
      options.recorded?.(inserted.conversionId);
      noteCharge(
        engine.db,
        inserted.conversionId,
        charge,
        options.author ?? { userId: null, username: options.pixel ? "pixel" : "postback", at: now },
      );
    }
    return inserted;
  });
  if (result.recorded) engine.s2s.kick();
  return result;
}

type Insert = PlannedConversion & {
  click: StoredClick;
  offer: OfferRuntime | null;
  campaign: CampaignRuntime | null;
  replaces: "click" | "txid";
  now: number;
};

function insertConversion(
  engine: TrackingEngine,
  c: Insert,
): PostbackResult & { charge: CostCharge | null } {
  const db = engine.db;
  const upsell = c.offer?.upsell ?? false;
  const onlyTxid = c.replaces === "txid";
  const inserted = db.prepare(
    `INSERT INTO conversions (click_id, ts, status, original_status, payout, currency, txid,
      is_upsell, event, event_payout) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (click_id, txid, status, event) DO NOTHING RETURNING id`,
  ).get(
    c.click.id,
    c.now,
    c.status,
    c.original,
    c.payout,
    c.currency,
    c.txid,
    upsell ? 1 : 0,
    c.event,
    c.eventPayout,
  );
  if (!inserted) return { recorded: false, conversionId: null, status: c.status, charge: null };
  const id = Number(inserted.id);
  // Upsells and the "add" policy add up (only the same txid is replaced); otherwise the click
  // keeps one conversion, of each event type (plain conversions are one more "type").
  db.prepare(
    `UPDATE conversions SET current = 0
     WHERE click_id = ? AND id != ? AND current = 1 AND event = ? AND (? = 0 OR txid = ?)`,
  ).run(c.click.id, id, c.event, onlyTxid ? 1 : 0, c.txid);
  // A bot click the policy caught is never charged, at the click or at conversion.
  const model = c.campaign?.costModel;
  const charge = c.campaign && (model === "cpa" || model === "revshare") && !c.click.isBot
    ? chargeAtConversion(engine, c.click.id, c.campaign)
    : null;
  const plan = planS2s(engine, {
    click: c.click,
    campaign: c.campaign,
    offerId: c.offer?.id ?? null,
    status: c.status,
    event: c.event,
    payout: c.event ? c.eventPayout : c.payout,
  });
  if (plan.url) {
    db.prepare("INSERT INTO s2s_queue (conversion_id, url, next_at) VALUES (?, ?, ?)")
      .run(id, plan.url, c.now);
  }
  db.prepare("UPDATE conversions SET postback_outcome = ? WHERE id = ?").run(plan.outcome, id);
  return { recorded: true, conversionId: id, status: c.status, charge };
}

const COUNTED = COUNTED_STATUSES.map((s) => `'${s}'`).join(", ");

/**
 * CPA: the cost per counted conversion, in the campaign's cost currency;
 * RevShare: a share (cost value in %) of the revenue, in the revenue's
 * currency (a click whose conversions came in several currencies takes the
 * share of the largest one's).
 */
export function chargeAtConversion(
  engine: TrackingEngine,
  clickId: string,
  campaign: CampaignRuntime,
): CostCharge | null {
  const db = engine.db;
  // The cost lands on the click as written: a cost update's share of its hour is folded first.
  foldHoursOfClicks(db, [clickId]);
  const was = db.prepare("SELECT cost, cost_currency FROM clicks WHERE id = ?").get(clickId);
  if (!was) return null;
  let cost: number;
  let currency: string;
  if (campaign.costModel === "cpa") {
    const n = db.prepare(
      `SELECT count(*) AS n FROM conversions
       WHERE click_id = ? AND current = 1 AND status IN (${COUNTED})`,
    ).get(clickId)!.n;
    cost = Number(n) * campaign.costValue;
    currency = campaign.costCurrency;
  } else {
    // Equal revenues in two currencies: the last currency by name, as SQLite has always
    // picked; unordered, PostgreSQL picked the first.
    const top = db.prepare(
      `SELECT currency, sum(payout) AS revenue FROM conversions
       WHERE click_id = ? AND current = 1 AND status IN (${COUNTED})
       GROUP BY currency ORDER BY revenue DESC, currency DESC LIMIT 1`,
    ).get(clickId);
    cost = Math.round((Number(top?.revenue ?? 0) * campaign.costValue) / 100_000_000);
    currency = top ? String(top.currency) : campaign.costCurrency;
  }
  const before = `${fromMicros(Number(was.cost))} ${was.cost_currency}`;
  const after = `${fromMicros(cost)} ${currency}`;
  if (before === after) return null;
  db.prepare("UPDATE clicks SET cost = ?, cost_currency = ? WHERE id = ?")
    .run(cost, currency, clickId);
  return { before, after };
}

/** A click's cost as a conversion changed it (CPA, RevShare): the amounts as shown. */
export type CostCharge = { before: string; after: string };

/** Who made a change to money, and when (ms), for the conversion's change history. */
export type ChangeAuthor = { userId: number | null; username: string; at: number };

/** Records that conversion `conversionId` changed its click's cost (decision 184). */
export function noteCharge(
  db: Db,
  conversionId: number,
  charge: CostCharge | null,
  by: ChangeAuthor,
): void {
  if (!charge) return;
  db.prepare(
    `INSERT INTO conversion_changes (conversion_id, ts, user_id, username, field, before, after)
     VALUES (?, ?, ?, ?, 'click cost', ?, ?)`,
  ).run(conversionId, by.at, by.userId, by.username, charge.before, charge.after);
}
