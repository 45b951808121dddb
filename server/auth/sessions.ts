/**
 * Server-side sessions: the cookie holds 256 random bits, the table holds
 * their SHA-256. Sessions end after an idle period or an absolute lifetime.
 */
import type { Db } from "../db/connection.ts";
import { digestToken, randomToken } from "./tokens.ts";

export const SESSION_COOKIE = "rotor_session";
/** A session unused this long is gone. */
export const SESSION_IDLE_MS = 24 * 3600_000;
/** No session lives longer than this, used or not. */
export const SESSION_ABSOLUTE_MS = 14 * 24 * 3600_000;
/** Last-seen is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export type Session = { idHash: string; userId: number; createdAt: number };

/** Creates a session; returns the cookie value (never stored). */
export async function createSession(
  db: Db,
  userId: number,
  meta: { ip: string; userAgent: string; now?: number },
): Promise<string> {
  const token = randomToken();
  const now = meta.now ?? Date.now();
  db.prepare(
    `INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, ip, user_agent)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(await digestToken(token), userId, now, now, meta.ip, meta.userAgent.slice(0, 512));
  return token;
}

/** The live session for a cookie value; expired ones are deleted on sight. */
export async function findSession(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<Session | undefined> {
  const idHash = await digestToken(token);
  const row = db.prepare(
    "SELECT user_id, created_at, last_seen_at FROM sessions WHERE id_hash = ?",
  ).get(idHash);
  if (!row) return undefined;
  const createdAt = Number(row.created_at);
  const lastSeenAt = Number(row.last_seen_at);
  if (now - lastSeenAt > SESSION_IDLE_MS || now - createdAt > SESSION_ABSOLUTE_MS) {
    db.prepare("DELETE FROM sessions WHERE id_hash = ?").run(idHash);
    return undefined;
  }
  if (now - lastSeenAt > TOUCH_EVERY_MS) {
    db.prepare("UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?").run(now, idHash);
  }
  return { idHash, userId: Number(row.user_id), createdAt };
}

/** Ends one session. */
export function deleteSession(db: Db, idHash: string): void {
  db.prepare("DELETE FROM sessions WHERE id_hash = ?").run(idHash);
}

/** Ends every session of a user (password change, disable). */
export function deleteUserSessions(db: Db, userId: number): void {
  db.prepare("DELETE FROM sessions WHERE user_id = ?").run(userId);
}
