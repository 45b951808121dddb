/** The frame of a settings form: its fields, an error summary and a save bar. */
import type { FormEvent, ReactNode } from "react";
import type { FieldErrors } from "../ui/form_errors.ts";
import { ErrorList } from "../ui/error_list.tsx";
import { DataState } from "../ui/data_state.tsx";
import { type FormApi, FormContext } from "../ui/form_state.ts";
import { useReportDirty } from "../ui/unsaved_guard.tsx";

/**
 * A form that saves a section. `readOnly` hides the save bar (plain users on tracker settings).
 * `form` is the section's draft as the kit's controls read it (`formFields<SettingsValue<S>>()`).
 */
export function SectionForm(props: {
  label: string;
  form?: FormApi;
  loading: boolean;
  error?: unknown;
  errors: FieldErrors;
  saving: boolean;
  dirty: boolean;
  readOnly?: boolean;
  /** Shown as the card's title; without it the form is not boxed. */
  title?: string;
  onSave: () => void;
  children: ReactNode;
}) {
  // Leaving the section with edits not saved asks first (the settings page's guard).
  useReportDirty(props.dirty && !props.saving && !props.readOnly);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave();
  };
  const listed = Object.entries(props.errors);
  return (
    <DataState loading={props.loading} error={props.error}>
      <form
        className={props.title ? "card stack" : "stack"}
        aria-label={props.label}
        onSubmit={submit}
        noValidate
      >
        {props.title && <h3 className="card__title">{props.title}</h3>}
        {listed.length > 0 && (
          <div className="notice notice--error" role="alert">
            Check these fields:
            <ErrorList errors={listed} />
          </div>
        )}
        <fieldset className="stack settings-fieldset" disabled={props.readOnly}>
          {props.form
            ? (
              <FormContext.Provider value={{ ...props.form, readOnly: props.readOnly ?? false }}>
                {props.children}
              </FormContext.Provider>
            )
            : props.children}
        </fieldset>
        {props.readOnly
          ? <p className="muted">Only admins change these settings.</p>
          : (
            <div className="form-actions settings-actions">
              <button type="submit" className="btn btn--primary" disabled={props.saving}>
                {props.saving ? "Saving…" : "Save"}
              </button>
              {props.dirty && <span className="muted">Unsaved changes</span>}
            </div>
          )}
      </form>
    </DataState>
  );
}
