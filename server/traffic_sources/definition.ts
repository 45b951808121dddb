/** Traffic sources as the shared entity code sees them. */
import { TrafficSourceInput, TrafficSourcePatch } from "../../contracts/traffic_source.ts";
import { columns, type EntityDef } from "../entities/definition.ts";
import { postbackUrlWarnings } from "../tracking/safe_fetch.ts";

/** The `trafficSource` definition the shared entity code runs on. */
export const trafficSourceDef: EntityDef = {
  subject: "traffic-source",
  table: "traffic_sources",
  groupType: "traffic-source",
  columns: columns([
    ["externalIdParam", "json"],
    ["costParam", "json"],
    ["tokens", "json"],
    ["postbackUrl", "text"],
    ["postbackStatuses", "json"],
    ["postbackPercent", "real"],
    ["payoutPercent", "real"],
  ]),
  create: TrafficSourceInput,
  patch: TrafficSourcePatch,
  stats: { key: "c.traffic_source_id" },
  warnings: postbackUrlWarnings,
};
