/** `/api/domains`: the shared entity routes. */
import { entityRoutes } from "../entities/routes.ts";
import { domainDef } from "./definition.ts";

/** Mounted by `createApp`; every route needs a signed-in user with the right. */
export const domainRoutes = entityRoutes(domainDef);
