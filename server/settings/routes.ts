/** Settings calls. `/api/mode` answers even without a session or licence. */
import { Hono } from "hono";
import type { ModeAnswer } from "../../contracts/auth.ts";
import type { AppEnv } from "../context.ts";
import { getMode } from "./mode.ts";

export const settingsRoutes = new Hono<AppEnv>()
  .get("/mode", (c) => c.json<ModeAnswer>({ mode: getMode(c.var.deps.db) }));
