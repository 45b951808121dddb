/**
 * A small on-page editor for entities without their own form routes (domains,
 * groups): the contract checks the values, the server's issues land on fields.
 */
import { type ReactNode, useState } from "react";
import type { z } from "zod";
import { notify } from "../app/toasts.tsx";
import { refreshResource, type ResourceName, saveChecked } from "./entity_api.ts";
import { checkWith, type FieldErrors, showSaveError } from "../ui/form_errors.ts";
import { FormContext } from "../ui/form_state.ts";
import { setIn } from "../ui/form_values.ts";

type Values = Record<string, unknown>;

/** Props of `InlineEditor`. */
export interface InlineEditorProps {
  resource: ResourceName;
  noun: string;
  schema: z.ZodObject;
  /** The values to start from, and the id when editing. */
  start: { values: Values; id?: number };
  children: ReactNode;
  onDone: () => void;
  /** Adjusts values just before they are checked (a domain's name defaults to its host). */
  prepare?: (values: Values) => Values;
  /** Checks the contract cannot make (a name another item already has): field errors, if any. */
  validate?: (values: Values) => FieldErrors;
}

/** The editor card. */
export function InlineEditor(props: InlineEditorProps) {
  const [values, setValues] = useState(props.start.values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const editing = props.start.id !== undefined;
  const save = async () => {
    const result = checkWith(props.schema, props.prepare?.(values) ?? values);
    if (!result.ok) return setErrors(result.errors);
    const clashes = props.validate?.(result.value as Values) ?? {};
    if (Object.keys(clashes).length > 0) return setErrors(clashes);
    setSaving(true);
    try {
      await saveChecked(props.resource, props.start.id, result.value);
      await refreshResource(props.resource);
      notify(`${props.noun[0].toUpperCase()}${props.noun.slice(1)} saved`, { type: "success" });
      props.onDone();
    } catch (error) {
      showSaveError(error, setErrors);
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormContext.Provider
      value={{
        values,
        set: (path, value) => setValues((v) => setIn(v, path, value)),
        errors,
        schema: props.schema,
        readOnly: false,
      }}
    >
      <form
        className="card inline-editor"
        aria-label={editing ? `Edit ${props.noun}` : `Add ${props.noun}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="inline-editor__fields">{props.children}</div>
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {editing ? "Save" : `Add ${props.noun}`}
          </button>
          {editing && <button type="button" className="btn" onClick={props.onDone}>Cancel</button>}
        </div>
      </form>
    </FormContext.Provider>
  );
}
