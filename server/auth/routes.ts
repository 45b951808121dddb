/**
 * The session calls of SPEC §7 (`SESSION_ROUTES`): the mode, sign-in, role,
 * hide-profit, logout and the auth secret.
 */
import { deleteCookie, getCookie } from "hono/cookie";
import { type RoleAnswer, roleToWire } from "../../contracts/auth.ts";
import { SESSION_ROUTES } from "../../contracts/api/session.ts";
import { userOf } from "../context.ts";
import { forbidden, notFound } from "../errors.ts";
import { logEvent } from "../log.ts";
import { clientIp } from "../net.ts";
import { implement } from "../route.ts";
import { getMode } from "../settings/mode.ts";
import { getUser, type UserRow } from "../users/store.ts";
import { notSignedIn } from "./middleware.ts";
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

const ok = { status: "ok" as const };

function roleAnswer(user: UserRow): RoleAnswer {
  return { id: String(user.id), role: roleToWire(user.role), username: user.username };
}

export const authRoutes = [
  // Answers even without a session or licence (see `licenceGate`).
  implement(SESSION_ROUTES.mode, (c) => ({ mode: getMode(c.var.deps.db) })),
  implement(SESSION_ROUTES.signIn, async (c, { body }) => {
    const ip = clientIp(c);
    const previous = getCookie(c, SESSION_COOKIE);
    const user = await signIn(c.var.deps, {
      ...body,
      ip,
      flightKey: previous ?? `${ip}\n${body.login.toLowerCase()}`,
    });
    // A new session id at every sign-in: a planted cookie never becomes a signed-in one.
    if (c.var.session) deleteSession(c.var.deps.db, c.var.session.idHash);
    await startBrowserSession(c, user.id);
    return ok;
  }),
  implement(SESSION_ROUTES.role, (c) => {
    const user = c.var.user;
    if (!user) throw notSignedIn(403);
    return roleAnswer(user);
  }),
  // The sign-in page's check: a signed-out visitor is an answer, not an error (the licence
  // gate still answers 402 before it).
  implement(SESSION_ROUTES.session, (c) => ({
    user: c.var.user ? roleAnswer(c.var.user) : null,
  })),
  implement(SESSION_ROUTES.hideProfit, (c, { params }) => {
    const me = userOf(c);
    if (params.id !== me.id && !canManageUsers(me)) {
      throw forbidden("You may read only your own settings");
    }
    const user = getUser(c.var.deps.db, params.id);
    if (!user) throw notFound(`User ${params.id} not found`);
    return { hideProfit: user.hideProfit };
  }),
  implement(SESSION_ROUTES.logout, (c) => {
    const session = c.var.session;
    if (session) {
      deleteSession(c.var.deps.db, session.idHash);
      logEvent("info", "logout", { userId: c.var.user?.id, ip: clientIp(c) });
    }
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return ok;
  }),
  implement(SESSION_ROUTES.secret, async (c) => {
    assertSignedInBrowser(c.var.session);
    return { secret: await getOrCreateAuthSecret(c.var.deps.db, userOf(c)) };
  }),
  // A link with another account's `auth` opened in a signed-in browser: the panel asks whose
  // it is, and switches only when the user says so (a POST: never a plain GET).
  implement(SESSION_ROUTES.secretOwner, async (c, { body }) => {
    assertSignedInBrowser(c.var.session);
    const owner = await findUserBySecret(c.var.deps.db, body.secret);
    return { username: owner?.username ?? null, current: owner?.id === userOf(c).id };
  }),
  implement(SESSION_ROUTES.switch, async (c, { body }) => {
    const session = c.var.session;
    assertSignedInBrowser(session);
    const owner = await findUserBySecret(c.var.deps.db, body.secret);
    if (!owner) throw notFound("This sign-in link is no longer valid");
    deleteSession(c.var.deps.db, session.idHash);
    await startBrowserSession(c, owner.id);
    logEvent("info", "sign_in", {
      outcome: "success",
      method: "auth_secret_switch",
      userId: owner.id,
      from: userOf(c).id,
      ip: clientIp(c),
    });
    return ok;
  }),
  implement(SESSION_ROUTES.rotateSecret, async (c) => {
    assertSignedInBrowser(c.var.session);
    return { secret: await rotateAuthSecret(c.var.deps.db, userOf(c)) };
  }),
];
