/** `/api/traffic-sources`: the shared entity routes, on their declarations. */
import { TRAFFIC_SOURCE_ROUTES } from "../../contracts/api/entities.ts";
import { declaredEntityRoutes } from "../entities/routes.ts";
import { trafficSourceDef } from "./definition.ts";

/** Mounted by `createApp` (`DECLARED_ROUTES`). */
export const trafficSourceRoutes = declaredEntityRoutes(TRAFFIC_SOURCE_ROUTES, trafficSourceDef);
