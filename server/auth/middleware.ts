/** Session loading and the signed-in guard. */
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { AUTH_ERROR_CODE } from "../../contracts/auth.ts";
import { API_KEY_HEADER } from "../../contracts/api_key.ts";
import type { AppEnv } from "../context.ts";
import { forbidden, HttpError } from "../errors.ts";
import { getUser } from "../users/store.ts";
import { findSession, SESSION_COOKIE } from "./sessions.ts";
import { findApiKey } from "./api_keys.ts";
import { getClickApiSettings, getPublicApiSettings } from "../settings/sections.ts";

/** Where a click-only key is accepted. */
const CLICK_API_PATH = "/api/click-api/";

/**
 * Puts the request's user on the context: the owner of the `Api-Key` header
 * when one is sent (the cookie is then ignored, and a bad key is a 401 rather
 * than an anonymous request), else the user of the live session cookie.
 */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.path.startsWith(CLICK_API_PATH) && !getClickApiSettings(c.var.deps.db).enabled) {
    throw new HttpError(403, "CLICK_API_OFF", "The click API is switched off in the settings");
  }
  const apiKey = c.req.header(API_KEY_HEADER);
  if (apiKey !== undefined) {
    const match = findApiKey(c.var.deps.db, apiKey.trim());
    if (!match) {
      throw new HttpError(401, AUTH_ERROR_CODE, `${AUTH_ERROR_CODE}: unknown or revoked API key`);
    }
    if (match.scope === "click" && !c.req.path.startsWith(CLICK_API_PATH)) {
      throw forbidden("This key may call the click API only");
    }
    if (match.scope === "api" && !getPublicApiSettings(c.var.deps.db).enabled) {
      throw new HttpError(403, "PUBLIC_API_OFF", "The public API is switched off in the settings");
    }
    c.set("user", match.user);
    return next();
  }
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
