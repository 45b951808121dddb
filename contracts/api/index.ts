/**
 * Every declared API route (decision 171): the OpenAPI document lists these,
 * and a test checks that each is mounted and every mounted route is here.
 */
import type { RouteDecl } from "../route.ts";
import { COST_ROUTES } from "./costs.ts";
import { SETTINGS_ROUTES } from "./settings.ts";
import { API_KEY_ROUTES, SETTINGS_TOOL_ROUTES } from "./settings_tools.ts";

export const API_ROUTES: RouteDecl[] = [
  ...Object.values(COST_ROUTES),
  ...Object.values(SETTINGS_ROUTES).flatMap((s) => [s.get, s.put]),
  ...Object.values(API_KEY_ROUTES),
  ...Object.values(SETTINGS_TOOL_ROUTES),
];
