/** Groups as the shared entity code sees them. */
import {
  type Group,
  GroupInput,
  groupNameClash,
  groupNamedLike,
  GroupPatch,
} from "../../contracts/group.ts";
import type { Db } from "../db/connection.ts";
import { columns, type EntityDef } from "../entities/definition.ts";
import { usersOf } from "../entities/refs.ts";

/** The `group` definition the shared entity code runs on. */
export const groupDef: EntityDef<Group, GroupInput> = {
  subject: "group",
  table: "groups",
  columns: columns([["type", "text"]]),
  create: GroupInput,
  patch: GroupPatch,
  check: (db, values, id) => {
    const clash = groupNameClash(liveGroups(db, values.type), { ...values, id });
    if (clash) return [{ path: "name", message: clash }];
    if (id === undefined) return [];
    // A group in use keeps its type: its members would otherwise sit in a group of another kind.
    const row = db.prepare("SELECT type FROM groups WHERE id = ?").get(id);
    if (!row || row.type === values.type || usersOf(db, "groups", id).length === 0) return [];
    return [{ path: "type", message: "cannot change the type of a group in use" }];
  },
};

/** The live groups of `type`, as far as their names matter. */
function liveGroups(db: Db, type: string): { id: number; name: string; type: string }[] {
  return db.prepare("SELECT id, name, type FROM groups WHERE type = ? AND archived = 0").all(type)
    .map((g) => ({ id: Number(g.id), name: String(g.name), type: String(g.type) }));
}

/** The id of the live group of `type` already named like `name` (an import joins it), if any. */
export function groupIdNamed(db: Db, candidate: { name: string; type: string }): number | null {
  return groupNamedLike(liveGroups(db, candidate.type), candidate)?.id ?? null;
}
