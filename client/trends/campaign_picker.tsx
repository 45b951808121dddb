/** Which campaigns a trend sums: all, or the ones ticked. */
import { useOptions } from "../entities/entity_api.ts";
import { Popover } from "../ui/popover.tsx";

/** The picker. */
export function CampaignPicker(props: { selected: number[]; onChange: (ids: number[]) => void }) {
  const options = useOptions("campaigns");
  const list = options.data?.items ?? [];
  const label = props.selected.length ? `${props.selected.length} campaign(s)` : "All campaigns";
  return (
    <Popover label={label} align="end" className="campaign-picker">
      {() => (
        <div className="campaign-picker__panel" role="group" aria-label="Campaigns">
          {list.map((c) => (
            <label key={c.id} className="check">
              <input
                type="checkbox"
                checked={props.selected.includes(c.id)}
                onChange={() =>
                  props.onChange(
                    props.selected.includes(c.id)
                      ? props.selected.filter((id) => id !== c.id)
                      : [...props.selected, c.id],
                  )}
              />
              {c.name}
            </label>
          ))}
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={() => props.onChange([])}
          >
            All campaigns
          </button>
        </div>
      )}
    </Popover>
  );
}
