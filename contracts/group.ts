/** Groups (DESIGN §3): named buckets for one entity type. */
import { z } from "zod";
import { EntityBase, EntityInputBase, toPatch } from "./fields.ts";

/** The entity types a group can hold. */
export const GroupType = z.enum([
  "campaign",
  "offer",
  "landing",
  "traffic-source",
  "affiliate-network",
  "rotation",
]);
export type GroupType = z.infer<typeof GroupType>;

/** `POST /api/groups`. Groups are not grouped: `groupId` stays null. */
export const GroupInput = EntityInputBase.extend({ type: GroupType });
export type GroupInput = z.infer<typeof GroupInput>;

/** `PATCH /api/groups/:id`. */
export const GroupPatch = toPatch(GroupInput);
export type GroupPatch = z.infer<typeof GroupPatch>;

/** A group as the API answers it. */
export const Group = EntityBase.extend({ type: GroupType });
export type Group = z.infer<typeof Group>;

/** A group as far as its name matters. */
type Named = { id: number; name: string; type: string; archived?: boolean };

/**
 * Group names are used once per entity type (case and spaces ignored), so pickers and the
 * group filter stay unambiguous: the other live group of `candidate`'s type that already has
 * its name, if any. `id` is the group being renamed.
 */
export function groupNamedLike<G extends Named>(
  groups: ReadonlyArray<G>,
  candidate: { name: string; type: string; id?: number },
): G | undefined {
  const key = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
  const want = key(candidate.name);
  return groups.find((g) =>
    g.type === candidate.type && !g.archived && g.id !== candidate.id && key(g.name) === want
  );
}

/** The error for a name `groupNamedLike` finds taken, else undefined (the panel and the API). */
export function groupNameClash(
  groups: ReadonlyArray<Named>,
  candidate: { name: string; type: string; id?: number },
): string | undefined {
  const other = groupNamedLike(groups, candidate);
  return other ? `a group named “${other.name}” already exists (#${other.id})` : undefined;
}
