/**
 * Every declared API route (decision 171): the OpenAPI document lists these,
 * and a test checks that each is mounted and every mounted route is here.
 */
import type { RouteDecl } from "../route.ts";
import { COST_ROUTES } from "./costs.ts";
import { SESSION_ROUTES } from "./session.ts";
import { USER_ROUTES } from "./users.ts";
import { CLICK_ROUTES, CONVERSION_ROUTES, REPORT_ROUTES } from "./reports.ts";

export const API_ROUTES: RouteDecl[] = [
  ...Object.values(COST_ROUTES),
  ...Object.values(SESSION_ROUTES),
  ...Object.values(USER_ROUTES),
  ...Object.values(REPORT_ROUTES),
  ...Object.values(CONVERSION_ROUTES),
  ...Object.values(CLICK_ROUTES),
];
