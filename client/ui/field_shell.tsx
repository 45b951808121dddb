/**
 * The frame of a control bound by dotted path: its label with the contract's
 * required marker, the hint, and the field's error under it.
 */
import type { ChangeEvent, ReactElement, ReactNode } from "react";
import { useId } from "react";
import { useField } from "./form_state.ts";
import { type FieldPath, type Place, toPlace } from "./field_path.ts";

/**
 * The props every bound control takes. Its `path` is a dotted path of T when the control
 * comes from a form's kit (`formFields<T>()`), else a checked `Place`.
 */
export interface Common<T = never> {
  path: FieldPath<T> | Place<unknown>;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** The label is for screen readers only (a control in a table's cell, named by its column). */
  labelHidden?: boolean;
}

/** What the shell gives a control to wire its label and error. */
export type A11y = { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

/** The label, control and error around one control. */
export function Shell<T>(
  props: Common<T> & {
    control: (a11y: A11y) => ReactElement;
    /** The bound field's error and required marker. */
    field: { error?: string; required: boolean };
  },
) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const { error, required } = props.field;
  const described = error ? errorId : props.hint ? hintId : undefined;
  return (
    <div className={`field ${props.className ?? ""}`} data-path={props.path}>
      <label className={props.labelHidden ? "sr-only" : "field__label"} htmlFor={id}>
        {props.label}
        {required && <span className="field__required" aria-hidden="true">*</span>}
      </label>
      {props.control({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described,
      })}
      {props.hint && !error && <p className="field__hint" id={hintId}>{props.hint}</p>}
      {error && <p className="field__error" id={errorId} role="alert">{error}</p>}
    </div>
  );
}

/** The props a string control at `path` is bound with. */
type TextBinding = A11y & {
  value: string;
  placeholder?: string;
  readOnly: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

/** A control editing the string at `path`; `render` draws the element with the binding. */
export function BoundText<T>(
  props: Common<T> & {
    placeholder?: string;
    /** What is kept of the typed text (upper case for a currency, trimmed for a path). */
    clean?: (text: string) => string;
    render: (bound: TextBinding) => ReactElement;
  },
) {
  const field = useField(toPlace<string | undefined>(props.path));
  return (
    <Shell
      {...props}
      field={field}
      control={(a11y) =>
        props.render({
          ...a11y,
          value: field.value ?? "",
          placeholder: props.placeholder,
          readOnly: field.readOnly,
          onChange: (event) =>
            field.set(props.clean ? props.clean(event.target.value) : event.target.value),
        })}
    />
  );
}
