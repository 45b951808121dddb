/** Affiliate networks as the shared entity code sees them; their stats go through their offers. */
import { AffiliateNetworkInput, AffiliateNetworkPatch } from "../../contracts/affiliate_network.ts";
import { columns, type EntityDef } from "../entities/definition.ts";

/** The `affiliateNetwork` definition the shared entity code runs on. */
export const affiliateNetworkDef: EntityDef = {
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
};
