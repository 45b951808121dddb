/** What the signed-in user may do on each screen, from their role and rights. */
import type { Role } from "../../contracts/auth.ts";
import type { Access, PermissionSubject, User } from "../../contracts/user.ts";

/** Whose rights guard a screen: an entity type, or `user` (the users screen: admins only). */
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

/** The user's right on a subject (mirrors the server's `accessTo`). */
export function accessOf(
  account: Pick<User, "role" | "permissions"> | undefined,
  subject: Subject,
): Access {
  if (!account) return "none";
  if (account.role === "admin" || account.role === "super-admin") return "write";
  if (subject === "user") return "none";
  return account.permissions[subject] ?? account.permissions["*"] ?? "none";
}

/** Whether the user may change items of `subject`. */
export function canWrite(
  account: Pick<User, "role" | "permissions"> | undefined,
  subject: Subject,
) {
  return accessOf(account, subject) === "write";
}

/**
 * The account to judge rights by while `GET /api/users/me` is on its way: admins may write
 * everything, so the role the session check just stored decides for them and the page's
 * buttons do not pop in (and push the page down) when the account arrives. Others wait for
 * their rights.
 */
export function accountOrRole(
  account: Pick<User, "role" | "permissions"> | undefined,
  role: Role,
): Pick<User, "role" | "permissions"> | undefined {
  if (account || role === "user") return account;
  return { role, permissions: {} };
}
