/**
 * Settings → Columns: the saved column sets of every list and the report —
 * the same sets each list's Columns menu offers. Rename a set, change its
 * columns, make it a list's default (shown until a browser picks otherwise),
 * remove it, or add one by hand.
 */
import { useState } from "react";
import { z } from "zod";
import { ColumnList, type ColumnSet, type SettingsValue } from "../../contracts/settings.ts";
import { LISTS_WITH_SETS } from "../../contracts/list_columns.ts";
import { errorsUnder, type FieldErrors } from "../ui/form_errors.ts";
import { formFields } from "../ui/form_kit.ts";
import { FormContext } from "../ui/form_state.ts";
import { useLocalForm } from "../ui/local_form.ts";
import { SimpleTable } from "../ui/simple_table.tsx";
import { SectionForm } from "./section_form.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";

const F = formFields<SettingsValue<"columns">>();

/** A set being added by hand: its columns as typed, split when it is added. */
const NewSet = z.object({
  list: ColumnList,
  name: z.string(),
  columns: z.string(),
  isDefault: z.boolean(),
});
const Adding = formFields<z.input<typeof NewSet>>();

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

const EMPTY: z.input<typeof NewSet> = {
  list: "campaigns",
  name: "",
  columns: "",
  isDefault: false,
};

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
  const path = `sets.${index}` as const;
  const broken = Object.keys(props.errors).some((k) => k.startsWith(`${path}.`));
  // The server names each column its list does not have (`sets.0.columns.2`).
  const unknown = Object.entries(errorsUnder(props.errors, `${path}.columns`))
    .filter(([key]) => key !== `${path}.columns`);
  return (
    <tr>
      <td>{LIST_LABELS[set.list]}</td>
      <td>
        {editing || broken
          ? (
            <F.TextField
              path={`${path}.name`}
              label={`Name of ${LIST_LABELS[set.list]} set ${index + 1}`}
              labelHidden
              maxLength={64}
            />
          )
          : set.name}
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
        <F.FieldError path={`${path}.columns`} />
        {unknown.map(([key, message]) => <p key={key} className="field__error">{message}</p>)}
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
  const form = useLocalForm(NewSet, EMPTY);
  const adding = form.values;
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
    form.setValues({ ...EMPTY, list: adding.list });
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
      <FormContext.Provider value={form.api}>
        <div className="card stack">
          <h3 className="card__title">Add a set</h3>
          <div className="form-grid">
            <Adding.SelectField
              path="list"
              label="List"
              // Only lists whose screen shows a set: the conversions list chooses no columns.
              options={LISTS_WITH_SETS.map((l) => [l, LIST_LABELS[l]] as const)}
            />
            <Adding.TextField path="name" label="Set name" />
            <Adding.TextField
              path="columns"
              label="Columns (comma separated)"
              placeholder="name, clicks, conversions, roi"
            />
          </div>
          <Adding.CheckField path="isDefault" label="Default for this list" />
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
      </FormContext.Provider>
    </SectionForm>
  );
}
