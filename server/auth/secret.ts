/**
 * The personal auth secret (DESIGN §6): a panel address carrying
 * `?auth=<secret>` signs the browser in as its owner. Lookups go by digest.
 */
import type { Db } from "../db/connection.ts";
import { findUserBySecretHash, getUser, updateAuthSecret, type UserRow } from "../users/store.ts";
import { digestToken, randomToken } from "./tokens.ts";

/** The user's secret, created on first use. */
export async function getOrCreateAuthSecret(db: Db, user: UserRow): Promise<string> {
  const current = getUser(db, user.id)?.authSecret;
  if (current) return current;
  const value = randomToken();
  updateAuthSecret(db, user.id, { value, hash: await digestToken(value) });
  return value;
}

/** The enabled user owning `secret`, if any. */
export async function findUserBySecret(db: Db, secret: string): Promise<UserRow | undefined> {
  if (secret.length < 16 || secret.length > 128) return undefined;
  const user = findUserBySecretHash(db, await digestToken(secret));
  return user && !user.disabled ? user : undefined;
}
