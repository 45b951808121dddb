/** `GET /updates/check` (SPEC §7), for signed-in users. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { requireUser } from "../auth/middleware.ts";
import { checkForUpdates } from "./service.ts";

export const updatesRoutes = new Hono<AppEnv>()
  .get("/check", requireUser, async (c) => c.json(await checkForUpdates(c.var.deps)));
