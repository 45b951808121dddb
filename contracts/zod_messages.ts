/**
 * Plain words for zod's number issues, for every contract on both sides: an
 * empty or fractional number in a form says "must be a number" or "must be a
 * whole number", not "Invalid input: expected int, received number". Set once
 * for the zod instance when this module loads; `fields.ts` (which the entity
 * and settings contracts use) imports it, so does any parse point.
 */
import { z } from "zod";

type Issue = { code?: string; expected?: unknown; received?: unknown; input?: unknown };

/** The message of a number issue, or undefined to keep zod's own. */
export function plainMessage(issue: Issue): string | undefined {
  if (issue.code !== "invalid_type") return undefined;
  if (issue.expected === "int" && typeof issue.input === "number") {
    return "must be a whole number";
  }
  if (issue.expected === "number" && typeof issue.input === "number") return "must be a number";
  return undefined;
}

z.config({ customError: plainMessage });
