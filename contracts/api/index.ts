/**
 * Every declared API route (decision 171): the OpenAPI document lists these,
 * and a test checks that each is mounted and every mounted route is here.
 */
import type { RouteDecl } from "../route.ts";
import { COST_ROUTES } from "./costs.ts";
import { ENTITY_ROUTES } from "./entities.ts";

export const API_ROUTES: RouteDecl[] = [
  ...Object.values(COST_ROUTES),
  ...Object.values(ENTITY_ROUTES).flatMap((routes) => Object.values(routes)),
];
