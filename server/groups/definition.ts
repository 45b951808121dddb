/** Groups as the shared entity code sees them. */
import { type Group, GroupInput, GroupPatch } from "../../contracts/group.ts";
import { columns, type EntityDef } from "../entities/definition.ts";
import { usersOf } from "../entities/refs.ts";

/** The `group` definition the shared entity code runs on. */
export const groupDef: EntityDef<Group, GroupInput> = {
  subject: "group",
  table: "groups",
  columns: columns([["type", "text"]]),
  create: GroupInput,
  patch: GroupPatch,
  // A group in use keeps its type: its members would otherwise sit in a group of another kind.
  check: (db, values, id) => {
    if (id === undefined) return [];
    const row = db.prepare("SELECT type FROM groups WHERE id = ?").get(id);
    if (!row || row.type === values.type || usersOf(db, "groups", id).length === 0) return [];
    return [{ path: "type", message: "cannot change the type of a group in use" }];
  },
};
