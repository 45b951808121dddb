/**
 * Role and right rules shared by every feature. Admins and super-admins may
 * do everything with entities; a user has per-entity-type rights (none, read,
 * write) from `permissions`, where `"*"` is the default for unlisted types.
 */
import { type Access, Permissions, type PermissionSubject } from "../../contracts/user.ts";
import { HttpError } from "../errors.ts";
import type { UserRow } from "../users/store.ts";

const LEVEL: Record<Access, number> = { none: 0, read: 1, write: 2 };

/** Admins and super-admins manage users; plain users manage only themselves. */
export function canManageUsers(user: UserRow): boolean {
  return user.role === "admin" || user.role === "super-admin";
}

/** The user's right on one entity type (`user`: only admins, who may write). */
export function accessTo(user: UserRow, subject: PermissionSubject | "user"): Access {
  if (canManageUsers(user)) return "write";
  if (subject === "user") return "none";
  const parsed = Permissions.safeParse(user.permissions);
  const rights = parsed.success ? parsed.data : {};
  return rights[subject] ?? rights["*"] ?? "none";
}

/** Throws 403 unless the user has at least `needed` on `subject`. */
export function assertAccess(
  user: UserRow,
  subject: PermissionSubject | "user",
  needed: Access,
): void {
  if (LEVEL[accessTo(user, subject)] >= LEVEL[needed]) return;
  const verb = needed === "write" ? "change" : "see";
  throw new HttpError(403, "FORBIDDEN", `You have no right to ${verb} ${subject} items`);
}

/** Throws 403 unless the user may manage users. */
export function assertUserManager(user: UserRow): void {
  if (!canManageUsers(user)) throw new HttpError(403, "FORBIDDEN", "Only admins manage users");
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
    throw new HttpError(403, "FORBIDDEN", "Only a super-admin may change super-admins");
  }
}
