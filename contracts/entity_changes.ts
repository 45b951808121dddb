/** An entity's recorded money changes (decision 185): an offer's payout, a campaign's cost. */
import { z } from "zod";

/** One field's change: who, when (ms), and the values before and after, as the entity shows them. */
export const EntityChange = z.object({
  ts: z.number(),
  author: z.string(),
  field: z.string(),
  before: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  after: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});
export type EntityChange = z.infer<typeof EntityChange>;

/** Newest first; one patch's lines in field order. */
export const EntityChangesAnswer = z.object({ items: z.array(EntityChange) });
