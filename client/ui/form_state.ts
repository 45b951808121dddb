/**
 * The state of an entity form: values, field errors and the contract that
 * checks them. Controls read and write it by dotted path through context.
 */
import { createContext, useContext } from "react";
import { z } from "zod";
import type { FieldErrors } from "./form_errors.ts";
import { getIn } from "./form_values.ts";
import type { Place } from "./field_path.ts";

/** What every form control gets from its form. */
export interface FormApi {
  values: Record<string, unknown>;
  set: (path: string, value: unknown) => void;
  errors: FieldErrors;
  /** The create contract: required markers and bounds come from it. */
  schema: z.ZodType;
  readOnly: boolean;
}

/** The form's context. */
export const FormContext = createContext<FormApi | null>(null);

/** The enclosing form (controls fail loudly outside one). */
export function useForm(): FormApi {
  const form = useContext(FormContext);
  if (!form) throw new Error("a form control is used outside a form");
  return form;
}

/** A field bound by path: its value and setter, its error and required flag. */
export interface BoundField<T> {
  value: T;
  set: (value: T) => void;
  error: string | undefined;
  required: boolean;
  readOnly: boolean;
}

/** The field at a checked place: its value and setter, plus its error and required flag. */
export function useField<T>(path: Place<T>): BoundField<T> {
  const form = useForm();
  return {
    value: getIn(form.values, path) as T,
    set: (value: T) => form.set(path, value),
    error: form.errors[path],
    required: isRequired(form.schema, path),
    readOnly: form.readOnly,
  };
}

function unwrap(schema: z.ZodType): z.ZodType {
  let node = schema;
  for (let i = 0; i < 5; i++) {
    if (
      node instanceof z.ZodDefault || node instanceof z.ZodOptional || node instanceof z.ZodNullable
    ) {
      node = node.unwrap() as z.ZodType;
    } else if (node instanceof z.ZodPipe) node = node.in as z.ZodType;
    else break;
  }
  return node;
}

/** The schema of the field at a dotted path of plain object keys, when it can be found. */
export function fieldSchema(schema: z.ZodType, path: string): z.ZodType | undefined {
  let node: z.ZodType | undefined = schema;
  for (const key of path.split(".")) {
    const object: z.ZodType | undefined = node && unwrap(node);
    if (!(object instanceof z.ZodObject)) return undefined;
    node = (object.shape as Record<string, z.ZodType>)[key];
  }
  return node;
}

/**
 * Whether the contract refuses the field when it is left out or left empty (a required field).
 * A field that takes "" may be left empty: the user edit's "New password" is not required.
 */
export function isRequired(schema: z.ZodType, path: string): boolean {
  const field = fieldSchema(schema, path);
  if (!field) return false;
  return [undefined, null, ""].every((empty) => !field.safeParse(empty).success);
}

/**
 * The starting values of a create form: every field the contract defaults,
 * plus `blanks` for the fields it requires (empty until the user fills them).
 */
export function initialValues(
  schema: z.ZodObject,
  blanks: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const parsed = field.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) values[key] = parsed.data;
  }
  return { ...values, ...blanks };
}

/** The contract's fields of a stored entity (drops id, stats, timestamps, server-made keys). */
export function pickInput(schema: z.ZodObject, entity: Record<string, unknown>) {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    if (entity[key] !== undefined) values[key] = entity[key];
  }
  return values;
}

/** The most items an array field accepts, found by asking the contract (its bound is not re-typed). */
export function maxItems(schema: z.ZodType, item: unknown, limit = 1000): number {
  let n = 0;
  while (n < limit && schema.safeParse(Array(n + 1).fill(item)).success) n++;
  return n;
}
