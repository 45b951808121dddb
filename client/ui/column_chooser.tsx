/** The column chooser: which columns a list shows (kept in local storage per list). */
import { Popover } from "./popover.tsx";

/** Props of `ColumnChooser`. */
export interface ColumnChooserProps {
  columns: ReadonlyArray<{ key: string; label: string }>;
  hidden: readonly string[];
  onToggle: (key: string) => void;
  onReset: () => void;
}

/** The chooser. */
export function ColumnChooser(props: ColumnChooserProps) {
  return (
    <Popover label="Columns" align="end" className="column-chooser">
      {() => (
        <div className="column-chooser__panel" role="group" aria-label="Shown columns">
          {props.columns.map((column) => (
            <label key={column.key} className="check">
              <input
                type="checkbox"
                checked={!props.hidden.includes(column.key)}
                disabled={column.key === "name"}
                onChange={() => props.onToggle(column.key)}
              />
              {column.label}
            </label>
          ))}
          <button type="button" className="btn btn--small btn--ghost" onClick={props.onReset}>
            Reset to default
          </button>
        </div>
      )}
    </Popover>
  );
}
