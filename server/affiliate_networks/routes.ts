/** `/api/affiliate-networks`: the shared entity routes. */
import { entityRoutes } from "../entities/routes.ts";
import { affiliateNetworkDef } from "./definition.ts";

/** Mounted by `createApp`; every route needs a signed-in user with the right. */
export const affiliateNetworkRoutes = entityRoutes(affiliateNetworkDef);
