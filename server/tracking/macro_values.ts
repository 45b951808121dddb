/** The values of DESIGN §3's URL macros, from a fresh click or a stored one. */
import { fromMicros } from "../money.ts";
import type { Visitor } from "./enrich/visitor.ts";
import type { StoredClick } from "./click_store.ts";
import type { MacroValues } from "./macros.ts";
import { AD_CLICK_ID_PARAMS, type AdClickIdParam } from "../../contracts/ad_click_ids.ts";

/** Ids and amounts a destination can carry besides the visitor's facts. */
export type MacroContext = {
  clickId: string;
  campaignId: number;
  campaignKey: string;
  offerId: number | null;
  landingId: number | null;
  externalId: string;
  /** Micro-units. */
  cost: number;
  /** Micro-units. */
  payout: number;
};

/**
 * Macro values of a click being made: one object literal (no spread, no
 * copying), built for every click that has a destination.
 */
export function clickMacros(ctx: MacroContext, v: Visitor): MacroValues {
  const p = v.params;
  const values = {
    clickid: ctx.clickId,
    campaign_id: ctx.campaignId,
    campaign_key: ctx.campaignKey,
    offer_id: ctx.offerId,
    landing_id: ctx.landingId,
    externalid: ctx.externalId,
    cost: fromMicros(ctx.cost),
    payout: fromMicros(ctx.payout),
    country_code: v.country,
    region: v.region,
    city: v.city,
    isp: v.isp,
    device_type: v.deviceType,
    os: v.os,
    browser: v.browser,
    ip: v.ip,
    user_agent: v.userAgent,
    fbclid: p.fbclid ?? "",
    gclid: p.gclid ?? "",
    ttclid: p.ttclid ?? "",
    msclkid: p.msclkid ?? "",
    wbraid: p.wbraid ?? "",
    gbraid: p.gbraid ?? "",
  } satisfies MacroValues & Record<AdClickIdParam, string>;
  const tokens = v.tokens as Record<string, string>;
  for (const name in tokens) (values as Record<string, unknown>)[name] = tokens[name];
  return values;
}

/** Macro values of a stored click (lander click-through, S2S postback). */
export function storedMacros(
  ctx: MacroContext,
  click: StoredClick,
  extra: { status?: string; event?: string } = {},
): MacroValues {
  const values: MacroValues = {
    ...base(ctx),
    status: extra.status ?? "",
    event: extra.event ?? "",
    country_code: click.country,
    region: click.region,
    city: click.city,
    isp: click.isp,
    device_type: click.deviceType,
    os: click.os,
    browser: click.browser,
    ip: click.ip,
    user_agent: click.userAgent,
  };
  click.tokens.forEach((t, i) => ((values as Record<string, string>)[`t${i + 1}`] = t));
  for (const name of AD_CLICK_ID_PARAMS) values[name] = click.adClickIds[name] ?? "";
  return values;
}

function base(ctx: MacroContext): MacroValues {
  return {
    clickid: ctx.clickId,
    campaign_id: ctx.campaignId,
    campaign_key: ctx.campaignKey,
    offer_id: ctx.offerId,
    landing_id: ctx.landingId,
    externalid: ctx.externalId,
    cost: fromMicros(ctx.cost),
    payout: fromMicros(ctx.payout),
  };
}
