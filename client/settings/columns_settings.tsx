/**
 * Settings → Columns: the saved column sets of every list and the report —
 * the same sets each list's Columns menu offers. Rename a set, change its
 * columns, make it a list's default (shown until a browser picks otherwise),
 * remove it, or add one by hand.
 */
import { useState } from "react";
import { ColumnList, type ColumnSet } from "../../contracts/settings.ts";
import { Field } from "../ui/field.tsx";
import type { FieldErrors } from "../ui/form_errors.ts";
import { SimpleTable } from "../ui/simple_table.tsx";
import { Input } from "./controls.tsx";
import { FieldError, SectionForm } from "./section_form.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";

type List = ColumnSet["list"];

/** How the lists are named in the menu. */
const LIST_LABELS: Record<List, string> = {
  campaigns: "Campaigns",
  offers: "Offers",
  landings: "Landers",
  "affiliate-networks": "Aff. networks",
  "traffic-sources": "Traffic sources",
  rotations: "Rotations",
  report: "Report",
  conversions: "Conversions",
  clicklog: "Click log",
};

const EMPTY = { list: "campaigns" as List, name: "", columns: "", isDefault: false };

function splitColumns(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** `sets` with set `at` made its list's default (or not): one default per list. */
function withDefault(sets: ColumnSet[], at: number, isDefault: boolean): ColumnSet[] {
  const list = sets[at].list;
  return sets.map((s, i) =>
    i === at ? { ...s, isDefault } : isDefault && s.list === list ? { ...s, isDefault: false } : s
  );
}

function SetRow(props: {
  set: ColumnSet;
  index: number;
  errors: FieldErrors;
  onChange: (set: ColumnSet) => void;
  onDefault: (isDefault: boolean) => void;
  onRemove: () => void;
}) {
  const { set, index } = props;
  const [editing, setEditing] = useState(false);
  const [columns, setColumns] = useState(set.columns.join(", "));
  const path = `sets.${index}`;
  const broken = Object.keys(props.errors).some((k) => k.startsWith(`${path}.`));
  return (
    <tr>
      <td>{LIST_LABELS[set.list]}</td>
      <td>
        {editing || broken
          ? (
            <input
              className="input"
              aria-label={`Name of ${LIST_LABELS[set.list]} set ${index + 1}`}
              value={set.name}
              maxLength={64}
              onChange={(e) => props.onChange({ ...set, name: e.target.value })}
            />
          )
          : set.name}
        <FieldError errors={props.errors} path={`${path}.name`} />
      </td>
      <td className="column-sets__columns">
        {editing || broken
          ? (
            <input
              className="input"
              aria-label={`Columns of ${set.name || "the set"}`}
              value={columns}
              onChange={(e) => {
                setColumns(e.target.value);
                props.onChange({ ...set, columns: splitColumns(e.target.value) });
              }}
            />
          )
          : set.columns.join(", ")}
        <FieldError errors={props.errors} path={`${path}.columns`} />
      </td>
      <td>
        <label className="check">
          <input
            type="checkbox"
            checked={set.isDefault}
            onChange={(e) => props.onDefault(e.target.checked)}
          />
          <span className="sr-only">Default for {LIST_LABELS[set.list]}:</span>
          <span className="column-sets__default-text" aria-hidden="true">Default</span>
        </label>
      </td>
      <td className="simple-table__actions">
        <button
          type="button"
          className="btn btn--small"
          onClick={() => {
            if (!editing) setColumns(set.columns.join(", "));
            setEditing(!editing);
          }}
        >
          {editing ? "Done" : "Edit"}
        </button>
        <button type="button" className="btn btn--small btn--danger-ghost" onClick={props.onRemove}>
          Remove
        </button>
      </td>
    </tr>
  );
}

/** The column sets form. */
export function ColumnsSettings() {
  const section = useSection("columns");
  const [adding, setAdding] = useState(EMPTY);
  const sets = section.draft?.sets ?? [];
  const setSets = (list: ColumnSet[]) => section.change({ sets: list });
  // Grouped by list in menu order; indexes stay those of the stored array (error paths use them).
  const order = ColumnList.options;
  const rows = sets.map((set, index) => ({ set, index }))
    .sort((a, b) => order.indexOf(a.set.list) - order.indexOf(b.set.list));
  const add = () => {
    const next = [...sets, {
      ...adding,
      name: adding.name.trim(),
      columns: splitColumns(adding.columns),
    }];
    setSets(adding.isDefault ? withDefault(next, next.length - 1, true) : next);
    setAdding({ ...EMPTY, list: adding.list });
  };
  return (
    <SectionForm label="Column sets" {...sectionFormProps(section)}>
      <p className="muted">
        The quickest way to make a set: open a list's <strong>Columns</strong>{" "}
        menu, choose the columns, and save them under a name. A list's default set is what a browser
        shows until its user picks other columns.
      </p>
      <div className="column-sets-table">
        <SimpleTable heads={["List", "Name", "Columns", "Default"]} actions>
          {rows.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">No saved sets yet.</td>
            </tr>
          )}
          {rows.map(({ set, index }) => (
            <SetRow
              key={`${set.list}-${index}`}
              set={set}
              index={index}
              errors={section.errors}
              onChange={(changed) => setSets(sets.map((s, j) => (j === index ? changed : s)))}
              onDefault={(isDefault) => setSets(withDefault(sets, index, isDefault))}
              onRemove={() => setSets(sets.filter((_, j) => j !== index))}
            />
          ))}
        </SimpleTable>
      </div>
      <div className="card stack">
        <h3 className="card__title">Add a set</h3>
        <div className="form-grid">
          <Field label="List">
            <select
              value={adding.list}
              onChange={(e) => setAdding({ ...adding, list: e.target.value as List })}
            >
              {order.map((l) => <option key={l} value={l}>{LIST_LABELS[l]}</option>)}
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
