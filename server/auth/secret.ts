/**
 * The personal auth secret (DESIGN §6): a panel address carrying
 * `?auth=<secret>` signs the browser in as its owner. Lookups go by digest;
 * the secret itself is stored sealed under a key outside the database.
 */
import type { Db } from "../db/connection.ts";
import { findUserBySecretHash, getUser, updateAuthSecret, type UserRow } from "../users/store.ts";
import { digestToken, randomToken } from "./tokens.ts";
import { HttpError } from "../errors.ts";
import { seal, unseal } from "./seal.ts";
import type { Session } from "./sessions.ts";

/**
 * The user's secret, created on first use. Stored sealed (`seal.ts`); one that
 * this install's key cannot open (a database moved without its key) is replaced.
 */
export async function getOrCreateAuthSecret(db: Db, user: UserRow): Promise<string> {
  const stored = getUser(db, user.id)?.authSecret;
  const current = stored ? unseal(db, stored) : null;
  if (current) return current;
  return await rotateAuthSecret(db, user);
}

/** Replaces the user's secret with a new one (old links stop signing in); answers it. */
export async function rotateAuthSecret(db: Db, user: UserRow): Promise<string> {
  const value = randomToken();
  updateAuthSecret(db, user.id, { value: seal(db, value), hash: await digestToken(value) });
  return value;
}

/**
 * 403 unless the request comes from a signed-in browser session: an API key
 * may neither read the auth secret nor mint API keys (a key it minted would
 * outlive its own revocation).
 */
export function assertSignedInBrowser(session: Session | undefined): asserts session is Session {
  if (!session) {
    throw new HttpError(
      403,
      "SESSION_REQUIRED",
      "This needs a signed-in panel session, not an API key",
    );
  }
}

/** The enabled user owning `secret`, if any. */
export async function findUserBySecret(db: Db, secret: string): Promise<UserRow | undefined> {
  if (secret.length < 16 || secret.length > 128) return undefined;
  const user = findUserBySecretHash(db, await digestToken(secret));
  return user && !user.disabled ? user : undefined;
}
