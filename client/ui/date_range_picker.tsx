/** The list's date-range picker: presets in the user's time zone, or custom days. */
import { useState } from "react";
import { DATE_PRESETS, type DatePreset, type DayRange, rangeLabel } from "./date_range.ts";
import { Popover } from "./popover.tsx";

/** Props of `DateRangePicker`. */
export interface DateRangePickerProps {
  preset: DatePreset | "custom";
  range: DayRange;
  timeZone: string;
  onChange: (choice: { range: DatePreset | "custom"; from: string; to: string }) => void;
}

/** The picker. */
export function DateRangePicker(props: DateRangePickerProps) {
  const [from, setFrom] = useState(props.range.from);
  const [to, setTo] = useState(props.range.to);
  const valid = from !== "" && to !== "" && from <= to;
  return (
    <Popover
      className="date-range"
      ariaLabel={`Dates: ${rangeLabel(props.preset, props.range)}`}
      label={
        <>
          <span className="date-range__icon" aria-hidden="true">▦</span>
          {rangeLabel(props.preset, props.range)}
        </>
      }
    >
      {(close) => (
        <div className="date-range__panel">
          <div className="date-range__presets" role="group" aria-label="Presets">
            {DATE_PRESETS.map(([name, label]) => (
              <button
                key={name}
                type="button"
                className={`btn btn--small btn--ghost${props.preset === name ? " is-active" : ""}`}
                aria-pressed={props.preset === name}
                onClick={() => {
                  props.onChange({ range: name, from: "", to: "" });
                  close();
                }}
              >
                {label}
              </button>
            ))}
          </div>
          <form
            className="date-range__custom"
            onSubmit={(event) => {
              event.preventDefault();
              if (!valid) return;
              props.onChange({ range: "custom", from, to });
              close();
            }}
          >
            <label>
              From
              <input
                type="date"
                value={from}
                max={to || undefined}
                onChange={(e) => setFrom(e.target.value)}
              />
            </label>
            <label>
              To
              <input
                type="date"
                value={to}
                min={from || undefined}
                onChange={(e) => setTo(e.target.value)}
              />
            </label>
            <button type="submit" className="btn btn--small btn--primary" disabled={!valid}>
              Apply
            </button>
          </form>
          <p className="muted date-range__tz">Days in {props.timeZone}</p>
        </div>
      )}
    </Popover>
  );
}
