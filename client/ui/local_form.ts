/**
 * A local form checked by a zod contract (a dialog, a small card): its values,
 * `set` by dotted path, the field errors, and the check before sending. Its
 * `api` is what the kit's controls read through `FormContext`, as an entity
 * form's or a settings section's.
 */
import { useState } from "react";
import type { z } from "zod";
import { checkWith, type FieldErrors } from "./form_errors.ts";
import type { FormApi } from "./form_state.ts";
import { setIn } from "./form_values.ts";

/** A local form's state and its check. */
export interface LocalForm<S extends z.ZodType, T> {
  values: T;
  /** Replaces every value (an edit loads a row, a sent form starts again). */
  setValues: (values: T) => void;
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  /** Checks the values with the contract: the parsed value, or false with the errors shown. */
  check: () => z.output<S> | false;
  /** What the kit's controls read (`<FormContext.Provider value={form.api}>`). */
  api: FormApi;
}

/**
 * A form over `initial` checked by `schema`. `onChange` runs on every edit by a control (a
 * preview that no longer holds is dropped). T is the contract's input unless the form holds
 * more (a repeated password).
 */
export function useLocalForm<S extends z.ZodType, T = z.input<S>>(
  schema: S,
  initial: NoInfer<T> | (() => NoInfer<T>),
  options: { onChange?: () => void; readOnly?: boolean } = {},
): LocalForm<S, T> {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (path: string, value: unknown) => {
    setValues((current) => setIn(current, path, value));
    options.onChange?.();
  };
  const check = () => {
    const checked = checkWith(schema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return false;
    }
    return checked.value as z.output<S>;
  };
  return {
    values,
    setValues,
    errors,
    setErrors,
    check,
    api: {
      values: values as Record<string, unknown>,
      set,
      errors,
      schema,
      readOnly: options.readOnly ?? false,
    },
  };
}
