/** Role rules shared by every feature. */
import type { UserRow } from "../users/store.ts";

/** Admins and super-admins manage users; plain users manage only themselves. */
export function canManageUsers(user: UserRow): boolean {
  return user.role === "admin" || user.role === "super-admin";
}
