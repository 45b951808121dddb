/**
 * Sign-in, session, mode, licence and update contracts (SPEC §7, DESIGN §6).
 */
import { z } from "zod";

/** Roles as the panel names them. */
export const Role = z.enum(["super-admin", "admin", "user"]);
export type Role = z.infer<typeof Role>;

/** Roles as `/api/user/role` sends them: super-admin travels as `super_admin`. */
export const WireRole = z.enum(["super_admin", "admin", "user"]);
export type WireRole = z.infer<typeof WireRole>;

/** Maps the wire role to the panel role (SPEC §6). */
export function roleFromWire(role: WireRole): Role {
  return role === "super_admin" ? "super-admin" : role;
}

/** Maps the panel role to the wire role. */
export function roleToWire(role: Role): WireRole {
  return role === "super-admin" ? "super_admin" : role;
}

/** `POST /api/user/sign_in`. Sent as given; the bounds only stop absurd payloads. */
export const SignInInput = z.object({
  login: z.string().min(1, "Enter your username").max(255),
  password: z.string().min(1, "Enter your password").max(1024),
});
export type SignInInput = z.infer<typeof SignInInput>;

/** `GET /api/user/role`: the session check of the navigation guard. */
export const RoleAnswer = z.object({ id: z.string(), role: WireRole, username: z.string() });
export type RoleAnswer = z.infer<typeof RoleAnswer>;

/** `GET /api/user/{id}/hide_profit`. */
export const HideProfitAnswer = z.object({ hideProfit: z.boolean() });
export type HideProfitAnswer = z.infer<typeof HideProfitAnswer>;

/** `GET /api/auth/secret`: the signed-in user's personal API secret. */
export const SecretAnswer = z.object({ secret: z.string() });
export type SecretAnswer = z.infer<typeof SecretAnswer>;

/** Modes of SPEC §3. */
export const Mode = z.enum(["demo", "normal"]);
export type Mode = z.infer<typeof Mode>;

/** `GET /api/mode`. */
export const ModeAnswer = z.object({ mode: Mode });
export type ModeAnswer = z.infer<typeof ModeAnswer>;

/** Licence states kept in the database; `rotor licence …` sets them. */
export const LicenceState = z.enum(["valid", "expired", "missing"]);
export type LicenceState = z.infer<typeof LicenceState>;

/** The message a missing licence carries, word for word (SPEC §8). */
export const LICENCE_NOT_FOUND = "License not found";
/** The message an expired licence carries unless support set another one. */
export const LICENCE_EXPIRED = "License expired";

/** The fixed demo account the panel signs in with in demo mode (SPEC §7). */
export const DEMO_CREDENTIALS: SignInInput = { login: "demo", password: "demo" };

/** `GET /updates/check`. */
export const UpdatesAnswer = z.object({
  is_available_updates: z.boolean(),
  current_version: z.string(),
  latest_version: z.string(),
  notes: z.string(),
});
export type UpdatesAnswer = z.infer<typeof UpdatesAnswer>;

/** The release manifest `/updates/check` compares the running version with. */
export const ReleaseManifest = z.object({
  version: z.string().regex(/^\d+\.\d+\.\d+$/, "must be a version like 1.2.3"),
  notes: z.string().default(""),
});
export type ReleaseManifest = z.infer<typeof ReleaseManifest>;

/** Error codes the server sends for the auth flows. */
export const AUTH_ERROR_CODE = "AUTHENTICATION_ERROR";
