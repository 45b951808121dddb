/** `/api/affiliate-networks`: the shared entity routes, on their declarations. */
import { AFFILIATE_NETWORK_ROUTES } from "../../contracts/api/entities.ts";
import { declaredEntityRoutes } from "../entities/routes.ts";
import { affiliateNetworkDef } from "./definition.ts";

/** Mounted by `createApp` (`DECLARED_ROUTES`). */
export const affiliateNetworkRoutes = declaredEntityRoutes(
  AFFILIATE_NETWORK_ROUTES,
  affiliateNetworkDef,
);
