/**
 * What a postback does, decided in one place: `/postback` (and the pixel)
 * acts on the decision, the postback tester (Settings → Postback processing)
 * only shows it, so the two cannot disagree. The decision applies Settings →
 * Postback processing: status aliases, the duplicate policy and the default
 * IP allowlist for networks without their own.
 */
import { timingSafeEqual } from "node:crypto";
import type { ConversionEventType } from "../../contracts/conversion_events.ts";
import type { DuplicatePolicy } from "../../contracts/postback_processing.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import { ConversionStatus } from "../../contracts/stats.ts";
import type { Db } from "../db/connection.ts";
import { getEventsSettings, getPostbackSettings } from "../settings/sections.ts";
import { mapStatus } from "./postback_status.ts";
import type { OfferRuntime } from "./runtime_types.ts";
import type { StoredClick } from "./click_store.ts";
import { isClickId } from "./click_id.ts";
import type { TrackingEngine } from "./engine.ts";
import { type Cidr, cidrContains, parseCidr, parseIp } from "./ip.ts";
import { parseMoney } from "./money_param.ts";
import type { ErrorCode } from "../../contracts/errors.ts";

/** A postback's parameters, as text (query or form). */
export type PostbackParams = {
  clickid?: string;
  status?: string;
  payout?: string;
  txid?: string;
  currency?: string;
  token?: string;
};

/** One check, in the order the handler makes them. */
export type PostbackStep = { name: string; ok: boolean; detail: string };

/**
 * The conversion a postback would write; money in micro-units. `event` is the event type
 * ('' for none); `eventPayout` the payout reported, `payout` what counts as revenue (0 for an
 * event type whose payout does not).
 */
export type PlannedConversion = {
  status: ConversionStatus;
  event: string;
  original: string;
  payout: number;
  eventPayout: number;
  currency: string;
  txid: string;
};

/**
 * The decision: refuse (with the HTTP answer), count as a duplicate (200,
 * nothing written) or record. `replaces` says which of the click's earlier
 * conversions stop counting: all of them, or only those with the same txid.
 */
export type PostbackDecision =
  | {
    outcome: "reject";
    httpStatus: 400 | 403 | 404;
    code: ErrorCode;
    message: string;
    steps: PostbackStep[];
  }
  | { outcome: "duplicate"; reason: string; steps: PostbackStep[]; conversion: PlannedConversion }
  | {
    outcome: "record";
    replaces: "click" | "txid";
    steps: PostbackStep[];
    conversion: PlannedConversion;
  };

/** Everything the decision reads; `gatherFacts` collects it the same way for both callers. */
export type PostbackFacts = {
  params: PostbackParams;
  /** The sender's address; null when unknown (the tester given no IP): the allowlist is only described. */
  ip: string | null;
  /** A pixel: the visitor's own cookie, so no token or allowlist applies. */
  pixel: boolean;
  clickId: string;
  click: StoredClick | null;
  offer: OfferRuntime | null;
  settings: SettingsValue<"postback-processing">;
  /** Settings → Postback processing → Events: the event types a status may map to. */
  eventTypes: readonly ConversionEventType[];
  /** The click's conversions so far. */
  earlier: ReadonlyArray<{ txid: string; status: string; event: string }>;
};

function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given), b = new TextEncoder().encode(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function allowlistStep(list: Cidr[], options: { ip: string | null; whose: string }): PostbackStep {
  const { ip, whose } = options;
  const name = "IP allowlist";
  if (list.length === 0) return { name, ok: true, detail: "no allowlist: any sender" };
  if (ip === null) {
    return { name, ok: true, detail: `${whose} allowlist set; give a sender IP to check it` };
  }
  const address = parseIp(ip);
  const inside = address !== null && list.some((c) => cidrContains(c, address));
  return {
    name,
    ok: inside,
    detail: inside
      ? `${ip} is in the ${whose} allowlist`
      : `${ip} is not in the ${whose} allowlist`,
  };
}

function reject(
  steps: PostbackStep[],
  answer: { httpStatus: 400 | 403 | 404; code: ErrorCode; message: string },
): PostbackDecision {
  return { outcome: "reject", steps, ...answer };
}

function paramsStep(
  params: PostbackParams,
): PostbackStep | { payout: number | null; txid: string; currency: string } {
  const payout = parseMoney(params.payout ?? "");
  if (payout === "invalid") {
    return {
      name: "Payout",
      ok: false,
      detail: `'${params.payout}' is not a plain amount like 12.5`,
    };
  }
  const txid = (params.txid ?? "").trim();
  if (txid.length > 255) return { name: "Transaction id", ok: false, detail: "longer than 255" };
  const currency = (params.currency ?? "").trim().toUpperCase();
  if (currency && !/^[A-Z]{3}$/.test(currency)) {
    return { name: "Currency", ok: false, detail: `'${params.currency}' is not a 3-letter code` };
  }
  return { payout, txid, currency };
}

const BAD_PARAM: Record<string, { code: ErrorCode; message: string }> = {
  Payout: { code: "BAD_PAYOUT", message: "payout must be a plain amount like 12.5" },
  "Transaction id": { code: "BAD_TXID", message: "txid is longer than 255" },
  Currency: { code: "BAD_CURRENCY", message: "currency must be a 3-letter code" },
};

function duplicateRule(
  facts: PostbackFacts,
  conversion: PlannedConversion,
): { step: PostbackStep; duplicate?: string; replaces: "click" | "txid" } {
  // Events of other types (and plain conversions) neither repeat nor replace this one.
  const earlier = facts.earlier.filter((e) => e.event === conversion.event);
  const name = "Duplicate";
  if (earlier.some((e) => e.txid === conversion.txid && e.status === conversion.status)) {
    const detail = "the same click, txid and status is already recorded: it counts once";
    return { step: { name, ok: true, detail }, duplicate: "Already recorded", replaces: "txid" };
  }
  if (earlier.some((e) => e.txid === conversion.txid)) {
    const detail = "a new status for the same txid: it replaces that conversion";
    return { step: { name, ok: true, detail }, replaces: "txid" };
  }
  const others = new Set(earlier.map((e) => e.txid)).size;
  const policy: DuplicatePolicy = facts.offer?.upsell ? "add" : facts.settings.duplicatePolicy;
  if (others === 0) {
    return { step: { name, ok: true, detail: "first conversion of the click" }, replaces: "click" };
  }
  if (policy === "ignore") {
    const detail = "the click has a conversion and the policy is to ignore repeats";
    return { step: { name, ok: true, detail }, duplicate: "Ignored as a repeat", replaces: "txid" };
  }
  if (policy === "add") {
    const why = facts.offer?.upsell ? "upsell offer" : "policy: add";
    return {
      step: { name, ok: true, detail: `adds to ${others} earlier (${why})` },
      replaces: "txid",
    };
  }
  const detail = "replaces the click's earlier conversion (policy: replace)";
  return { step: { name, ok: true, detail }, replaces: "click" };
}

/** What the postback described by `facts` does. Pure: reads nothing, writes nothing. */
export function decidePostback(facts: PostbackFacts): PostbackDecision {
  const steps: PostbackStep[] = [];
  const checked = paramsStep(facts.params);
  if ("name" in checked) {
    steps.push(checked);
    return reject(steps, { httpStatus: 400, ...BAD_PARAM[checked.name] });
  }
  const { click, offer } = facts;
  steps.push({
    name: "Click",
    ok: !!click,
    detail: click
      ? `click ${facts.clickId} found`
      : facts.clickId
      ? `no click ${facts.clickId}`
      : "no clickid parameter",
  });
  if (!click) {
    return reject(steps, { httpStatus: 404, code: "NOT_FOUND", message: "Unknown click id" });
  }
  const network = offer?.network ?? null;
  steps.push({
    name: "Offer and network",
    ok: true,
    detail: `${offer ? `offer ${offer.id}` : "no offer"}, ${
      network ? `network ${network.id}` : "no network"
    }`,
  });
  if (!facts.pixel) {
    const token = network?.token ?? "";
    const tokenOk = token === "" || sameSecret(facts.params.token ?? "", token);
    steps.push({
      name: "Token",
      ok: tokenOk,
      detail: token === ""
        ? "the network asks for no token"
        : tokenOk
        ? "the token matches"
        : "the token is missing or wrong",
    });
    if (!tokenOk) {
      return reject(steps, {
        httpStatus: 403,
        code: "FORBIDDEN",
        message: "Wrong or missing postback token",
      });
    }
    // A network's own allowlist wins; without one the settings' default applies.
    const own = network?.allowlist ?? [];
    const ipStep = own.length > 0
      ? allowlistStep(own, { ip: facts.ip, whose: "network's" })
      : allowlistStep(facts.settings.ipAllowlist.flatMap((c) => parseCidr(c) ?? []), {
        ip: facts.ip,
        whose: "default",
      });
    steps.push(ipStep);
    if (!ipStep.ok) {
      return reject(steps, {
        httpStatus: 403,
        code: "FORBIDDEN",
        message: "This address may not send postbacks",
      });
    }
  }
  const raw = facts.params.status ?? "";
  const mapped = mapStatus(raw, {
    network,
    aliases: facts.settings.statusAliases,
    eventTypes: facts.eventTypes,
  });
  const event = mapped.event;
  steps.push({
    name: "Status",
    ok: true,
    detail: `'${raw}' → ${
      event ? `event ${event.name}, status ` : ""
    }${mapped.status} (by ${mapped.how})`,
  });
  const fixed = offer?.payoutMode === "fixed";
  const payout = fixed ? offer.payout : checked.payout ?? offer?.payout ?? 0;
  steps.push({
    name: "Payout",
    ok: true,
    detail: fixed
      ? "the offer's fixed payout"
      : checked.payout !== null
      ? "from the postback"
      : "none sent: the offer's payout",
  });
  if (event && !event.revenue) {
    steps.push({
      name: "Revenue",
      ok: true,
      detail: `${event.name} payouts do not count as revenue`,
    });
  }
  const conversion: PlannedConversion = {
    status: mapped.status,
    event: event?.name ?? "",
    original: raw.slice(0, 64),
    payout: event && !event.revenue ? 0 : payout,
    eventPayout: event ? payout : 0,
    currency: payoutCurrency(offer, { fromPostback: !fixed && checked.payout !== null, checked }),
    txid: checked.txid,
  };
  const rule = duplicateRule(facts, conversion);
  steps.push(rule.step);
  if (rule.duplicate) {
    return { outcome: "duplicate", reason: rule.duplicate, steps, conversion };
  }
  return { outcome: "record", replaces: rule.replaces, steps, conversion };
}

/**
 * The currency a payout is actually in (issue 12 item 8): the offer's own payout (fixed, or
 * none sent) is in the offer's currency; a payout the network sent is in the postback's
 * `currency=`, else the network's currency, else the offer's.
 */
function payoutCurrency(
  offer: OfferRuntime | null,
  o: { fromPostback: boolean; checked: { currency: string } },
): string {
  if (!o.fromPostback) return offer?.currency || "USD";
  return o.checked.currency || offer?.network?.currency || offer?.currency || "USD";
}

/** The click's conversions so far. */
export function earlierConversions(
  db: Db,
  clickId: string,
): Array<{ txid: string; status: string; event: string }> {
  return db.prepare("SELECT txid, status, event FROM conversions WHERE click_id = ?").all(clickId)
    .map((r) => ({ txid: String(r.txid), status: String(r.status), event: String(r.event) }));
}

/** Reads what `decidePostback` needs, the same way for the handler and the tester. */
export function gatherFacts(
  engine: TrackingEngine,
  params: PostbackParams,
  options: { ip: string | null; pixel?: boolean; clickId?: string },
): PostbackFacts {
  const clickId = (options.clickId ?? params.clickid ?? "").trim();
  const click = isClickId(clickId) ? engine.clicks.find(clickId) : null;
  const offer = click?.offerId == null ? null : engine.cache.offer(click.offerId);
  return {
    params,
    ip: options.ip,
    pixel: options.pixel ?? false,
    clickId,
    click,
    offer,
    settings: getPostbackSettings(engine.db),
    eventTypes: getEventsSettings(engine.db).types,
    earlier: click ? earlierConversions(engine.db, click.id) : [],
  };
}
