/** Small controls the settings screens share: switches, numbers, text, copyable values. */
import { useId, useSyncExternalStore } from "react";
import { currentUserStore } from "../app/current_user.ts";
import type { FieldErrors } from "../ui/form_errors.ts";
import { copyText } from "./use_section.ts";
import { FieldError } from "./section_form.tsx";

/** Whether the signed-in user is an admin (tracker settings are theirs to change). */
export function useIsAdmin(): boolean {
  const user = useSyncExternalStore(currentUserStore.subscribe, currentUserStore.get);
  return user.role === "admin" || user.role === "super-admin";
}

/** A labelled checkbox. */
export function Switch(props: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  hint?: string;
}) {
  return (
    <label className="check settings-switch">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>
        {props.label}
        {props.hint && <span className="muted settings-switch__hint">{props.hint}</span>}
      </span>
    </label>
  );
}

interface InputProps {
  label: string;
  path: string;
  value: string | number;
  onChange: (value: string) => void;
  errors: FieldErrors;
  type?: "text" | "number" | "email" | "password" | "date";
  placeholder?: string;
  min?: number;
  max?: number;
  list?: string;
  autoComplete?: string;
  /** What the field changes, under it. */
  hint?: string;
}

/** A labelled input bound to one field, with its error. */
export function Input(props: InputProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type={props.type ?? "text"}
        value={props.value}
        placeholder={props.placeholder}
        min={props.min}
        max={props.max}
        list={props.list}
        autoComplete={props.autoComplete}
        aria-invalid={props.errors[props.path] ? true : undefined}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && <small id={`${id}-hint`} className="muted field__hint">{props.hint}</small>}
      <FieldError errors={props.errors} path={props.path} />
    </div>
  );
}

/** A number from an input: NaN stays NaN so the contract names the field. */
export function toNumber(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

/** A whole-number input from 1 up: empty while the value is NaN, so the contract names it. */
export function CountInput(
  props: Omit<InputProps, "type" | "min" | "value" | "onChange"> & {
    value: number;
    onChange: (value: number) => void;
  },
) {
  return (
    <Input
      {...props}
      type="number"
      min={1}
      value={Number.isNaN(props.value) ? "" : props.value}
      onChange={(v) => props.onChange(toNumber(v))}
    />
  );
}

/** A read-only value with a copy button. */
export function CopyRow(props: { label: string; value: string; testId?: string }) {
  return (
    <div className="copy-row">
      <span className="copy-row__label">{props.label}</span>
      <div className="copy-row__line">
        <code className="wrap" data-testid={props.testId}>{props.value || "—"}</code>
        <button
          type="button"
          className="btn"
          disabled={!props.value}
          aria-label={`Copy ${props.label.toLowerCase()}`}
          onClick={() => void copyText(props.value, `${props.label} copied`)}
        >
          Copy
        </button>
      </div>
    </div>
  );
}

/** Time zones the browser knows, for `<datalist>`. */
export function TimezoneList(props: { id: string }) {
  const zones = "supportedValuesOf" in Intl ? Intl.supportedValuesOf("timeZone") : [];
  return (
    <datalist id={props.id}>
      <option value="UTC" />
      {zones.map((z) => <option key={z} value={z} />)}
    </datalist>
  );
}
