/** Settings → Columns: saved column sets per list and report. */
import { useState } from "react";
import { ColumnList, type ColumnSet } from "../../contracts/settings.ts";
import { Field } from "../ui/field.tsx";
import { SectionForm } from "./section_form.tsx";
import { Input } from "./controls.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";
import { SimpleTable } from "../ui/simple_table.tsx";

const EMPTY = { list: "campaigns" as ColumnSet["list"], name: "", columns: "", isDefault: false };

/** The column sets form. */
export function ColumnsSettings() {
  const section = useSection("columns");
  const [adding, setAdding] = useState(EMPTY);
  const sets = section.draft?.sets ?? [];
  const setSets = (list: ColumnSet[]) => section.change({ sets: list });
  const add = () => {
    const columns = adding.columns.split(/[\s,]+/).filter(Boolean);
    const next = sets.map((s) =>
      adding.isDefault && s.list === adding.list ? { ...s, isDefault: false } : s
    );
    setSets([...next, { ...adding, name: adding.name.trim(), columns }]);
    setAdding({ ...EMPTY, list: adding.list });
  };
  return (
    <SectionForm
      label="Column sets"
      {...sectionFormProps(section)}
    >
      <SimpleTable heads={["List", "Name", "Columns", "Default"]} actions>
        {sets.length === 0 && (
          <tr>
            <td colSpan={5} className="muted">No saved sets yet.</td>
          </tr>
        )}
        {sets.map((s, i) => (
          <tr key={`${s.list}-${s.name}-${i}`}>
            <td>{s.list}</td>
            <td>{s.name}</td>
            <td>{s.columns.join(", ")}</td>
            <td>{s.isDefault ? "yes" : ""}</td>
            <td className="simple-table__actions">
              <button
                type="button"
                className="btn"
                onClick={() => setSets(sets.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </SimpleTable>
      <div className="card stack">
        <h3 className="card__title">Add a set</h3>
        <div className="form-grid">
          <Field label="List">
            <select
              value={adding.list}
              onChange={(e) => setAdding({ ...adding, list: e.target.value as ColumnSet["list"] })}
            >
              {ColumnList.options.map((l) => <option key={l} value={l}>{l}</option>)}
            </select>
          </Field>
          <Input
            label="Set name"
            path="new.name"
            value={adding.name}
            errors={{}}
            onChange={(name) => setAdding({ ...adding, name })}
          />
          <Input
            label="Columns (comma separated)"
            path="new.columns"
            value={adding.columns}
            placeholder="name, clicks, conversions, roi"
            errors={{}}
            onChange={(columns) => setAdding({ ...adding, columns })}
          />
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={adding.isDefault}
            onChange={(e) => setAdding({ ...adding, isDefault: e.target.checked })}
          />
          Default for this list
        </label>
        <div>
          <button
            type="button"
            className="btn"
            disabled={!adding.name.trim() || !adding.columns.trim()}
            onClick={add}
          >
            Add set
          </button>
        </div>
      </div>
    </SectionForm>
  );
}
