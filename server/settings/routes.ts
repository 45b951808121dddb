/**
 * Settings calls: the sections and their tools under `/api/settings`
 * (declared, `contracts/api/settings*.ts`), and `/api/mode` (answers even
 * without a session or licence), mounted at `/api`.
 */
import { Hono } from "hono";
import type { ModeAnswer } from "../../contracts/auth.ts";
import type { AppEnv } from "../context.ts";
import type { Implemented } from "../route.ts";
import { requireUser } from "../auth/middleware.ts";
import { getMode } from "./mode.ts";
import { settingsSectionRoutes } from "./section_routes.ts";
import { apiKeyRoutes, settingsToolRoutes } from "./tool_routes.ts";

/** Every declared `/api/settings` route. */
export const settingsRoutes: Implemented[] = [
  ...apiKeyRoutes,
  ...settingsToolRoutes,
  ...settingsSectionRoutes,
];

/**
 * `/api/mode`; and a path under `/api/settings` no route answers is a 401 without a
 * session, as it always was (mounted after the declared routes, which answer first).
 */
export const modeRoutes = new Hono<AppEnv>()
  .get("/mode", (c) => c.json<ModeAnswer>({ mode: getMode(c.var.deps.db) }))
  .use("/settings/*", requireUser);
