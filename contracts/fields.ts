/**
 * Field shapes shared by every entity contract: names, notes, money, URLs
 * with macros, CIDR lists, and the fields every entity carries (DESIGN §3).
 */
import { z } from "zod";
import "./zod_messages.ts";

/** A database id: a positive integer. */
export const Id = z.number().int().positive();

/** Names: 1–255 characters after trimming, on one line (no control characters: a NUL, a tab). */
export const Name = z.string().trim().min(1, "must not be empty").max(255)
  // deno-lint-ignore no-control-regex
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "must not contain control characters");

/** Free-text notes, up to 10,000 characters: lines and tabs, no other control characters. */
export const Notes = z.string().max(10_000)
  // deno-lint-ignore no-control-regex
  .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), {
    message: "must not contain control characters other than line breaks and tabs",
  });

/** Percentages: 0–100. */
export const Percent = z.number().min(0).max(100);

/** Three-letter currency codes (ISO 4217). */
export const Currency = z.string().regex(/^[A-Z]{3}$/, "must be a 3-letter currency code like USD");

let isoCodes: ReadonlySet<string> | undefined;

/**
 * Whether `code` is a currency in use (ISO 4217, as the runtime's Intl knows it). Saved
 * input is held to it (`server/validate.ts`); stored values are read as they are, so a
 * code saved before the check never breaks a page.
 */
export function isIsoCurrency(code: string): boolean {
  isoCodes ??= new Set(Intl.supportedValuesOf("currency"));
  return isoCodes.has(code);
}

/** Largest amount of money a field holds; in micro-units it stays a safe integer. */
export const MAX_MONEY = 1_000_000_000;

/**
 * Money: ≥ 0 with at most 4 decimals. The server stores it as integer
 * micro-units (docs/decisions/020-money-as-integers.md), so it round-trips exactly.
 */
export const Money = z.number().min(0, "must be 0 or more").max(MAX_MONEY).refine(
  hasAtMost4Decimals,
  "may have at most 4 decimals",
);

/**
 * Decimal places counted on the shortest representation of the number, which
 * is exact: arithmetic like `v * 1e4` drifts for large amounts.
 */
function hasAtMost4Decimals(v: number): boolean {
  const text = String(v);
  if (text.includes("e-")) return false;
  return (text.split(".")[1]?.length ?? 0) <= 4;
}

const MACRO = /\{[A-Za-z0-9_]+\}/g;

/** True for an http(s) URL, once every `{macro}` is replaced by a plain word. */
export function isHttpTemplate(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value.replace(MACRO, "macro"));
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** An http(s) URL that may hold `{macros}` anywhere (DESIGN §3 macros). */
export const HttpUrlTemplate = z.string().trim().max(4096).refine(
  isHttpTemplate,
  "must be an http(s) URL; {macros} are allowed",
);

/** An optional URL template: empty, or an http(s) URL with macros. */
export const OptionalUrlTemplate = z.union([z.literal(""), HttpUrlTemplate]);

/** True for an IPv4 or IPv6 CIDR (or a bare address). */
export function isCidr(value: string): boolean {
  const [address, bits, extra] = value.split("/");
  if (extra !== undefined) return false;
  const v4 = z.ipv4().safeParse(address).success;
  const v6 = !v4 && z.ipv6().safeParse(address).success;
  if (!v4 && !v6) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (v4 ? 32 : 128);
}

/** One CIDR, like `203.0.113.0/24` or `2001:db8::/32`. */
export const Cidr = z.string().trim().refine(isCidr, "must be an IP address or CIDR range");

/** A list of CIDRs, up to 1,000. */
export const CidrList = z.array(Cidr).max(1000);

/** A query parameter and the traffic source's placeholder that fills it. */
export const ParamPlaceholder = z.object({
  param: z.string().trim().max(64).regex(/^[\w.\-[\]]*$/, "may hold letters, digits, _ . - [ ]"),
  placeholder: z.string().trim().max(255),
});
export type ParamPlaceholder = z.infer<typeof ParamPlaceholder>;

/** The fields every entity answer carries (a name or note stored before the checks above answers as it is). */
export const EntityBase = z.object({
  id: Id,
  name: z.string(),
  groupId: Id.nullable(),
  notes: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  archived: z.boolean(),
});

/** The fields every create input accepts. */
export const EntityInputBase = z.object({
  name: Name,
  groupId: Id.nullable().default(null),
  notes: Notes.default(""),
});

type Shape = Record<string, z.ZodType>;
type Unwrapped<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
type PatchShape<S extends Shape> = { [K in keyof S]: z.ZodOptional<Unwrapped<S[K]>> };

/**
 * The patch schema of a create schema: every field optional and without its
 * default (zod 4 would otherwise fill absent fields and overwrite stored ones).
 */
export function toPatch<S extends Shape>(schema: z.ZodObject<S>): z.ZodObject<PatchShape<S>> {
  const shape: Record<string, z.ZodOptional> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const inner = field instanceof z.ZodDefault ? field.unwrap() as z.ZodType : field;
    shape[key] = inner.optional();
  }
  return z.object(shape as PatchShape<S>);
}
