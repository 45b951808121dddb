/** Affiliate networks as the shared entity code sees them; their stats go through their offers. */
import {
  type AffiliateNetwork,
  AffiliateNetworkInput,
  AffiliateNetworkPatch,
} from "../../contracts/affiliate_network.ts";
import { ConversionStatus } from "../../contracts/stats.ts";
import type { Db } from "../db/connection.ts";
import { columns, type EntityDef, type Issue, type Values } from "../entities/definition.ts";
import { getEventsSettings } from "../settings/sections.ts";

/** A status map value must be a status or an event type of Settings → Postback processing → Events (decision 167). */
function checkStatusMap(db: Db, values: Values): Issue[] {
  const map = values.statusMap as Record<string, string> | undefined;
  if (!map) return [];
  const events = new Set(getEventsSettings(db).types.map((t) => t.name));
  return Object.entries(map).flatMap(([text, target]) =>
    ConversionStatus.safeParse(target).success || events.has(target) ? [] : [{
      path: `statusMap.${text}`,
      message:
        `'${target}' is neither a status nor an event type of Settings → Postback processing → Events`,
    }]
  );
}

/** The `affiliateNetwork` definition the shared entity code runs on. */
export const affiliateNetworkDef: EntityDef<AffiliateNetwork, AffiliateNetworkInput> = {
  subject: "affiliate-network",
  table: "affiliate_networks",
  groupType: "affiliate-network",
  columns: columns([
    ["offerUrlTemplate", "text"],
    ["postbackToken", "text"],
    ["postbackIpAllowlist", "json"],
    ["statusMap", "json"],
    ["currency", "text"],
  ]),
  create: AffiliateNetworkInput,
  patch: AffiliateNetworkPatch,
  stats: { key: "o.affiliate_network_id", join: "JOIN offers o ON o.id = c.offer_id" },
  check: checkStatusMap,
  // The currency of every payout its postbacks send without one (decision 185).
  moneyFields: ["currency"],
};
