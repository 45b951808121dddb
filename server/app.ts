/**
 * The Hono application: middleware in order, then every feature mounted at its
 * path. `createApp` takes its dependencies, so tests build one per database.
 */
import { Hono } from "hono";
import type { AppEnv, Deps } from "./context.ts";
import { errorBody, handleError, notFound } from "./errors.ts";
import { demoGate, licenceGate, sameOriginJson, securityHeaders } from "./security.ts";
import { loadSession } from "./auth/middleware.ts";
import { authRoutes } from "./auth/routes.ts";
import { groupRoutes } from "./groups/routes.ts";
import { domainRoutes } from "./domains/routes.ts";
import { trafficSourceRoutes } from "./traffic_sources/routes.ts";
import { affiliateNetworkRoutes } from "./affiliate_networks/routes.ts";
import { offerRoutes } from "./offers/routes.ts";
import { landingRoutes } from "./landings/routes.ts";
import { rotationRoutes } from "./rotations/routes.ts";
import { campaignRoutes } from "./campaigns/routes.ts";
import { userRoutes } from "./users/routes.ts";
import { settingsRoutes, unknownSettingsRoutes } from "./settings/routes.ts";
import { updatesRoutes } from "./updates/routes.ts";
import { serveDirectScript, servePanel } from "./panel/static.ts";
import { DIRECT_SCRIPT_PATH } from "../contracts/tracking_links.ts";
import { customTrackingPaths } from "./settings/url_paths.ts";
import { openApiRoutes } from "./openapi/routes.ts";
import { fileRoutes } from "./files/routes.ts";
import { serveHostedFile } from "./files/serve.ts";
import { monitorRoutes } from "./monitor/routes.ts";
import { forwardToUpstream } from "./forward/proxy.ts";
import { clickHandler, hopHandler, trackingRoutes } from "./tracking/routes.ts";
import { clickFastPath } from "./tracking/click_route.ts";
import type { Handler } from "./serve.ts";
import { clickApiRoutes } from "./tracking/click_api.ts";
import { directFastPath, directHandler } from "./tracking/direct.ts";
import { reportRoutes } from "./reports/routes.ts";
import { conversionRoutes } from "./conversions/routes.ts";
import { clickLogRoutes } from "./clicklog/routes.ts";
import { bodyLimits } from "./body_limits.ts";
import { triggerCallRoutes, triggerRoutes } from "./triggers/routes.ts";
import { rootCampaignClick } from "./domains/root.ts";
import { costUpdateRoutes, keitaroKeyOnly } from "./costs/routes.ts";
import { type Implemented, routes } from "./route.ts";
import { currencyRateRoutes } from "./currency/routes.ts";

/** Public tracking paths: they never redirect into the panel. */
const TRACKING_PREFIXES = ["/c/", "/rt/", "/lp/", "/postback", "/pixel.gif", "/click/update"];

/** The handlers of every declared route. */
const DECLARED_ROUTES: Implemented[] = [
  ...costUpdateRoutes,
  ...settingsRoutes,
  ...triggerCallRoutes,
  ...triggerRoutes,
  ...fileRoutes,
  ...monitorRoutes,
  ...clickApiRoutes,
  ...currencyRateRoutes,
  ...openApiRoutes,
  ...groupRoutes,
  ...domainRoutes,
  ...trafficSourceRoutes,
  ...affiliateNetworkRoutes,
  ...offerRoutes,
  ...landingRoutes,
  ...rotationRoutes,
  ...campaignRoutes,
  ...authRoutes,
  ...userRoutes,
  ...reportRoutes,
  ...conversionRoutes,
  ...clickLogRoutes,
];

/** Builds the app around `deps`. */
export function createApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  // The click comes first: it answers without the middleware below (see clickHandler).
  app.get("/c/:key", clickHandler(deps));
  // A source that appends its query after a slash (`/c/KEY/?zone=…`) sends the same click.
  app.get("/c/:key/", clickHandler(deps));
  // The direct-tracking script's click, likewise (decision 164).
  app.get("/rt/:key", directHandler(deps));
  app.get("/c/:key/hop", hopHandler(deps));
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use("*", securityHeaders);
  app.use("*", bodyLimits);
  app.use("*", forwardToUpstream);
  app.use("*", customTrackingPaths(app));

  app.use("/api/*", sameOriginJson, licenceGate, demoGate, loadSession);
  app.use("/admin_api/*", sameOriginJson, licenceGate, demoGate, loadSession, keitaroKeyOnly);
  // Every route declared in `contracts/api/` (decision 171), at its full path.
  app.route("/", routes(DECLARED_ROUTES));
  app.route("/api", unknownSettingsRoutes);
  app.all("/api/*", (c) => {
    throw notFound(`No API route ${c.req.method} ${c.req.path}`);
  });

  app.use("/updates/*", loadSession);
  app.route("/updates", updatesRoutes);

  app.on(["GET", "HEAD"], "/lp/files/*", serveHostedFile);
  app.get(DIRECT_SCRIPT_PATH, serveDirectScript);
  app.route("/", trackingRoutes);

  app.use("/panel/*", loadSession);
  app.get("/panel", (c) => c.redirect(`/panel/${new URL(c.req.url).search}`, 302));
  app.get("/panel/*", servePanel);

  app.notFound((c) => {
    const path = c.req.path;
    if (TRACKING_PREFIXES.some((p) => path.startsWith(p)) || path.startsWith("/updates")) {
      return c.json(errorBody(notFound("Not found")), 404);
    }
    // A domain's root address may belong to a campaign (its click), before the panel rewrite.
    const root = rootCampaignClick(c);
    if (root) return root;
    // SPEC §2: any other address is rewritten under the panel's base path, query kept.
    // The path as it arrived (still percent-encoded): a decoded NUL or CR LF cannot reach a header.
    const url = new URL(c.req.url);
    return c.redirect(`/panel${url.pathname}${url.search}`, 302);
  });
  return app;
}

/**
 * What the listener runs for every request: the click and the direct script's
 * call answered before Hono's router (decision 054), everything else by the app.
 */
export function serveHandler(
  deps: Deps,
  app: Pick<Hono<AppEnv>, "fetch"> = createApp(deps),
): Handler {
  const click = clickFastPath(deps);
  const direct = directFastPath(deps);
  return (req, remoteAddr) =>
    click(req, remoteAddr) ?? direct(req, remoteAddr) ?? app.fetch(req, { remoteAddr });
}
