/** `/api/campaigns`: the shared entity routes. */
import { entityRoutes } from "../entities/routes.ts";
import { campaignDef } from "./definition.ts";

/** Mounted by `createApp`; every route needs a signed-in user with the right. */
export const campaignRoutes = entityRoutes(campaignDef);
