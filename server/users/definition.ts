/** Users as the shared entity code sees them: `name` mirrors `username`; no secrets. */
import { UserInput, UserPatch } from "../../contracts/user.ts";
import { columns, type EntityDef } from "../entities/definition.ts";

/** The `user` definition the shared entity code runs on. */
export const userDef: EntityDef = {
  subject: "user",
  table: "users",
  nameColumn: "username",
  columns: columns([
    ["username", "text"],
    ["role", "text"],
    ["permissions", "json"],
    ["hideProfit", "bool"],
    ["disabled", "bool"],
  ]),
  create: UserInput,
  patch: UserPatch,
};
