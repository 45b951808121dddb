/**
 * The rights rule, one for server and panel: admins and super-admins may do
 * everything; a user has per-entity-type rights (none, read, write) from
 * `permissions`, where `"*"` is the default for unlisted types. Also the one
 * table of entity types (the subjects of rights) and their labels.
 */
import type { Role } from "./auth.ts";
import { type Access, Permissions, type PermissionSubject } from "./user.ts";

/** Whose rights guard a screen or a route: an entity type, or `user` (admins only). */
export type Subject = PermissionSubject | "user";

/** The plural label of each entity type, as menus and tables name it. */
export const SUBJECT_LABELS: Record<PermissionSubject, string> = {
  campaign: "Campaigns",
  offer: "Offers",
  landing: "Landers",
  "traffic-source": "Traffic sources",
  "affiliate-network": "Affiliate networks",
  rotation: "Rotations",
  domain: "Domains",
  group: "Groups",
  trigger: "Triggers",
};

/** An account as the rule reads it: its role, and its rights as stored or sent. */
export type Account = { role: Role; permissions: unknown };

/** Admins and super-admins manage users and may write every entity type. */
export function isAdmin(account: Pick<Account, "role">): boolean {
  return account.role === "admin" || account.role === "super-admin";
}

/** The account's right on `subject`; no account (not loaded yet) has none. */
export function accessTo(account: Account | undefined, subject: Subject): Access {
  if (!account) return "none";
  if (isAdmin(account)) return "write";
  if (subject === "user") return "none";
  const parsed = Permissions.safeParse(account.permissions);
  const rights = parsed.success ? parsed.data : {};
  return rights[subject] ?? rights["*"] ?? "none";
}

/** Whether the account may change items of `subject`. */
export function canWrite(account: Account | undefined, subject: Subject): boolean {
  return accessTo(account, subject) === "write";
}
