/** `/api/domains`: the shared entity routes, on their declarations. */
import { DOMAIN_ROUTES } from "../../contracts/api/entities.ts";
import { declaredEntityRoutes } from "../entities/routes.ts";
import { domainDef } from "./definition.ts";

/** Mounted by `createApp` (`DECLARED_ROUTES`). */
export const domainRoutes = declaredEntityRoutes(DOMAIN_ROUTES, domainDef);
