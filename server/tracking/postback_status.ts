/**
 * A network's status text → Rotor's status (and event type, decision 167),
 * as every postback and the postback tester read it.
 */
import type { ConversionEventType } from "../../contracts/conversion_events.ts";
import { ConversionStatus } from "../../contracts/stats.ts";
import type { NetworkRuntime } from "./runtime_types.ts";

/** Common network words for Rotor's statuses, after the network's map and the aliases. */
const COMMON_WORDS: Record<string, ConversionStatus> = {
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

/** A mapped status: Rotor's status and, for an event, its type (decision 167). */
export type MappedStatus = {
  status: ConversionStatus;
  event: ConversionEventType | null;
  how: string;
};

/** A status map value: a status, or an event type recorded with its base status. */
function toTarget(
  target: string,
  options: { how: string; eventTypes: readonly ConversionEventType[] },
): MappedStatus {
  const status = ConversionStatus.safeParse(target);
  if (status.success) return { status: status.data, event: null, how: options.how };
  const type = options.eventTypes.find((t) => t.name === target);
  if (type) return { status: type.status, event: type, how: options.how };
  return {
    status: "hold",
    event: null,
    how:
      `${options.how}, but event type '${target}' is not in Settings → Postback processing → Events: held for review`,
  };
}

/**
 * Network text → Rotor status (and event): none sent is a sale; then the
 * network's map (a status or an event type), the status aliases of the
 * settings, an event type of that very name, common words; anything else is
 * held for review (the original text is kept, so it can be mapped later).
 */
export function mapStatus(
  raw: string,
  options: {
    network: NetworkRuntime | null;
    aliases: Record<string, ConversionStatus>;
    eventTypes?: readonly ConversionEventType[];
  },
): MappedStatus {
  const eventTypes = options.eventTypes ?? [];
  const text = raw.trim().toLowerCase();
  if (text === "") return { status: "sale", event: null, how: "no status sent: a sale" };
  const fromNetwork = options.network?.statusMap.get(text);
  if (fromNetwork) return toTarget(fromNetwork, { how: "the network's status map", eventTypes });
  const alias = Object.hasOwn(options.aliases, text) ? options.aliases[text] : undefined;
  if (alias) return { status: alias, event: null, how: "a status alias" };
  const named = eventTypes.find((t) => t.name === text);
  if (named) return { status: named.status, event: named, how: "the event type of that name" };
  if (Object.hasOwn(COMMON_WORDS, text)) {
    return { status: COMMON_WORDS[text], event: null, how: "a common word" };
  }
  return { status: "hold", event: null, how: "an unknown status: held for review" };
}
