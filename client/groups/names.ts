/** Group names: one name once per entity type, so pickers and the group filter stay unambiguous. */

/** A group as far as its name matters. */
type Named = { id: number; name: string; type: string; archived?: boolean };

/**
 * The error for `name` when another live group of `type` already has it (case and spaces
 * ignored), else undefined. `id` is the group being renamed.
 */
export function groupNameClash(
  groups: ReadonlyArray<Named>,
  candidate: { name: string; type: string; id?: number },
): string | undefined {
  const key = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
  const want = key(candidate.name);
  const other = groups.find((g) =>
    g.type === candidate.type && !g.archived && g.id !== candidate.id && key(g.name) === want
  );
  return other ? `a group named “${other.name}” already exists (#${other.id})` : undefined;
}
