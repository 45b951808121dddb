/** `/api/groups`: the shared entity routes, on their declarations. */
import { GROUP_ROUTES } from "../../contracts/api/entities.ts";
import { declaredEntityRoutes } from "../entities/routes.ts";
import { groupDef } from "./definition.ts";

/** Mounted by `createApp` (`DECLARED_ROUTES`). */
export const groupRoutes = declaredEntityRoutes(GROUP_ROUTES, groupDef);
