/**
 * The column chooser of lists and the report: saved column sets (Settings →
 * Columns) to pick, save under a name or delete, then a checkbox per column.
 */
import { useState } from "react";
import { Popover } from "./popover.tsx";

/** The saved sets of one list, as the chooser shows them. */
export interface SavedSetsProps {
  saved: ReadonlyArray<{ name: string; active: boolean; isDefault: boolean }>;
  /** False until the saved sets have loaded. */
  ready: boolean;
  onPick: (name: string) => void;
  /** Saves the shown columns as `name` (replacing a set of that name). */
  onSave: (name: string) => Promise<void>;
  onDelete: (name: string) => Promise<void>;
}

/** Props of `ColumnChooser`. */
export interface ColumnChooserProps {
  columns: ReadonlyArray<{ key: string; label: string }>;
  hidden: readonly string[];
  onToggle: (key: string) => void;
  onReset: () => void;
  sets?: SavedSetsProps;
}

function SavedSets({ sets }: { sets: SavedSetsProps }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const trimmed = name.trim();
  const replaces = sets.saved.some((s) => s.name === trimmed);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="column-sets" aria-label="Saved column sets">
      <h3 className="column-chooser__title">Saved sets</h3>
      {sets.saved.length === 0
        ? (
          <p className="muted small column-sets__empty">
            {sets.ready ? "None yet. Choose columns below, then save them under a name." : "…"}
          </p>
        )
        : (
          <ul className="column-sets__list">
            {sets.saved.map((set) => (
              <li key={set.name} className="column-sets__item">
                <button
                  type="button"
                  className="column-sets__pick"
                  aria-pressed={set.active}
                  title={`Show the columns of "${set.name}"`}
                  onClick={() => sets.onPick(set.name)}
                >
                  <span className="column-sets__name">{set.name}</span>
                  {set.isDefault && <span className="chip chip--muted">default</span>}
                </button>
                <button
                  type="button"
                  className="btn btn--small btn--icon btn--ghost btn--danger-ghost"
                  aria-label={`Delete column set ${set.name}`}
                  title="Delete this set"
                  disabled={busy}
                  onClick={() => void run(() => sets.onDelete(set.name))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      <form
        className="column-sets__save"
        onSubmit={(event) => {
          event.preventDefault();
          if (!trimmed) return;
          void run(async () => {
            await sets.onSave(trimmed);
            setName("");
          });
        }}
      >
        <input
          className="input"
          aria-label="Column set name"
          placeholder="Name for these columns"
          maxLength={64}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="btn btn--small" disabled={!trimmed || busy || !sets.ready}>
          {replaces ? "Replace set" : "Save set"}
        </button>
      </form>
      {error && <p role="alert" className="field__error">{error}</p>}
    </section>
  );
}

/** The chooser. */
export function ColumnChooser(props: ColumnChooserProps) {
  return (
    <Popover label="Columns" align="end" className="column-chooser">
      {() => (
        <div className="column-chooser__panel">
          {props.sets && <SavedSets sets={props.sets} />}
          <div className="column-chooser__columns" role="group" aria-label="Shown columns">
            {props.sets && <h3 className="column-chooser__title">Shown columns</h3>}
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
          </div>
          <button type="button" className="btn btn--small btn--ghost" onClick={props.onReset}>
            Reset to default
          </button>
        </div>
      )}
    </Popover>
  );
}
