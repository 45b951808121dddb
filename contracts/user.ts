/**
 * Users (DESIGN §3): role, rights per entity type, hide-profit and disabled
 * flags. The password is accepted on create and change, never answered.
 */
import { z } from "zod";
import { Role } from "./auth.ts";
import { EntityBase, Id, Notes } from "./fields.ts";
import { GroupType } from "./group.ts";

/** The entity types rights are given for: every groupable type, then domains and groups. */
export const PermissionSubject = z.enum([...GroupType.options, "domain", "group", "trigger"]);
export type PermissionSubject = z.infer<typeof PermissionSubject>;

/** A right on one entity type. */
export const Access = z.enum(["none", "read", "write"]);
export type Access = z.infer<typeof Access>;

/** Rights by entity type; `"*"` is the default for types not listed. Admins ignore them. */
export const Permissions = z.partialRecord(z.enum(["*", ...PermissionSubject.options]), Access);
export type Permissions = z.infer<typeof Permissions>;

/** Usernames: 1–64 letters, digits, dot, dash, underscore or @. */
export const Username = z.string().trim().min(1, "must not be empty").max(64)
  .regex(/^[\w.@-]+$/, "may hold letters, digits, '.', '-', '_' and '@' only");

/** Passwords for new accounts: 8 to 1024 characters. */
export const NewPassword = z.string().min(8, "must be at least 8 characters").max(1024);

/** `POST /api/users`. Users are not grouped: `groupId` stays null. */
export const UserInput = z.object({
  username: Username,
  password: NewPassword,
  role: Role.default("user"),
  permissions: Permissions.default({}),
  hideProfit: z.boolean().default(false),
  disabled: z.boolean().default(false),
  notes: Notes.default(""),
});
export type UserInput = z.infer<typeof UserInput>;

/** `PATCH /api/users/:id`; a `password` sets a new one and ends the user's sessions. */
export const UserPatch = z.object({
  username: Username.optional(),
  password: NewPassword.optional(),
  role: Role.optional(),
  permissions: Permissions.optional(),
  hideProfit: z.boolean().optional(),
  disabled: z.boolean().optional(),
  notes: Notes.optional(),
});
export type UserPatch = z.infer<typeof UserPatch>;

/** `PATCH /api/users/mass`: a mass edit changes rights and flags, never names or passwords. */
export const UserMassPatch = UserPatch.omit({ username: true, password: true });

/** `POST /api/users/:id/clone`: a copy needs its own name and password. */
export const UserCloneInput = z.object({ username: Username, password: NewPassword });
export type UserCloneInput = z.infer<typeof UserCloneInput>;

/** `PATCH /api/users/me/password`. */
export const PasswordChangeInput = z.object({
  currentPassword: z.string().min(1, "Enter your current password").max(1024),
  newPassword: NewPassword,
});
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

/** A user as the API answers it: `name` mirrors `username`; no password, hash or secret. */
export const User = EntityBase.extend({
  groupId: Id.nullable(),
  username: Username,
  role: Role,
  permissions: Permissions,
  hideProfit: z.boolean(),
  disabled: z.boolean(),
});
export type User = z.infer<typeof User>;
