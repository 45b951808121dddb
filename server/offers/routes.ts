/** `/api/offers`: today's caps, then the shared entity routes, on their declarations. */
import { OFFER_ROUTES } from "../../contracts/api/entities.ts";
import { declaredEntityRoutes } from "../entities/routes.ts";
import { implement } from "../route.ts";
import { offerDef } from "./definition.ts";

/** Mounted by `createApp` (`DECLARED_ROUTES`). */
export const offerRoutes = [
  // Which capped offers reached their daily cap (the offer list's "capped today").
  implement(OFFER_ROUTES.caps, (c) => {
    const { tracking } = c.var.deps;
    return { timeZone: tracking.cache.trackerTimeZone(), items: tracking.caps.today() };
  }),
  ...declaredEntityRoutes(OFFER_ROUTES, offerDef),
];
