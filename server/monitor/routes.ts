/**
 * The monitor's calls (`contracts/api/monitor.ts`), for admins only: the
 * server's live health, and the developer monitor's build info, live log
 * stream, seed job and clicker.
 */
import { MONITOR_ROUTES } from "../../contracts/api/monitor.ts";
import { userOf } from "../context.ts";
import { HttpError } from "../errors.ts";
import { implement } from "../route.ts";
import { buildInfo } from "./build_info.ts";
import { health } from "./health.ts";
import { streamMessages } from "./messages.ts";
import { seedJob, startSeed } from "./seed.ts";
import { clickerJob, listScenarios, startClicker } from "./clicker.ts";
import { verifyPassword } from "../auth/password.ts";
import { limitedCheck } from "../auth/rate_limit.ts";

/** The monitor's routes (mounted at their full paths). */
export const monitorRoutes = [
  implement(MONITOR_ROUTES.health, (c) => health(c.var.deps)),
  implement(MONITOR_ROUTES.buildInfo, (c) => buildInfo(c.var.deps)),
  implement(MONITOR_ROUTES.messages, (c, { query }) => streamMessages(c, query.level)),
  implement(MONITOR_ROUTES.seed, (c) => seedJob(c.var.deps.db)),
  implement(MONITOR_ROUTES.startSeed, (c) => {
    void startSeed(c.var.deps);
    return seedJob(c.var.deps.db);
  }),
  implement(MONITOR_ROUTES.scenarios, async () => ({ scenarios: await listScenarios() })),
  implement(MONITOR_ROUTES.clicker, (c) => clickerJob(c.var.deps.db)),
  implement(MONITOR_ROUTES.startClicker, async (c, { body: { scenario, password } }) => {
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
    return clickerJob(c.var.deps.db);
  }),
];
