/**
 * `/api/monitor`: the developer monitor's calls, for admins only — build info,
 * the live log stream, the seed job and the clicker.
 */
import { Hono } from "hono";
import type { MiddlewareHandler } from "hono";
import { ClickerInput, MessagesQuery } from "../../contracts/monitor.ts";
import { type AppEnv, userOf } from "../context.ts";
import { requireUser } from "../auth/middleware.ts";
import { canManageUsers } from "../auth/permissions.ts";
import { forbidden, HttpError } from "../errors.ts";
import { validate } from "../validate.ts";
import { buildInfo } from "./build_info.ts";
import { streamMessages } from "./messages.ts";
import { seedJob, startSeed } from "./seed.ts";
import { clickerJob, listScenarios, startClicker } from "./clicker.ts";
import { verifyPassword } from "../auth/password.ts";
import { limitedCheck } from "../auth/rate_limit.ts";

/** Admins and super-admins only: the monitor shows server internals. */
const requireAdmin: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!canManageUsers(userOf(c))) {
    throw forbidden("Only admins use the developer monitor");
  }
  return next();
};

export const monitorRoutes = new Hono<AppEnv>()
  .use("*", requireUser, requireAdmin)
  .get("/build-info", (c) => c.json(buildInfo(c.var.deps)))
  .get("/messages", validate("query", MessagesQuery), (c) => {
    const { level } = c.req.valid("query");
    return streamMessages(c, level);
  })
  .get("/seed", (c) => c.json(seedJob(c.var.deps.db)))
  .post("/seed", (c) => {
    void startSeed(c.var.deps);
    return c.json(seedJob(c.var.deps.db), 202);
  })
  .get("/clicker/scenarios", async (c) => c.json({ scenarios: await listScenarios() }))
  .get("/clicker", (c) => c.json(clickerJob(c.var.deps.db)))
  .post("/clicker", validate("json", ClickerInput), async (c) => {
    const { scenario, password } = c.req.valid("json");
    const user = userOf(c);
    if (!c.var.deps.config.trustProxy) {
      throw new HttpError(
        400,
        "NEEDS_TRUST_PROXY",
        "The clicker sends each visitor's IP in X-Forwarded-For: start the server with " +
          "ROTOR_TRUST_PROXY=1 (on a test instance) to run it",
      );
    }
    const { passwordCheckLimiter } = c.var.deps;
    const check = () => verifyPassword(password, user.passwordHash);
    if (!await limitedCheck(passwordCheckLimiter, `user:${user.id}`, check)) {
      throw new HttpError(400, "WRONG_PASSWORD", "That is not your password");
    }
    // The runner talks to this very process on its loopback address, never to the
    // Host the request named (that could hand the password to another server).
    await startClicker(c.var.deps, { scenario, user: user.username, password });
    return c.json(clickerJob(c.var.deps.db), 202);
  });
