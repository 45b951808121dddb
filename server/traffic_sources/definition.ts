/** Traffic sources as the shared entity code sees them. */
import {
  type PostbackEvent,
  type TrafficSource,
  TrafficSourceInput,
  TrafficSourcePatch,
} from "../../contracts/traffic_source.ts";
import type { Db } from "../db/connection.ts";
import { columns, type EntityDef, type Issue, type Values } from "../entities/definition.ts";
import { getEventsSettings } from "../settings/sections.ts";
import { postbackUrlWarnings } from "../tracking/safe_fetch.ts";

/** Forwarded events must be event types of Settings → Postback processing → Events (decision 167). */
function checkPostbackEvents(db: Db, values: Values): Issue[] {
  const list = values.postbackEvents as PostbackEvent[] | undefined;
  if (!list?.length) return [];
  const known = new Set(getEventsSettings(db).types.map((t) => t.name));
  return list.flatMap((e, i) =>
    known.has(e.event) ? [] : [{
      path: `postbackEvents.${i}.event`,
      message: `'${e.event}' is not an event type of Settings → Postback processing → Events`,
    }]
  );
}

/** The `trafficSource` definition the shared entity code runs on. */
export const trafficSourceDef: EntityDef<TrafficSource, TrafficSourceInput> = {
  subject: "traffic-source",
  table: "traffic_sources",
  groupType: "traffic-source",
  columns: columns([
    ["externalIdParam", "json"],
    ["costParam", "json"],
    ["tokens", "json"],
    ["postbackUrl", "text"],
    ["postbackStatuses", "json"],
    ["postbackEvents", "json"],
    ["postbackPercent", "real"],
    ["payoutPercent", "real"],
  ]),
  create: TrafficSourceInput,
  patch: TrafficSourcePatch,
  stats: { key: "c.traffic_source_id" },
  warnings: postbackUrlWarnings,
  check: checkPostbackEvents,
};
