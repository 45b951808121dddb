/**
 * The entity filters of the click log and the conversions: campaign, offer and
 * traffic source, each picked by name (or id) in a searchable picker. Their ids
 * travel as `campaignId`, `offerId` and `trafficSourceId`, the API's names.
 */
import type { ResourceName } from "./entity_api.ts";
import { EntityPicker } from "./entity_picker.tsx";
import { type FilterSpec, type FilterValues, isIdText } from "../ui/filter_params.ts";

/** The filters, in the toolbar's order. */
export const ENTITY_FILTERS = [
  { key: "campaignId", resource: "campaigns", label: "Campaign" },
  { key: "offerId", resource: "offers", label: "Offer" },
  { key: "trafficSourceId", resource: "traffic-sources", label: "Traffic source" },
] as const satisfies ReadonlyArray<{ key: string; resource: ResourceName; label: string }>;

/** A filter's query key. */
export type EntityFilterKey = typeof ENTITY_FILTERS[number]["key"];

/** The filters' address spec: each holds an id. */
export const ENTITY_FILTER_SPEC: FilterSpec<EntityFilterKey> = {
  campaignId: isIdText,
  offerId: isIdText,
  trafficSourceId: isIdText,
};

/** The three pickers, showing `values` and reporting each change. */
export function EntityFilters(props: {
  values: FilterValues<EntityFilterKey>;
  onChange: (patch: Partial<FilterValues<EntityFilterKey>>) => void;
}) {
  return (
    <>
      {ENTITY_FILTERS.map((f) => (
        <EntityPicker
          key={f.key}
          resource={f.resource}
          label={f.label}
          placeholder={`${f.label} (name or id)`}
          value={props.values[f.key] ? Number(props.values[f.key]) : null}
          onChange={(id) => props.onChange({ [f.key]: id === null ? "" : String(id) })}
        />
      ))}
    </>
  );
}
