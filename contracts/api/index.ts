/**
 * Every declared API route (decision 171): the OpenAPI document lists these,
 * and a test checks that each is mounted and every mounted route is here.
 */
import type { RouteDecl } from "../route.ts";
import { COST_ROUTES } from "./costs.ts";
import { SETTINGS_ROUTES } from "./settings.ts";
import { API_KEY_ROUTES, SETTINGS_TOOL_ROUTES } from "./settings_tools.ts";
import { NOTIFICATION_ROUTES, TRIGGER_ROUTES } from "./triggers.ts";
import { FILE_ROUTES } from "./files.ts";
import { MONITOR_ROUTES } from "./monitor.ts";
import { CLICK_API_ROUTES } from "./click_api.ts";
import { CURRENCY_RATE_ROUTES } from "./currency_rates.ts";
import { DOCS_ROUTES } from "./docs.ts";
import { ENTITY_ROUTES } from "./entities.ts";
import { SESSION_ROUTES } from "./session.ts";
import { USER_ROUTES } from "./users.ts";
import { CLICK_ROUTES, CONVERSION_ROUTES, REPORT_ROUTES } from "./reports.ts";

export const API_ROUTES: RouteDecl[] = [
  ...Object.values(COST_ROUTES),
  ...Object.values(SETTINGS_ROUTES).flatMap((s) => [s.get, s.put]),
  ...Object.values(API_KEY_ROUTES),
  ...Object.values(SETTINGS_TOOL_ROUTES),
  ...Object.values(TRIGGER_ROUTES),
  ...Object.values(NOTIFICATION_ROUTES),
  ...Object.values(FILE_ROUTES),
  ...Object.values(MONITOR_ROUTES),
  ...Object.values(CLICK_API_ROUTES),
  ...Object.values(CURRENCY_RATE_ROUTES),
  ...Object.values(DOCS_ROUTES),
  ...Object.values(ENTITY_ROUTES).flatMap((routes) => Object.values(routes)),
  ...Object.values(SESSION_ROUTES),
  ...Object.values(USER_ROUTES),
  ...Object.values(REPORT_ROUTES),
  ...Object.values(CONVERSION_ROUTES),
  ...Object.values(CLICK_ROUTES),
];
