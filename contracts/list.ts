/**
 * The list query every entity list takes (DESIGN §5), and the list answer.
 * Query values arrive as strings; the schema coerces them.
 */
import { z } from "zod";
import { Id } from "./fields.ts";
import { Stats } from "./stats.ts";

/** A calendar day, `YYYY-MM-DD`, read in the query's `tz`. */
export const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2024-05-31")
  // Round-tripped: Date.parse takes 2026-02-31 as March 3rd.
  .refine((d) => {
    const ms = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === d;
  }, "is not a real date");

/** True when `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Largest page a list answers. */
export const MAX_PAGE = 10_000;

/** `GET /api/<resource>?…`. `from`/`to` default to today; `to` is inclusive. */
export const ListQuery = z.object({
  from: Day.optional(),
  to: Day.optional(),
  tz: z.string().max(64).refine(isTimeZone, "is not a known time zone").default("UTC"),
  search: z.string().trim().max(255).optional(),
  groupId: z.coerce.number().pipe(Id).optional(),
  /** A field of the entity or of its stats; the server says which are sortable. */
  sort: z.string().max(64).default("id"),
  order: z.enum(["asc", "desc"]).default("desc"),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  /** `false` (default) hides archived items, `true` shows only them, `all` shows both. */
  archived: z.enum(["false", "true", "all"]).default("false"),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  path: ["to"],
  message: "must not be before from",
});
export type ListQuery = z.infer<typeof ListQuery>;

/** A list answer: the page's items, each with its stats, and the count of all matches. */
export function listAnswer<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(z.intersection(item, z.object({ stats: Stats.optional() }))),
    total: z.number().int(),
    /** Amounts the stats currency could not take (no rate), as reports note them. */
    rateNotes: z.array(z.string()).optional(),
  });
}

/** `PATCH /api/<resource>/mass`: one patch applied to many ids in one transaction. */
export function massPatch<T extends z.ZodType>(patch: T) {
  return z.object({ ids: z.array(Id).min(1).max(MAX_PAGE), patch });
}
