/**
 * Whether and where a conversion is forwarded to its traffic source: the
 * campaign's postback URL overrides the source's; the source's statuses,
 * postback % and payout % apply; the URL is built from the stored template
 * with macros (values percent-encoded, origin fixed by the template). A
 * conversion event follows the source's event list instead of its statuses:
 * sent only when listed, to the event's own URL when it has one (decision 167).
 */
import type { ConversionStatus } from "../../contracts/stats.ts";
import type { CampaignRuntime } from "./runtime_types.ts";
import type { StoredClick } from "./click_store.ts";
import type { TrackingEngine } from "./engine.ts";
import { storedMacros } from "./macro_values.ts";
import { buildDestination, DestinationError } from "./macros.ts";

/** The URL to queue (if any) and the outcome to store on the conversion now. */
export type S2sPlan = { url: string | null; outcome: string };

const DEFAULT_STATUSES: ConversionStatus[] = ["lead", "sale"];

/** Decides the S2S postback of a newly recorded conversion. */
export function planS2s(
  engine: TrackingEngine,
  c: {
    click: StoredClick;
    campaign: CampaignRuntime | null;
    offerId: number | null;
    status: ConversionStatus;
    /** The conversion's event type, '' for none. */
    event?: string;
    payout: number;
  },
): S2sPlan {
  const campaign = c.campaign;
  const source = campaign?.source ?? null;
  const event = c.event ?? "";
  const rule = event ? source?.postbackEvents.find((e) => e.event === event) : undefined;
  const template = rule?.url || campaign?.postbackUrl || source?.postbackUrl || "";
  if (!campaign || template === "") return { url: null, outcome: "" };
  if (event && !rule) return { url: null, outcome: `skipped: event ${event} is not forwarded` };
  if (!event && !(source?.postbackStatuses ?? DEFAULT_STATUSES).includes(c.status)) {
    return { url: null, outcome: `skipped: ${c.status} is not forwarded` };
  }
  const percent = source?.postbackPercent ?? 100;
  if (percent < 100 && engine.random() * 100 >= percent) {
    return { url: null, outcome: `skipped: postback ${percent}%` };
  }
  const payout = Math.round((c.payout * (source?.payoutPercent ?? 100)) / 100);
  const macros = storedMacros(
    {
      clickId: c.click.id,
      campaignId: campaign.id,
      campaignKey: campaign.key,
      offerId: c.offerId,
      landingId: c.click.landingId,
      externalId: c.click.externalId,
      cost: c.click.cost,
      payout,
    },
    c.click,
    { status: c.status, event },
  );
  try {
    return { url: buildDestination(template, macros), outcome: "queued" };
  } catch (err) {
    if (err instanceof DestinationError) return { url: null, outcome: `failed: ${err.message}` };
    throw err;
  }
}
