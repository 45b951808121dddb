/**
 * Conversions from postbacks and pixels (DESIGN §4): authenticate against the
 * offer's network (token, IP allowlist), map the status, and record once —
 * the unique index on (click, txid, status) makes retries, concurrent ones
 * and ones after a restart count once. Upsell offers add up; otherwise a new
 * postback replaces the click's previous conversion. CPA and RevShare costs
 * are charged here, and the S2S postback is queued in the same transaction.
 */
import { timingSafeEqual } from "node:crypto";
import { type ConversionStatus, COUNTED_STATUSES } from "../../contracts/stats.ts";
import { transaction } from "../db/connection.ts";
import { HttpError } from "../errors.ts";
import type { CampaignRuntime, NetworkRuntime, OfferRuntime } from "./cache.ts";
import type { StoredClick } from "./click_store.ts";
import { isClickId } from "./click_id.ts";
import type { TrackingEngine } from "./engine.ts";
import { cidrContains, parseIp } from "./ip.ts";
import { parseMoney } from "./money_param.ts";
import { planS2s } from "./s2s_plan.ts";

/** A postback's parameters, as text (query or form). */
export type PostbackParams = {
  clickid?: string;
  status?: string;
  payout?: string;
  txid?: string;
  currency?: string;
  token?: string;
};

/** How a postback ended. */
export type PostbackResult = { recorded: boolean; conversionId: number | null; status: string };

/** Common network words for Rotor's statuses, used when the network's own map has none. */
const SYNONYMS: Record<string, ConversionStatus> = {
  lead: "lead",
  sale: "sale",
  approved: "sale",
  approve: "sale",
  confirmed: "sale",
  hold: "hold",
  pending: "hold",
  rejected: "rejected",
  reject: "rejected",
  declined: "rejected",
  cancelled: "rejected",
  canceled: "rejected",
  chargeback: "rejected",
  trash: "rejected",
};

/** Network text → Rotor status: the network's map, then common words; absent is a sale, unknown on hold. */
export function mapStatus(raw: string, network: NetworkRuntime | null): ConversionStatus {
  const text = raw.trim().toLowerCase();
  if (text === "") return "sale";
  return network?.statusMap.get(text) ?? SYNONYMS[text] ?? "hold";
}

function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given), b = new TextEncoder().encode(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function authenticate(network: NetworkRuntime | null, token: string, ip: string): void {
  if (!network) return;
  if (network.token && !sameSecret(token, network.token)) {
    throw new HttpError(403, "FORBIDDEN", "Wrong or missing postback token");
  }
  if (network.allowlist.length > 0) {
    const address = parseIp(ip);
    if (!address || !network.allowlist.some((c) => cidrContains(c, address))) {
      throw new HttpError(403, "FORBIDDEN", "This address may not send postbacks");
    }
  }
}

/** Checks what needs no database: payout, txid and currency shapes (400 before anything else). */
export function checkPostbackParams(params: PostbackParams): {
  payout: number | null;
  txid: string;
  currency: string;
} {
  const payout = parseMoney(params.payout ?? "");
  if (payout === "invalid") {
    throw new HttpError(400, "BAD_PAYOUT", "payout must be a plain amount like 12.5");
  }
  const txid = (params.txid ?? "").trim();
  if (txid.length > 255) throw new HttpError(400, "BAD_TXID", "txid is longer than 255");
  const currency = (params.currency ?? "").trim().toUpperCase();
  if (currency && !/^[A-Z]{3}$/.test(currency)) {
    throw new HttpError(400, "BAD_CURRENCY", "currency must be a 3-letter code");
  }
  return { payout, txid, currency };
}

/**
 * Records a conversion for `params.clickid` (a postback: token and IP checked)
 * or for `options.clickId` (a pixel: the visitor's own cookie, no network check).
 */
export function recordConversion(
  engine: TrackingEngine,
  params: PostbackParams,
  options: { ip: string; pixel?: boolean; clickId?: string; now?: number },
): PostbackResult {
  const checked = checkPostbackParams(params);
  const clickId = (options.clickId ?? params.clickid ?? "").trim();
  const click = isClickId(clickId) ? engine.clicks.find(clickId) : null;
  if (!click) throw new HttpError(404, "NOT_FOUND", "Unknown click id");
  const offer = click.offerId === null ? null : engine.cache.offer(click.offerId);
  if (!options.pixel) authenticate(offer?.network ?? null, params.token ?? "", options.ip);
  const status = mapStatus(params.status ?? "", offer?.network ?? null);
  const payout = offer?.payoutMode === "fixed"
    ? offer.payout
    : checked.payout ?? offer?.payout ?? 0;
  const campaign = click.campaignId === null ? null : engine.cache.campaignById(click.campaignId);
  const now = options.now ?? Date.now();
  const result = transaction(engine.db, () =>
    insertConversion(engine, {
      click,
      offer,
      campaign,
      status,
      original: (params.status ?? "").slice(0, 64),
      payout,
      currency: checked.currency || offer?.currency || "USD",
      txid: checked.txid,
      now,
    }));
  if (result.recorded) engine.s2s.kick();
  return result;
}

type Insert = {
  click: StoredClick;
  offer: OfferRuntime | null;
  campaign: CampaignRuntime | null;
  status: ConversionStatus;
  original: string;
  payout: number;
  currency: string;
  txid: string;
  now: number;
};

function insertConversion(engine: TrackingEngine, c: Insert): PostbackResult {
  const db = engine.db;
  const upsell = c.offer?.upsell ?? false;
  const inserted = db.prepare(
    `INSERT INTO conversions (click_id, ts, status, original_status, payout, currency, txid,
      is_upsell) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (click_id, txid, status) DO NOTHING RETURNING id`,
  ).get(c.click.id, c.now, c.status, c.original, c.payout, c.currency, c.txid, upsell ? 1 : 0);
  if (!inserted) return { recorded: false, conversionId: null, status: c.status };
  const id = Number(inserted.id);
  // Upsells add up (only the same txid is replaced); otherwise the click keeps one conversion.
  db.prepare(
    `UPDATE conversions SET current = 0
     WHERE click_id = ? AND id != ? AND current = 1 AND (? = 0 OR txid = ?)`,
  ).run(c.click.id, id, upsell ? 1 : 0, c.txid);
  if (c.campaign?.costModel === "cpa" || c.campaign?.costModel === "revshare") {
    chargeAtConversion(engine, c.click.id, c.campaign);
  }
  const plan = planS2s(engine, {
    click: c.click,
    campaign: c.campaign,
    offerId: c.offer?.id ?? null,
    status: c.status,
    payout: c.payout,
  });
  if (plan.url) {
    db.prepare("INSERT INTO s2s_queue (conversion_id, url, next_at) VALUES (?, ?, ?)")
      .run(id, plan.url, c.now);
  }
  db.prepare("UPDATE conversions SET postback_outcome = ? WHERE id = ?").run(plan.outcome, id);
  return { recorded: true, conversionId: id, status: c.status };
}

const COUNTED = COUNTED_STATUSES.map((s) => `'${s}'`).join(", ");

/** CPA: the cost per counted conversion; RevShare: a share (cost value in %) of the revenue. */
function chargeAtConversion(engine: TrackingEngine, clickId: string, campaign: CampaignRuntime) {
  const sums = engine.db.prepare(
    `SELECT count(*) AS n, coalesce(sum(payout), 0) AS revenue FROM conversions
     WHERE click_id = ? AND current = 1 AND status IN (${COUNTED})`,
  ).get(clickId)!;
  const cost = campaign.costModel === "cpa"
    ? Number(sums.n) * campaign.costValue
    : Math.round((Number(sums.revenue) * campaign.costValue) / 100_000_000);
  engine.db.prepare("UPDATE clicks SET cost = ? WHERE id = ?").run(cost, clickId);
}
