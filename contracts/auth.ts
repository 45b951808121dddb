/**
 * Sign-in, session, mode, licence and update contracts (SPEC §7, DESIGN §6).
 */
import { z } from "zod";

export {
  AUTH_ERROR_CODE,
  DEMO_CREDENTIALS,
  LICENCE_EXPIRED,
  LICENCE_NOT_FOUND,
  roleFromWire,
  roleToWire,
} from "./wire.ts";

/** Roles as the panel names them. */
export const Role = z.enum(["super-admin", "admin", "user"]);
export type Role = z.infer<typeof Role>;

/** Roles as `/api/user/role` sends them: super-admin travels as `super_admin`. */
export const WireRole = z.enum(["super_admin", "admin", "user"]);
export type WireRole = z.infer<typeof WireRole>;

/** `POST /api/user/sign_in`. Sent as given; the bounds only stop absurd payloads. */
export const SignInInput = z.object({
  login: z.string().min(1, "Enter your username").max(255),
  password: z.string().min(1, "Enter your password").max(1024),
});
export type SignInInput = z.infer<typeof SignInInput>;

/** `GET /api/user/role`: the session check of the navigation guard. */
export const RoleAnswer = z.object({ id: z.string(), role: WireRole, username: z.string() });
export type RoleAnswer = z.infer<typeof RoleAnswer>;

/**
 * `GET /api/user/session`: who is signed in, or `null` when no one is: the sign-in page's
 * check, which answers a signed-out visitor without an error status (the role call's 403 would
 * be logged by the browser on every visit).
 */
export const SessionAnswer = z.object({ user: RoleAnswer.nullable() });
export type SessionAnswer = z.infer<typeof SessionAnswer>;

/** `GET /api/user/{id}/hide_profit`. */
export const HideProfitAnswer = z.object({ hideProfit: z.boolean() });
export type HideProfitAnswer = z.infer<typeof HideProfitAnswer>;

/** `GET /api/auth/secret`: the signed-in user's personal API secret. */
export const SecretAnswer = z.object({ secret: z.string() });
export type SecretAnswer = z.infer<typeof SecretAnswer>;

/** A sign-in link's `auth` value, sent to ask whose it is or to switch to its account. */
export const SecretInput = z.object({ secret: z.string().min(1).max(256) });

/** Whose a link's secret is: the account's name (null: no account), and whether it is the caller's. */
export const SecretOwner = z.object({ username: z.string().nullable(), current: z.boolean() });
export type SecretOwner = z.infer<typeof SecretOwner>;

/** Modes of SPEC §3. */
export const Mode = z.enum(["demo", "normal"]);
export type Mode = z.infer<typeof Mode>;

/** `GET /api/mode`. */
export const ModeAnswer = z.object({ mode: Mode });
export type ModeAnswer = z.infer<typeof ModeAnswer>;

/** Licence states kept in the database; `rotor licence …` sets them. */
export const LicenceState = z.enum(["valid", "expired", "missing"]);
export type LicenceState = z.infer<typeof LicenceState>;

/** `GET /updates/check`. */
export const UpdatesAnswer = z.object({
  is_available_updates: z.boolean(),
  current_version: z.string(),
  latest_version: z.string(),
  notes: z.string(),
  /** False when no release manifest is configured: nothing is checked, nothing failed. */
  checks_enabled: z.boolean().default(true),
});
export type UpdatesAnswer = z.infer<typeof UpdatesAnswer>;

/** The release manifest `/updates/check` compares the running version with. */
export const ReleaseManifest = z.object({
  version: z.string().regex(/^\d+\.\d+\.\d+$/, "must be a version like 1.2.3"),
  notes: z.string().default(""),
});
export type ReleaseManifest = z.infer<typeof ReleaseManifest>;
