/**
 * Per-user API keys: created with a name, answered once, stored as a SHA-256
 * digest, revocable. `findUserByApiKey` is what `loadSession` and the click
 * API call per request, so it is synchronous and writes at most once a minute.
 */
import { createHash } from "node:crypto";
import type { ApiKeyInfo, ApiKeyScope, CreatedApiKey } from "../../contracts/api_key.ts";
import type { Db } from "../db/connection.ts";
import { HttpError, notFound } from "../errors.ts";
import { getUser, type UserRow } from "../users/store.ts";
import { randomToken } from "./tokens.ts";

/** Every key starts with this, so a leaked one is recognisable in logs and scanners. */
export const API_KEY_PREFIX = "rk_";
/** How many characters of a key lists show. */
const SHOWN = API_KEY_PREFIX.length + 6;
/** Last-used is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;
/** Keys one user may hold (revoked ones included): enough for any team, bounded for lists. */
export const MAX_KEYS_PER_USER = 50;

/** SHA-256 hex of a key, synchronously (the click path cannot await WebCrypto cheaply). */
function digestKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function toInfo(row: Record<string, unknown>): ApiKeyInfo {
  return {
    id: Number(row.id),
    name: String(row.name),
    scope: String(row.scope) as ApiKeyScope,
    prefix: String(row.prefix),
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

const COLUMNS = "id, name, scope, prefix, created_at, last_used_at, revoked_at";

/** Creates a key for `userId`; the answer's `key` is the only copy there will ever be. */
export function createApiKey(
  db: Db,
  input: { userId: number; name: string; scope?: ApiKeyScope; now?: number },
): CreatedApiKey {
  const held = db.prepare("SELECT count(*) AS n FROM api_keys WHERE user_id = ?")
    .get(input.userId);
  if (Number(held?.n ?? 0) >= MAX_KEYS_PER_USER) {
    throw new HttpError(409, "TOO_MANY_KEYS", `A user may hold at most ${MAX_KEYS_PER_USER} keys`);
  }
  const key = API_KEY_PREFIX + randomToken(32);
  const now = input.now ?? Date.now();
  const row = db.prepare(
    `INSERT INTO api_keys (user_id, name, scope, prefix, key_hash, created_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
  ).get(input.userId, input.name, input.scope ?? "api", key.slice(0, SHOWN), digestKey(key), now)!;
  return { ...toInfo(row), key };
}

/** The user's keys, newest first, revoked ones included (they show when they stopped). */
export function listApiKeys(db: Db, userId: number): ApiKeyInfo[] {
  return db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE user_id = ? ORDER BY id DESC`)
    .all(userId).map(toInfo);
}

/**
 * Revokes key `id` of `userId` (404 when the user has no such key). A revoked
 * key stops working at once; revoking twice keeps the first time.
 */
export function revokeApiKey(db: Db, userId: number, id: number): ApiKeyInfo {
  db.prepare(
    "UPDATE api_keys SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL",
  ).run(Date.now(), id, userId);
  const row = db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE id = ? AND user_id = ?`)
    .get(id, userId);
  if (!row) throw notFound(`API key ${id} not found`);
  return toInfo(row);
}

/** Prepared once per database: preparing costs more than the lookup itself. */
const lookups = new WeakMap<Db, ReturnType<Db["prepare"]>>();

function lookupStatement(db: Db): ReturnType<Db["prepare"]> {
  let statement = lookups.get(db);
  if (!statement) {
    statement = db.prepare(
      "SELECT id, user_id, scope, last_used_at FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL",
    );
    lookups.set(db, statement);
  }
  return statement;
}

/** A live key and its enabled owner. */
export type ApiKeyMatch = { user: UserRow; keyId: number; scope: ApiKeyScope };

/** The live key `key` with its enabled owner, or undefined; marks the key used. */
export function findApiKey(db: Db, key: string, now = Date.now()): ApiKeyMatch | undefined {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 128) return undefined;
  const row = lookupStatement(db).get(digestKey(key));
  if (!row) return undefined;
  const user = getUser(db, Number(row.user_id));
  if (!user || user.disabled) return undefined;
  if (row.last_used_at === null || now - Number(row.last_used_at) > TOUCH_EVERY_MS) {
    db.prepare("UPDATE api_keys SET last_used_at = ? WHERE id = ?").run(now, row.id);
  }
  return { user, keyId: Number(row.id), scope: String(row.scope) as ApiKeyScope };
}

/**
 * The enabled user owning the live key `key`. `scope` `click` accepts every
 * key (the click API is within the full API); `api` (default) refuses
 * click-only keys.
 */
export function findUserByApiKey(
  db: Db,
  key: string,
  options: { scope?: ApiKeyScope } = {},
): UserRow | undefined {
  const match = findApiKey(db, key);
  if (!match) return undefined;
  if ((options.scope ?? "api") === "api" && match.scope !== "api") return undefined;
  return match.user;
}

/** The owner of key `id` (for the CLI, which revokes by id across users). */
export function apiKeyOwner(db: Db, id: number): number | undefined {
  const row = db.prepare("SELECT user_id FROM api_keys WHERE id = ?").get(id);
  return row ? Number(row.user_id) : undefined;
}
