/**
 * Form controls bound to the enclosing form by dotted path: the label, the
 * contract's required marker, and the field's error under it.
 */
import { type ReactNode, useEffect, useId, useState } from "react";
import type { GroupType } from "../../contracts/group.ts";
import { type ResourceName, useOptions } from "../entities/entity_api.ts";
import { useField, useForm } from "./form_state.ts";
import { BoundText, type Common, Shell } from "./field_shell.tsx";
import { type FieldPath, type Place, root, toPlace, within } from "./field_path.ts";

/** A text input (`type` "email", "password", "date"…; `list` names a `<datalist>` of choices). */
export function TextField<T = never>(
  props: Common<T> & {
    placeholder?: string;
    type?: "text" | "email" | "password" | "date" | "url";
    autoComplete?: string;
    list?: string;
    maxLength?: number;
    clean?: (text: string) => string;
  },
) {
  return (
    <BoundText
      {...props}
      render={(bound) => (
        <input
          {...bound}
          type={props.type ?? "text"}
          list={props.list}
          maxLength={props.maxLength}
          autoComplete={props.autoComplete ?? "off"}
        />
      )}
    />
  );
}

/** A multi-line text input. */
export function TextAreaField<T = never>(
  props: Common<T> & { rows?: number; placeholder?: string },
) {
  return (
    <BoundText
      {...props}
      render={(bound) => <textarea {...bound} rows={props.rows ?? 3} />}
    />
  );
}

/** A list of strings edited one per line (CIDRs). */
export function LinesField<T = never>(props: Common<T> & { rows?: number; placeholder?: string }) {
  const field = useField(toPlace<string[] | undefined>(props.path));
  const { errors } = useForm();
  const [text, setText] = useState((field.value ?? []).join("\n"));
  // An entry's error (`list.3`) names its line.
  const entry = Object.entries(errors).find(([key]) => key.startsWith(`${props.path}.`));
  const entryError = entry && `line ${Number(entry[0].split(".").at(-1)) + 1}: ${entry[1]}`;
  return (
    <Shell
      {...props}
      field={{ error: field.error ?? entryError, required: false }}
      control={(a11y) => (
        <textarea
          {...a11y}
          rows={props.rows ?? 3}
          value={text}
          placeholder={props.placeholder}
          readOnly={field.readOnly}
          onChange={(event) => {
            setText(event.target.value);
            field.set(event.target.value.split("\n").map((l) => l.trim()).filter(Boolean));
          }}
        />
      )}
    />
  );
}

/**
 * A number input. The text is kept while typing ("1." is not yet a number);
 * empty means null when `nullable`, else NaN, which the contract refuses.
 */
export function NumberField<T = never>(
  props: Common<T> & {
    step?: number;
    min?: number;
    max?: number;
    nullable?: boolean;
    placeholder?: string;
  },
) {
  const field = useField(toPlace<number | null | undefined>(props.path));
  const show = (
    v: number | null | undefined,
  ) => (v === null || v === undefined || Number.isNaN(v) ? "" : String(v));
  const [text, setText] = useState(show(field.value));
  useEffect(() => {
    if (
      Number(text) !== field.value &&
      !(text === "" && (field.value === null || Number.isNaN(field.value)))
    ) {
      setText(show(field.value));
    }
  }, [field.value]);
  return (
    <Shell
      {...props}
      field={field}
      control={(a11y) => (
        <input
          {...a11y}
          type="number"
          inputMode="decimal"
          step={props.step ?? "any"}
          min={props.min}
          max={props.max}
          value={text}
          placeholder={props.placeholder}
          readOnly={field.readOnly}
          onChange={(event) => {
            const raw = event.target.value;
            setText(raw);
            field.set(raw.trim() === "" ? (props.nullable ? null : Number.NaN) : Number(raw));
          }}
        />
      )}
    />
  );
}

/** Options of a select: `[value, label]`. */
export type Options = ReadonlyArray<readonly [string | number, string]>;

/** A select. `empty` adds a "none" choice that sets null. */
export function SelectField<T = never>(props: Common<T> & { options: Options; empty?: string }) {
  const field = useField(toPlace<string | number | null | undefined>(props.path));
  const numeric = props.options.some(([v]) => typeof v === "number");
  return (
    <Shell
      {...props}
      field={field}
      control={(a11y) => (
        <select
          {...a11y}
          value={field.value ?? ""}
          disabled={field.readOnly}
          onChange={(event) => {
            const raw = event.target.value;
            field.set(raw === "" ? null : numeric ? Number(raw) : raw);
          }}
        >
          {props.empty !== undefined && <option value="">{props.empty}</option>}
          {props.options.map(([value, label]) => <option key={value} value={value}>{label}
          </option>)}
        </select>
      )}
    />
  );
}

/** A choice among a few options shown at once, as radio buttons under the label. */
export function RadioField<T = never>(props: Common<T> & { options: Options }) {
  const field = useField(toPlace<string | number | undefined>(props.path));
  const name = useId();
  return (
    <fieldset className={`field ${props.className ?? ""}`} data-path={props.path}>
      <legend className="field__label">{props.label}</legend>
      {props.options.map(([value, label]) => (
        <label key={value} className="check">
          <input
            type="radio"
            name={name}
            checked={field.value === value}
            disabled={field.readOnly}
            onChange={() => field.set(value)}
          />
          {label}
        </label>
      ))}
      {props.hint && <p className="field__hint">{props.hint}</p>}
      {field.error && <p className="field__error" role="alert">{field.error}</p>}
    </fieldset>
  );
}

/** A checkbox. */
export function CheckField<T = never>(props: Omit<Common<T>, "label"> & { label: ReactNode }) {
  const field = useField(toPlace<boolean | undefined>(props.path));
  const hintId = `${useId()}-hint`;
  return (
    <div className={`field field--check ${props.className ?? ""}`} data-path={props.path}>
      <label className="check">
        <input
          type="checkbox"
          checked={Boolean(field.value)}
          disabled={field.readOnly}
          aria-describedby={props.hint ? hintId : undefined}
          onChange={(event) => field.set(event.target.checked)}
        />
        {props.labelHidden ? <span className="sr-only">{props.label}</span> : props.label}
      </label>
      {props.hint && <p className="field__hint" id={hintId}>{props.hint}</p>}
      {field.error && <p className="field__error" role="alert">{field.error}</p>}
    </div>
  );
}

/**
 * The error at a path, for a control drawn by hand (a table cell's input, a list's rows):
 * the same message a bound control shows under it.
 */
export function FieldError<T = never>(props: { path: FieldPath<T> | Place<unknown> }) {
  const message = useForm().errors[props.path];
  return message ? <p className="field__error" role="alert">{message}</p> : null;
}

/** A picker of another entity (live items by name, plus the current one even if archived). */
export function EntityField<T = never>(
  props: Common<T> & {
    resource: ResourceName;
    empty?: string;
    filter?: (item: { id: number; type?: unknown }) => boolean;
  },
) {
  const list = useOptions(props.resource);
  const field = useField(toPlace<number | null | undefined>(props.path));
  const items = (list.data?.items ?? []).filter((item) =>
    (!item.archived || item.id === field.value) && (props.filter?.(item) ?? true)
  );
  const options: Options = items.map((
    item,
  ) => [item.id, `${item.name}${item.archived ? " (archived)" : ""}`]);
  return <SelectField {...props} options={options} empty={props.empty} />;
}

/** The group picker for one entity type. */
export function GroupField(props: { type: GroupType }) {
  return (
    <EntityField
      path={within(root<{ groupId: number | null }>(), "groupId")}
      label="Group"
      resource="groups"
      empty="No group"
      filter={(item) => item.type === props.type}
    />
  );
}
