/**
 * Field errors of a form, keyed by dotted path (`destination.flow.rules.0.paths`):
 * from the contract's own zod issues before sending, or from the server's
 * `issues` after. Messages are the schema's, never re-typed here.
 */
import type { z } from "zod";
import "../../contracts/zod_messages.ts";
import { ApiError } from "../app/api.ts";
import { notifyError } from "../app/toasts.tsx";

/** Errors by dotted path; `""` holds errors about the whole form. */
export type FieldErrors = Record<string, string>;

/** One issue, as the server sends it. */
export interface IssueLike {
  path: string | ReadonlyArray<PropertyKey>;
  message: string;
}

/** The dotted form of a path. */
export function dotted(path: string | ReadonlyArray<PropertyKey>): string {
  return typeof path === "string" ? path : path.map(String).join(".");
}

/**
 * Issues → errors; the first message per path wins. `prefix` is dropped from
 * each path, for forms that edit a part of the entity.
 */
export function issuesToErrors(issues: readonly IssueLike[], prefix = ""): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    let path = dotted(issue.path);
    if (prefix && (path === prefix || path.startsWith(`${prefix}.`))) {
      path = path.slice(prefix.length + 1);
    }
    errors[path] ??= issue.message;
  }
  return errors;
}

/** Checks `values` with `schema`: the parsed value, or the errors. */
export function checkWith<T>(
  schema: z.ZodType<T>,
  values: unknown,
): { ok: true; value: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: issuesToErrors(result.error.issues) };
}

/** The errors at `path` or below it (a path editor shows what belongs to it). */
export function errorsUnder(errors: FieldErrors, path: string): FieldErrors {
  const found: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key === path || key.startsWith(`${path}.`)) found[key] = message;
  }
  return found;
}

/** Readable label of a path for the error summary: `rules 1 › paths 1 › offers`. */
export function pathLabel(path: string): string {
  if (path === "") return "Form";
  return path.split(".").map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part))
    .join(" › ");
}

/**
 * A dialog's failed send: issues go under the dialog's `fields`; the message is toasted too
 * unless every issue sits under one of them (the toast would repeat it, named by its key:
 * "clickId: is required").
 */
export function showDialogError(
  error: unknown,
  fields: readonly string[],
  setErrors: (errors: FieldErrors) => void,
): void {
  const issues = error instanceof ApiError ? error.issues ?? [] : [];
  setErrors(issuesToErrors(issues));
  if (issues.length === 0 || issues.some((i) => !fields.includes(dotted(i.path)))) {
    notifyError(error);
  }
}

/**
 * A failed save: the server's field issues go to the form (true: the caller may
 * focus the first), any other failure is toasted.
 */
export function showSaveError(error: unknown, setErrors: (errors: FieldErrors) => void): boolean {
  if (error instanceof ApiError && error.issues?.length) {
    setErrors(issuesToErrors(error.issues));
    return true;
  }
  notifyError(error);
  return false;
}
