/**
 * The zod-free part of the auth and id contracts: constants, role mapping and id patterns.
 * `auth.ts` and `common.ts` re-export them; the panel's sign-in path imports them from here so
 * it loads without zod (docs/decisions/141).
 */
import type { Role, SignInInput, WireRole } from "./auth.ts";

/** Maps the wire role to the panel role (SPEC §6). */
export function roleFromWire(role: WireRole): Role {
  return role === "super_admin" ? "super-admin" : role;
}

/** Maps the panel role to the wire role. */
export function roleToWire(role: Role): WireRole {
  return role === "super-admin" ? "super_admin" : role;
}

/** The message a missing licence carries, word for word (SPEC §8). */
export const LICENCE_NOT_FOUND = "License not found";
/** The message an expired licence carries unless support set another one. */
export const LICENCE_EXPIRED = "License expired";

/** The fixed demo account the panel signs in with in demo mode (SPEC §7). */
export const DEMO_CREDENTIALS: SignInInput = { login: "demo", password: "demo" };

/** Error codes the server sends for the auth flows. */
export const AUTH_ERROR_CODE = "AUTHENTICATION_ERROR";

/** A numeric id as it appears in a route (`/campaigns/edit/:id`): digits only. */
export const ROUTE_ID_PATTERN = /^\d+$/;
/** One or more numeric ids joined by commas (`/report/offer/1,2,3`). */
export const ROUTE_IDS_PATTERN = /^\d+(,\d+)*$/;
