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

/** Parts of a path that only hold others (a campaign's `destination.flow`): not named. */
const CONTAINERS = new Set(["destination", "flow"]);
/** A list's item, named with its number: `rules.0` is "Rule 1". */
const ITEMS: Readonly<Record<string, string>> = {
  rules: "Rule",
  paths: "Path",
  defaultPaths: "Default path",
  offers: "Offer",
  landings: "Lander",
  criteria: "Condition",
  tokens: "Token",
};
/** Names that read otherwise than their key. */
const WORDS: Readonly<Record<string, string>> = {
  landings: "Landers",
  defaultPaths: "Default paths",
};

/** `costValue` as "Cost value". */
function words(key: string): string {
  const spaced = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * Readable label of a path for the error summary, as the form names things:
 * `destination.flow.rules.0.paths.1.offers` is "Rule 1 › Path 2 › Offers".
 */
export function pathLabel(path: string): string {
  if (path === "") return "Form";
  const parts = path.split(".");
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const next = parts[i + 1];
    if (CONTAINERS.has(part) && i < parts.length - 1) continue;
    if (/^\d+$/.test(part)) out.push(String(Number(part) + 1));
    else if (ITEMS[part] && next !== undefined && /^\d+$/.test(next)) {
      out.push(`${ITEMS[part]} ${Number(next) + 1}`);
      i++;
    } else out.push(WORDS[part] ?? words(part));
  }
  return out.join(" › ");
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
