/**
 * SQL for users. Routes never touch SQL; a PostgreSQL store can replace this
 * file's functions one by one.
 */
import { Role } from "../../contracts/auth.ts";
import type { Db } from "../db/connection.ts";

export type UserRow = {
  id: number;
  username: string;
  role: Role;
  passwordHash: string;
  hideProfit: boolean;
  disabled: boolean;
  authSecret: string | null;
  /** Rights by entity type (JSON of the `permissions` column); see `accessTo`. */
  permissions: unknown;
};

function toUser(row: Record<string, unknown> | undefined): UserRow | undefined {
  if (!row) return undefined;
  return {
    id: Number(row.id),
    username: String(row.username),
    role: Role.parse(row.role),
    passwordHash: String(row.password_hash),
    hideProfit: row.hide_profit === 1,
    // An archived account is as unable to sign in as a disabled one.
    disabled: row.disabled === 1 || row.archived === 1,
    authSecret: row.auth_secret === null ? null : String(row.auth_secret),
    permissions: parsePermissions(row.permissions),
  };
}

function parsePermissions(raw: unknown): unknown {
  try {
    return JSON.parse(String(raw ?? "{}"));
  } catch {
    return {};
  }
}

const COLUMNS =
  "id, username, role, password_hash, hide_profit, disabled, archived, auth_secret, permissions";

/** The user with `id`, archived or not. */
export function getUser(db: Db, id: number): UserRow | undefined {
  return toUser(db.prepare(`SELECT ${COLUMNS} FROM users WHERE id = ?`).get(id));
}

/** `text` with its ASCII letters lowered, as SQLite's NOCASE compares. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * The user named `username` (case-insensitive, ASCII letters only, as SQLite's NOCASE).
 * PostgreSQL's `nocase` column collation (ICU, level 2) also equates full-width letters and
 * ignores invisible characters: "ａｄｍｉｎ" or "admin" with a zero-width space found "admin"
 * there, so the name found must be the one asked for.
 */
export function findUserByUsername(db: Db, username: string): UserRow | undefined {
  const user = toUser(db.prepare(`SELECT ${COLUMNS} FROM users WHERE username = ?`).get(username));
  return user && asciiLower(user.username) === asciiLower(username) ? user : undefined;
}

/** The user whose auth secret digests to `hash`. */
export function findUserBySecretHash(db: Db, hash: string): UserRow | undefined {
  return toUser(db.prepare(`SELECT ${COLUMNS} FROM users WHERE auth_secret_hash = ?`).get(hash));
}

/** How many users exist. */
export function countUsers(db: Db): number {
  return Number(db.prepare("SELECT count(*) AS n FROM users").get()?.n ?? 0);
}

/** Inserts a user; returns its id. */
export function insertUser(
  db: Db,
  user: { username: string; role: Role; passwordHash: string; permissions?: unknown },
): number {
  const now = Date.now();
  const inserted = db.prepare(
    `INSERT INTO users (username, role, password_hash, permissions, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  ).get(
    user.username,
    user.role,
    user.passwordHash,
    JSON.stringify(user.permissions ?? {}),
    now,
    now,
  )!;
  return Number(inserted.id);
}

/** Replaces a user's password hash. */
export function updatePasswordHash(db: Db, id: number, passwordHash: string): void {
  // A new password also ends the auth secret: links made with the old one stop signing in.
  db.prepare(
    "UPDATE users SET password_hash = ?, auth_secret = NULL, auth_secret_hash = NULL, updated_at = ? WHERE id = ?",
  ).run(passwordHash, Date.now(), id);
}

/** Stores a user's auth secret with its digest (the digest is what lookups use). */
export function updateAuthSecret(
  db: Db,
  id: number,
  secret: { value: string; hash: string },
): void {
  db.prepare("UPDATE users SET auth_secret = ?, auth_secret_hash = ?, updated_at = ? WHERE id = ?")
    .run(secret.value, secret.hash, Date.now(), id);
}
