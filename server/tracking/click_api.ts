/**
 * `POST /api/click-api/v1` (issue 5, `contracts/api/click_api.ts`): the click
 * path for server-side integrations. The caller (an API key, or a signed-in
 * user) needs write access to campaigns and read access to landers and offers
 * (the answer holds their URL); the click is recorded exactly like `/c/:key`'s.
 */
import { CLICK_API_ROUTES } from "../../contracts/api/click_api.ts";
import type { ClickApiAnswer } from "../../contracts/click_api.ts";
import { userOf } from "../context.ts";
import { assertAccess } from "../auth/permissions.ts";
import { notFound } from "../errors.ts";
import { implement } from "../route.ts";
import { recordClick } from "./click.ts";

/** Mounted at its full path by `createApp`. */
export const clickApiRoutes = [
  implement(CLICK_API_ROUTES.click, async (c, { body: input }): Promise<ClickApiAnswer> => {
    // The declaration checks write on campaigns; the answer names the lander or offer URL.
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
    return decision.kind === "blocked"
      ? { clickId: decision.clickId, url: null, rule: null, blocked: true }
      : { clickId: decision.clickId, url: decision.url, rule: decision.rule, blocked: false };
  }),
];
