/**
 * Role and right rules shared by every feature. Admins and super-admins may
 * do everything with entities; a user has per-entity-type rights (none, read,
 * write) from `permissions`, where `"*"` is the default for unlisted types.
 */
import type { Access } from "../../contracts/user.ts";
import { accessTo, isAdmin, type Subject } from "../../contracts/rights.ts";
import { forbidden } from "../errors.ts";
import type { UserRow } from "../users/store.ts";

const LEVEL: Record<Access, number> = { none: 0, read: 1, write: 2 };

/** The rule itself lives in the contract, shared with the panel. */
export { accessTo };

/** Admins and super-admins manage users; plain users manage only themselves. */
export function canManageUsers(user: UserRow): boolean {
  return isAdmin(user);
}

/** Throws 403 unless the user has at least `needed` on `subject`. */
export function assertAccess(
  user: UserRow,
  subject: Subject,
  needed: Access,
): void {
  if (LEVEL[accessTo(user, subject)] >= LEVEL[needed]) return;
  const verb = needed === "write" ? "change" : "see";
  throw forbidden(`You have no right to ${verb} ${subject} items`);
}

/** Throws 403 unless the user may manage users (`refusal` says what else only admins do). */
export function assertUserManager(user: UserRow, refusal = "Only admins manage users"): void {
  if (!canManageUsers(user)) throw forbidden(refusal);
}

/**
 * Throws 403 when `actor` may not change `target` or give it `role`: only a
 * super-admin changes a super-admin or makes one.
 */
export function assertCanChangeUser(
  actor: UserRow,
  target: { role: UserRow["role"] } | undefined,
  role?: UserRow["role"],
): void {
  assertUserManager(actor);
  if (actor.role === "super-admin") return;
  if (target?.role === "super-admin" || role === "super-admin") {
    throw forbidden("Only a super-admin may change super-admins");
  }
}
