/**
 * The zod validator with Rotor's error shape: a bad input answers 400 with
 * field issues and changes nothing.
 */
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z } from "zod";
import "../contracts/zod_messages.ts";
import { isIsoCurrency } from "../contracts/fields.ts";
import { validationError } from "./errors.ts";

/** Validates one part of the request (`json`, `query`, `param`) with a contract schema. */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error.issues);
    if (target !== "json") return;
    const issues = unknownCurrencies(result.data);
    if (issues.length > 0) throw validationError(issues);
  });
}

/** The fields of a body that name a currency. */
const CURRENCY_FIELDS = new Set(["currency", "costCurrency"]);

type Issue = { path: PropertyKey[]; message: string };

/**
 * The currency fields of a body whose code is not a currency in use (a typo like EUO, or
 * ZZZ): money in a currency no rate can exist for would drop out of every report.
 */
export function unknownCurrencies(value: unknown, path: PropertyKey[] = []): Issue[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => unknownCurrencies(item, [...path, i]));
  }
  if (value === null || typeof value !== "object") return [];
  const issues: Issue[] = [];
  for (const [key, inner] of Object.entries(value)) {
    if (
      CURRENCY_FIELDS.has(key) && typeof inner === "string" && inner &&
      !isIsoCurrency(inner.toUpperCase())
    ) {
      issues.push({
        path: [...path, key],
        message: `${inner} is not a currency code (ISO 4217) like USD or EUR`,
      });
    } else issues.push(...unknownCurrencies(inner, [...path, key]));
  }
  return issues;
}

/** A `{name}` path parameter as it arrives: digits only, handed to the handler as a number. */
export const IntegerParam = z.string().regex(/^\d{1,15}$/, "must be digits").transform(Number);
