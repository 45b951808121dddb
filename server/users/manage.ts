/**
 * The users API's rules: only admins manage users, only a super-admin
 * changes or makes a super-admin, nobody disables or archives themselves,
 * and disabling, archiving or a new password ends the user's sessions.
 */
import { type UserCloneInput, UserInput, type UserPatch } from "../../contracts/user.ts";
import { type Db, transaction } from "../db/connection.ts";
import { forbidden, notFound, validationError } from "../errors.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { deleteUserSessions } from "../auth/sessions.ts";
import { type FailureLimiter, limitedCheck } from "../auth/rate_limit.ts";
import { assertCanChangeUser } from "../auth/permissions.ts";
import type { Values } from "../entities/definition.ts";
import { getEntity } from "../entities/service.ts";
import { setArchived, updateRow } from "../entities/store.ts";
import { userDef } from "./definition.ts";
import {
  findUserByUsername,
  getUser,
  insertUser,
  updatePasswordHash,
  type UserRow,
} from "./store.ts";

function target(db: Db, id: number): UserRow {
  const user = getUser(db, id);
  if (!user) throw notFound(`User ${id} not found`);
  return user;
}

function assertFreeName(db: Db, username: string, id?: number): void {
  const owner = findUserByUsername(db, username);
  if (owner && owner.id !== id) {
    throw validationError([{ path: ["username"], message: `'${username}' is taken` }]);
  }
}

function assertNotSelf(actor: UserRow, id: number, patch: Omit<UserPatch, "password">): void {
  const demoting = patch.role !== undefined && patch.role !== actor.role;
  if (actor.id === id && (patch.disabled || demoting)) {
    throw forbidden("You cannot disable yourself or change your own role");
  }
}

/** Creates a user from the users screen. */
export async function createUserAccount(db: Db, actor: UserRow, input: UserInput): Promise<Values> {
  assertCanChangeUser(actor, undefined, input.role);
  const passwordHash = await hashPassword(input.password);
  return transaction(db, () => {
    assertFreeName(db, input.username);
    const { password: _password, ...fields } = input;
    const id = insertUser(db, { username: input.username, role: input.role, passwordHash });
    updateRow(userDef, db, id, fields);
    return getEntity(db, userDef, id);
  });
}

/** Changes a user; a new password or disabling ends their sessions. */
export async function patchUserAccount(
  db: Db,
  actor: UserRow,
  options: { id: number; patch: UserPatch },
): Promise<Values> {
  const { id, patch } = options;
  assertCanChangeUser(actor, target(db, id), patch.role);
  assertNotSelf(actor, id, patch);
  const passwordHash = patch.password ? await hashPassword(patch.password) : undefined;
  return transaction(db, () => {
    if (patch.username) assertFreeName(db, patch.username, id);
    const { password: _password, ...fields } = patch;
    updateRow(userDef, db, id, fields);
    if (passwordHash) updatePasswordHash(db, id, passwordHash);
    if (passwordHash || patch.disabled) deleteUserSessions(db, id);
    return getEntity(db, userDef, id);
  });
}

/** Applies one patch (rights and flags) to many users, all or none. */
export function massPatchUserAccounts(
  db: Db,
  actor: UserRow,
  input: { ids: number[]; patch: Omit<UserPatch, "username" | "password"> },
): Values[] {
  return transaction(db, () =>
    [...new Set(input.ids)].map((id) => {
      assertCanChangeUser(actor, target(db, id), input.patch.role);
      assertNotSelf(actor, id, input.patch);
      updateRow(userDef, db, id, input.patch);
      if (input.patch.disabled) deleteUserSessions(db, id);
      return getEntity(db, userDef, id);
    }));
}

/** Archives (`archived` true) or restores a user; archiving ends their sessions. */
export function setUserArchived(
  db: Db,
  actor: UserRow,
  options: { id: number; archived: boolean },
): Values {
  const { id, archived } = options;
  assertCanChangeUser(actor, target(db, id));
  if (archived && actor.id === id) {
    throw forbidden("You cannot archive yourself");
  }
  return transaction(db, () => {
    setArchived(userDef, db, id, archived);
    if (archived) deleteUserSessions(db, id);
    return getEntity(db, userDef, id);
  });
}

/** A new user with another's role, rights and flags, under its own name and password. */
export function cloneUserAccount(
  db: Db,
  actor: UserRow,
  options: { id: number; input: UserCloneInput },
): Promise<Values> {
  const source = getEntity(db, userDef, options.id);
  const copy = UserInput.parse({ ...source, ...options.input, disabled: false });
  return createUserAccount(db, actor, copy);
}

/** Changes the signed-in user's own password; their other sessions end. */
export async function changeOwnPassword(
  db: Db,
  user: UserRow,
  input: { currentPassword: string; newPassword: string; keepSession?: string },
  limiter: FailureLimiter,
): Promise<void> {
  const ok = await limitedCheck(
    limiter,
    `user:${user.id}`,
    () => verifyPassword(input.currentPassword, user.passwordHash),
  );
  if (!ok) {
    throw validationError([{ path: ["currentPassword"], message: "is not your current password" }]);
  }
  const hash = await hashPassword(input.newPassword);
  transaction(db, () => {
    updatePasswordHash(db, user.id, hash);
    db.prepare("DELETE FROM sessions WHERE user_id = ? AND id_hash IS NOT ?")
      .run(user.id, input.keepSession ?? null);
  });
}
