/**
 * Settings calls: the sections and their tools under `/api/settings`
 * (declared, `contracts/api/settings*.ts`). (`/api/mode` is a session call:
 * `server/auth/routes.ts`.)
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import type { Implemented } from "../route.ts";
import { requireUser } from "../auth/middleware.ts";
import { settingsSectionRoutes } from "./section_routes.ts";
import { apiKeyRoutes, settingsToolRoutes } from "./tool_routes.ts";

/** Every declared `/api/settings` route. */
export const settingsRoutes: Implemented[] = [
  ...apiKeyRoutes,
  ...settingsToolRoutes,
  ...settingsSectionRoutes,
];

/**
 * A path under `/api/settings` no route answers is a 401 without a session, as
 * it always was (mounted at `/api` after the declared routes, which answer first).
 */
export const unknownSettingsRoutes = new Hono<AppEnv>().use("/settings/*", requireUser);
