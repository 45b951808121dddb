/**
 * The zod validator with Rotor's error shape: a bad input answers 400 with
 * field issues and changes nothing.
 */
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z } from "zod";
import "../contracts/zod_messages.ts";
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

/** A `{name}` path parameter as it arrives: digits only, handed to the handler as a number. */
export const IntegerParam = z.string().regex(/^\d{1,15}$/, "must be digits").transform(Number);
