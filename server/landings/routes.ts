/** `/api/landings`: the shared entity routes. */
import { entityRoutes } from "../entities/routes.ts";
import { landingDef } from "./definition.ts";

/** Mounted by `createApp`; every route needs a signed-in user with the right. */
export const landingRoutes = entityRoutes(landingDef);
