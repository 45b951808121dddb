/**
 * Middleware that guards every request: security headers, same-origin JSON
 * for state-changing API calls, the licence gate and the demo-mode gate.
 */
import type { MiddlewareHandler } from "hono";
import { DEMO_UNAVAILABLE } from "../contracts/messages.ts";
import { UPLOAD_API_PATH } from "../contracts/files.ts";
import type { LicenceErrorBody } from "../contracts/common.ts";
import type { AppEnv } from "./context.ts";
import { HttpError } from "./errors.ts";
import { getLicence } from "./licence/service.ts";
import { getMode } from "./settings/mode.ts";
import { logEvent } from "./log.ts";

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Security headers on every response. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const h = c.res.headers;
  // A handler may set a stricter or sandboxed policy of its own (hosted landers do).
  if (!h.has("Content-Security-Policy")) h.set("Content-Security-Policy", CSP);
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "no-referrer");
  h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  h.set("X-Frame-Options", "DENY");
  if (c.req.path.startsWith("/api/") && !h.has("Cache-Control")) h.set("Cache-Control", "no-store");
};

/**
 * State-changing API calls must come from our own pages: a foreign `Origin` or
 * `Sec-Fetch-Site`, or a body that is not JSON (which a cross-site form could
 * send without a preflight), is refused before any handler runs.
 */
export const sameOriginJson: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!STATE_CHANGING.has(c.req.method)) return next();
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  const foreignOrigin = origin !== undefined && (origin === "null" || hostOf(origin) !== host);
  // An `Api-Key` request carries no ambient credential (loadSession then ignores
  // cookies), so it cannot be forged cross-site: only the JSON rule applies.
  const byApiKey = c.req.header("api-key") !== undefined;
  if (!byApiKey && ((site && site !== "same-origin" && site !== "none") || foreignOrigin)) {
    logEvent("warn", "cross_origin_refused", { path: c.req.path, origin, site });
    throw new HttpError(403, "CROSS_ORIGIN", "Cross-origin requests are not allowed");
  }
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  // Uploads are multipart, which a cross-site form can send: accepted on the upload
  // route only, and only with positive proof of our own origin (not mere absence).
  const provenSameOrigin = byApiKey || site === "same-origin" ||
    (origin !== undefined && !foreignOrigin);
  if (type === "multipart/form-data" && c.req.path === UPLOAD_API_PATH && provenSameOrigin) {
    return next();
  }
  const hasBody = c.req.method !== "DELETE" || c.req.header("content-length") !== undefined;
  if (hasBody && type !== "application/json") {
    throw new HttpError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "Send a JSON body (Content-Type: application/json)",
    );
  }
  return next();
};

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** While the licence is not valid, every API call but `/api/mode` answers 402. */
export const licenceGate: MiddlewareHandler<AppEnv> = (c, next) => {
  if (c.req.path === "/api/mode") return next();
  const licence = getLicence(c.var.deps.db);
  if (licence.state === "valid") return next();
  const body: LicenceErrorBody = { error: licence.message, trackerId: licence.trackerId };
  return Promise.resolve(c.json(body, 402));
};

const DEMO_ALLOWED = new Set(["/api/user/sign_in", "/api/user/logout"]);

/** In demo mode every state-changing call but sign-in and logout answers 410. */
export const demoGate: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!STATE_CHANGING.has(c.req.method) || DEMO_ALLOWED.has(c.req.path)) return next();
  if (getMode(c.var.deps.db) !== "demo") return next();
  throw new HttpError(410, "DEMO_MODE", DEMO_UNAVAILABLE);
};
