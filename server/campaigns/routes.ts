/** `/api/campaigns`: the shared entity routes, on their declarations. */
import { CAMPAIGN_ROUTES } from "../../contracts/api/entities.ts";
import { declaredEntityRoutes } from "../entities/routes.ts";
import { campaignDef } from "./definition.ts";

/** Mounted by `createApp` (`DECLARED_ROUTES`). */
export const campaignRoutes = declaredEntityRoutes(CAMPAIGN_ROUTES, campaignDef);
