/**
 * Settings calls, mounted at `/api`: `/api/mode` (answers even without a
 * session or licence), and under `/api/settings` the sections and their tools.
 */
import { Hono } from "hono";
import type { ModeAnswer } from "../../contracts/auth.ts";
import type { AppEnv } from "../context.ts";
import { requireUser } from "../auth/middleware.ts";
import { getMode } from "./mode.ts";
import { sectionRoutes } from "./section_routes.ts";
import { toolRoutes } from "./tool_routes.ts";

export const settingsRoutes = new Hono<AppEnv>()
  .get("/mode", (c) => c.json<ModeAnswer>({ mode: getMode(c.var.deps.db) }))
  .use("/settings/*", requireUser)
  .route("/settings", toolRoutes)
  .route("/settings", sectionRoutes());
