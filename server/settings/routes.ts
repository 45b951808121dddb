/**
 * Settings calls, mounted at `/api`: under `/api/settings` the sections and
 * their tools. (`/api/mode` is a session call: `server/auth/routes.ts`.)
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { requireUser } from "../auth/middleware.ts";
import { sectionRoutes } from "./section_routes.ts";
import { toolRoutes } from "./tool_routes.ts";

export const settingsRoutes = new Hono<AppEnv>()
  .use("/settings/*", requireUser)
  .route("/settings", toolRoutes)
  .route("/settings", sectionRoutes());
