/** `/api/traffic-sources`: the shared entity routes. */
import { entityRoutes } from "../entities/routes.ts";
import { trafficSourceDef } from "./definition.ts";

/** Mounted by `createApp`; every route needs a signed-in user with the right. */
export const trafficSourceRoutes = entityRoutes(trafficSourceDef);
