/**
 * The zod validator with Rotor's error shape: a bad input answers 400 with
 * field issues and changes nothing.
 */
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { validationError } from "./errors.ts";

/** Validates one part of the request (`json`, `query`, `param`) with a contract schema. */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error.issues);
  });
}
