/** `/api/landings`: the shared entity routes, on their declarations. */
import { LANDING_ROUTES } from "../../contracts/api/entities.ts";
import { declaredEntityRoutes } from "../entities/routes.ts";
import { landingDef } from "./definition.ts";

/** Mounted by `createApp` (`DECLARED_ROUTES`). */
export const landingRoutes = declaredEntityRoutes(LANDING_ROUTES, landingDef);
