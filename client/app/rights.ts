/** The account the panel judges rights by (the rule itself is `contracts/rights.ts`). */
import type { Role } from "../../contracts/auth.ts";
import type { User } from "../../contracts/user.ts";

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
