/** Session loading and the signed-in guard. */
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { AUTH_ERROR_CODE } from "../../contracts/auth.ts";
import type { AppEnv } from "../context.ts";
import { HttpError } from "../errors.ts";
import { getUser } from "../users/store.ts";
import { findSession, SESSION_COOKIE } from "./sessions.ts";

/** Puts the session's user on the context when the cookie names a live session. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const session = await findSession(c.var.deps.db, token);
    const user = session && getUser(c.var.deps.db, session.userId);
    if (session && user && !user.disabled) {
      c.set("session", session);
      c.set("user", user);
    }
  }
  return next();
};

/** The error for a request that needs a session and has none. */
export function notSignedIn(status: 401 | 403 = 401): HttpError {
  return new HttpError(status, AUTH_ERROR_CODE, `${AUTH_ERROR_CODE}: sign in to continue`);
}

/** Refuses requests without a signed-in user (401, `AUTHENTICATION_ERROR`). */
export const requireUser: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!c.var.user) throw notSignedIn();
  return next();
};
