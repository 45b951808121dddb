/** `/api/offers`: today's caps, then the shared entity routes. */
import { Hono } from "hono";
import type { OfferCapsAnswer } from "../../contracts/offer.ts";
import { type AppEnv, userOf } from "../context.ts";
import { requireUser } from "../auth/middleware.ts";
import { assertAccess } from "../auth/permissions.ts";
import { entityRoutes } from "../entities/routes.ts";
import { offerDef } from "./definition.ts";

/** Mounted by `createApp`; every route needs a signed-in user with the right. */
export const offerRoutes = new Hono<AppEnv>()
  // Which capped offers reached their daily cap (the offer list's "capped today").
  .get("/caps", requireUser, (c) => {
    assertAccess(userOf(c), "offer", "read");
    const { tracking } = c.var.deps;
    const answer: OfferCapsAnswer = {
      timeZone: tracking.cache.trackerTimeZone(),
      items: tracking.caps.today(),
    };
    return c.json(answer);
  })
  .route("/", entityRoutes(offerDef));
