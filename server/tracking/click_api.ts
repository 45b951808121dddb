/**
 * `POST /api/click-api/v1` (issue 5): the click path for server-side
 * integrations. The caller (an API key, or a signed-in user) needs write access
 * to campaigns and read access to landers and offers (the answer holds their URL); the click is recorded exactly like `/c/:key`'s.
 */
import { Hono } from "hono";
import { type ClickApiAnswer, ClickApiInput } from "../../contracts/click_api.ts";
import { type AppEnv, userOf } from "../context.ts";
import { requireUser } from "../auth/middleware.ts";
import { assertAccess } from "../auth/permissions.ts";
import { notFound } from "../errors.ts";
import { validate } from "../validate.ts";
import { recordClick } from "./click.ts";

/** Mounted at `/api/click-api` by `createApp`. */
export const clickApiRoutes = new Hono<AppEnv>()
  .use("*", requireUser)
  .post("/v1", validate("json", ClickApiInput), async (c) => {
    const input = c.req.valid("json");
    // A click is a write, and its answer names the lander or offer URL it chose.
    assertAccess(userOf(c), "campaign", "write");
    assertAccess(userOf(c), "landing", "read");
    assertAccess(userOf(c), "offer", "read");
    const decision = await recordClick(c.var.deps.tracking, {
      key: input.key,
      ip: input.ip,
      userAgent: input.userAgent,
      // The caller may not know the visitor's headers: an empty one is not judged missing.
      acceptLanguage: input.acceptLanguage || undefined,
      referrer: input.referrer,
      query: new URLSearchParams(input.params),
    });
    if (decision.kind === "not-found") {
      throw notFound("No active campaign with this key");
    }
    const answer: ClickApiAnswer = decision.kind === "blocked"
      ? { clickId: decision.clickId, url: null, rule: null, blocked: true }
      : { clickId: decision.clickId, url: decision.url, rule: decision.rule, blocked: false };
    return c.json(answer);
  });
