/**
 * User rules shared by the API, the CLI and start-up: creating accounts and
 * changing passwords always go through here.
 */
import { DEMO_CREDENTIALS, Role } from "../../contracts/auth.ts";
import { NewPassword, Username } from "../../contracts/user.ts";
import type { Db } from "../db/connection.ts";
import { HttpError } from "../errors.ts";
import { hashPassword } from "../auth/password.ts";
import { deleteUserSessions } from "../auth/sessions.ts";
import {
  countUsers,
  findUserByUsername,
  insertUser,
  updatePasswordHash,
  type UserRow,
} from "./store.ts";

export { NewPassword, Username };

/** Read-only rights on every entity type: what the demo account gets. */
export const READ_ONLY_PERMISSIONS = { "*": "read" } as const;

/** Creates a user; refuses a taken name. */
export async function createUser(
  db: Db,
  input: { username: string; role: Role; password: string; permissions?: unknown },
): Promise<number> {
  const username = Username.parse(input.username);
  const password = NewPassword.parse(input.password);
  if (findUserByUsername(db, username)) {
    throw new HttpError(409, "USERNAME_TAKEN", `User '${username}' already exists`);
  }
  const passwordHash = await hashPassword(password);
  return insertUser(db, {
    username,
    role: Role.parse(input.role),
    passwordHash,
    permissions: input.permissions,
  });
}

/** Sets a new password and ends every session of that user. */
export async function changePassword(db: Db, user: UserRow, password: string): Promise<void> {
  updatePasswordHash(db, user.id, await hashPassword(NewPassword.parse(password)));
  deleteUserSessions(db, user.id);
}

/**
 * Creates the first super-admin when the database has no user. Returns the
 * generated password when none was configured, so start-up can print it once.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { username: string; password?: string },
): Promise<{ created: boolean; generatedPassword?: string }> {
  if (countUsers(db) > 0) return { created: false };
  const generated = options.password ? undefined : crypto.randomUUID().replaceAll("-", "");
  try {
    await createUser(db, {
      username: options.username,
      role: "super-admin",
      password: options.password ?? generated!,
    });
  } catch (err) {
    // Several PostgreSQL nodes started on an empty database: another one made it first.
    if (countUsers(db) > 0) return { created: false };
    throw err;
  }
  return { created: true, generatedPassword: generated };
}

/** Creates the read-only demo account when absent (DESIGN §6). */
export async function ensureDemoUser(db: Db): Promise<void> {
  if (findUserByUsername(db, DEMO_CREDENTIALS.login)) return;
  const passwordHash = await hashPassword(DEMO_CREDENTIALS.password);
  insertUser(db, {
    username: DEMO_CREDENTIALS.login,
    role: "user",
    passwordHash,
    permissions: READ_ONLY_PERMISSIONS,
  });
}
