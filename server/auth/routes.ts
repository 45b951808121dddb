/**
 * The session calls of SPEC §7: sign-in, role, hide-profit, logout and the
 * auth secret. Mounted at `/api`.
 */
import { Hono } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { z } from "zod";
import { roleToWire, SecretInput, SignInInput } from "../../contracts/auth.ts";
import { type AppEnv, userOf } from "../context.ts";
import { forbidden, notFound } from "../errors.ts";
import { logEvent } from "../log.ts";
import { clientIp } from "../net.ts";
import { validate } from "../validate.ts";
import { getUser } from "../users/store.ts";
import { notSignedIn, requireUser } from "./middleware.ts";
import { deleteSession, SESSION_COOKIE } from "./sessions.ts";
import { startBrowserSession } from "./session_cookie.ts";
import { signIn } from "./service.ts";
import {
  assertSignedInBrowser,
  findUserBySecret,
  getOrCreateAuthSecret,
  rotateAuthSecret,
} from "./secret.ts";
import { canManageUsers } from "./permissions.ts";

export const authRoutes = new Hono<AppEnv>()
  .post("/user/sign_in", validate("json", SignInInput), async (c) => {
    const input = c.req.valid("json");
    const ip = clientIp(c);
    const previous = getCookie(c, SESSION_COOKIE);
    const user = await signIn(c.var.deps, {
      ...input,
      ip,
      flightKey: previous ?? `${ip}\n${input.login.toLowerCase()}`,
    });
    // A new session id at every sign-in: a planted cookie never becomes a signed-in one.
    if (c.var.session) deleteSession(c.var.deps.db, c.var.session.idHash);
    await startBrowserSession(c, user.id);
    return c.json({ status: "ok" as const });
  })
  .get("/user/role", (c) => {
    const user = c.var.user;
    if (!user) throw notSignedIn(403);
    return c.json({ id: String(user.id), role: roleToWire(user.role), username: user.username });
  })
  .get(
    "/user/:id/hide_profit",
    requireUser,
    validate(
      "param",
      z.object({ id: z.string().regex(/^\d+$/, "must be digits").transform(Number) }),
    ),
    (c) => {
      const me = userOf(c);
      const id = c.req.valid("param").id;
      if (id !== me.id && !canManageUsers(me)) {
        throw forbidden("You may read only your own settings");
      }
      const user = getUser(c.var.deps.db, id);
      if (!user) throw notFound(`User ${id} not found`);
      return c.json({ hideProfit: user.hideProfit });
    },
  )
  .post("/user/logout", (c) => {
    const session = c.var.session;
    if (session) {
      deleteSession(c.var.deps.db, session.idHash);
      logEvent("info", "logout", { userId: c.var.user?.id, ip: clientIp(c) });
    }
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ status: "ok" as const });
  })
  .get("/auth/secret", requireUser, async (c) => {
    assertSignedInBrowser(c.var.session);
    return c.json({ secret: await getOrCreateAuthSecret(c.var.deps.db, userOf(c)) });
  })
  // A link with another account's `auth` opened in a signed-in browser: the panel asks whose
  // it is, and switches only when the user says so (a POST: never a plain GET).
  .post("/auth/secret/owner", requireUser, validate("json", SecretInput), async (c) => {
    assertSignedInBrowser(c.var.session);
    const owner = await findUserBySecret(c.var.deps.db, c.req.valid("json").secret);
    return c.json({ username: owner?.username ?? null, current: owner?.id === userOf(c).id });
  })
  .post("/auth/switch", requireUser, validate("json", SecretInput), async (c) => {
    assertSignedInBrowser(c.var.session);
    const owner = await findUserBySecret(c.var.deps.db, c.req.valid("json").secret);
    if (!owner) throw notFound("This sign-in link is no longer valid");
    deleteSession(c.var.deps.db, c.var.session!.idHash);
    await startBrowserSession(c, owner.id);
    logEvent("info", "sign_in", {
      outcome: "success",
      method: "auth_secret_switch",
      userId: owner.id,
      from: userOf(c).id,
      ip: clientIp(c),
    });
    return c.json({ status: "ok" as const });
  })
  .post("/auth/secret/rotate", requireUser, async (c) => {
    assertSignedInBrowser(c.var.session);
    return c.json({ secret: await rotateAuthSecret(c.var.deps.db, userOf(c)) });
  });
