/** Starting a browser session: a new server-side session and its cookie. */
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../context.ts";
import { clientIp, isHttps } from "../net.ts";
import { createSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from "./sessions.ts";

/** Signs the requesting browser in as `userId`: creates a session and sets its cookie. */
export async function startBrowserSession(c: Context<AppEnv>, userId: number): Promise<void> {
  const token = await createSession(c.var.deps.db, userId, {
    ip: clientIp(c),
    userAgent: c.req.header("user-agent") ?? "",
  });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(c),
    path: "/",
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}
