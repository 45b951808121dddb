/** The conversion event types of Settings → Postback processing → Events, for the forms that point at them. */
import type { ConversionEventType } from "../../contracts/conversion_events.ts";
import { useSectionData } from "./use_section.ts";

/** The event types (empty until loaded). */
export function useEventTypes(): readonly ConversionEventType[] {
  return useSectionData("events").data?.types ?? [];
}
