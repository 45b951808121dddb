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

/** Each entity type's table and its labels, one item and many, as messages and menus name it. */
export const ENTITY_TYPES: Readonly<
  Record<PermissionSubject, { table: string; one: string; many: string }>
> = {
  campaign: { table: "campaigns", one: "Campaign", many: "Campaigns" },
  offer: { table: "offers", one: "Offer", many: "Offers" },
  landing: { table: "landings", one: "Lander", many: "Landers" },
  "traffic-source": { table: "traffic_sources", one: "Traffic source", many: "Traffic sources" },
  "affiliate-network": {
    table: "affiliate_networks",
    one: "Affiliate network",
    many: "Affiliate networks",
  },
  rotation: { table: "rotations", one: "Rotation", many: "Rotations" },
  domain: { table: "domains", one: "Domain", many: "Domains" },
  group: { table: "groups", one: "Group", many: "Groups" },
  trigger: { table: "triggers", one: "Trigger", many: "Triggers" },
};

/** The plural label of each entity type, as menus and tables name it. */
export const SUBJECT_LABELS = Object.fromEntries(
  Object.entries(ENTITY_TYPES).map(([subject, type]) => [subject, type.many]),
) as Record<PermissionSubject, string>;

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
