/** `/api/groups`: the shared entity routes. */
import { entityRoutes } from "../entities/routes.ts";
import { groupDef } from "./definition.ts";

/** Mounted by `createApp`; every route needs a signed-in user with the right. */
export const groupRoutes = entityRoutes(groupDef);
