/**
 * Direct tracking (issue 14 item 1, decision 164): the `rt.js` script on a
 * lander calls `GET /rt/:key?u=<page address>&r=<referrer>`; the click is
 * recorded by the same `recordClick` as `/c/:key` (the page's query carries
 * the source's tokens, external id, cost and the platforms' click ids) and
 * answered as JSON `{clickId, url}` (`url`: the offer the flow chose).
 *
 * Only pages on the origins of the campaign's own landers may call (CORS, and
 * refused before anything is stored, since a simple GET needs no preflight).
 * The answer sets no cookie: the script keeps the click id on the lander's own
 * domain, so browsers blocking third-party cookies change nothing.
 */
import type { Handler } from "hono";
import type { AppEnv, Deps } from "../context.ts";
import { errorBody, HttpError } from "../errors.ts";
import { logEvent } from "../log.ts";
import {
  fastPathKey,
  rawQuery,
  requestIp,
  requestIsHttps,
  type RequestLike,
  serverRequest,
} from "../net.ts";
import type { CampaignRuntime } from "./runtime_types.ts";
import { recordClick } from "./click.ts";
import { readsFor } from "./pg_reads.ts";
import { type PlainAnswer, toResponse } from "./answer.ts";
import type { TrackingEngine } from "./engine.ts";
import type { ErrorCode } from "../../contracts/errors.ts";

/** The script's click path; `/rt/KEY`. */
export const DIRECT_PATH = "/rt/";
/** Longest page address or referrer taken (a longer one is refused, nothing stored). */
export const MAX_DIRECT_URL = 4096;

/** The landers a campaign's flow can show: their origins, and their pages by address. */
type Landers = {
  origins: Set<string>;
  /** Some lander is hosted here (`/lp/files/…`): the tracker's own origin may call. */
  hosted: boolean;
  /** Lander id by `origin + pathname` (hosted ones by pathname alone). */
  pages: Map<string, number>;
};

/** Per campaign as the cache built it: a change in the panel makes a new runtime object. */
const landersByCampaign = new WeakMap<CampaignRuntime, Landers>();

function landersOf(engine: TrackingEngine, campaign: CampaignRuntime): Landers {
  let found = landersByCampaign.get(campaign);
  if (found) return found;
  found = { origins: new Set(), hosted: false, pages: new Map() };
  const target = campaign.target;
  const paths = target.kind === "flow"
    ? [...target.flow.rules.flatMap((r) => r.paths), ...target.flow.defaultPaths]
    : [];
  for (const path of paths) {
    for (const { landingId } of path.landings ?? []) {
      const url = engine.cache.landing(landingId)?.url ?? "";
      if (url.startsWith("/")) {
        found.hosted = true;
        found.pages.set(url.split(/[?#]/)[0], landingId);
        continue;
      }
      const parsed = URL.parse(url);
      if (!parsed || !/^https?:$/.test(parsed.protocol)) continue;
      found.origins.add(parsed.origin);
      found.pages.set(parsed.origin + parsed.pathname, landingId);
    }
  }
  landersByCampaign.set(campaign, found);
  return found;
}

const HEADERS = { "Cache-Control": "no-store", "Content-Type": "application/json" };

function answer(status: number, body: unknown, origin: string | null): PlainAnswer {
  const headers: Record<string, string> = { ...HEADERS, "X-Content-Type-Options": "nosniff" };
  if (origin) {
    headers["Access-Control-Allow-Origin"] = origin;
    headers["Vary"] = "Origin";
  }
  return { status, headers, body: JSON.stringify(body) };
}

function refuse(
  status: 400 | 403 | 404 | 500,
  code: ErrorCode,
  message: string,
  origin: string | null,
): PlainAnswer {
  return answer(status, errorBody(new HttpError(status, code, message)), origin);
}

/** The tracker's own origin as the browser reached it. */
function ownOrigin(req: RequestLike, deps: Deps): string {
  const host = req.headers.get("host") ?? new URL(req.url).host;
  return `${requestIsHttps(req, deps.config) ? "https" : "http"}://${host}`;
}

/**
 * The answer to the script's `GET /rt/:key`: refused (nothing stored) for an
 * unknown campaign, a page on no lander origin of the campaign, or a missing or
 * malformed page address; otherwise the click, recorded as `/c/:key` records it.
 */
export async function answerDirectClick(
  deps: Deps,
  req: RequestLike,
  visit: { key: string; ip: string },
): Promise<PlainAnswer> {
  const reads = readsFor(deps.tracking, visit.key); // PostgreSQL: without the bridge
  if (reads) await reads;
  const campaign = deps.tracking.cache.campaignByKey(visit.key);
  if (!campaign || !campaign.active) return refuse(404, "NOT_FOUND", "Not found", null);
  const landers = landersOf(deps.tracking, campaign);
  const own = ownOrigin(req, deps);
  // A same-origin GET carries no Origin: only a lander hosted here is such a page.
  const origin = req.headers.get("origin") ??
    (req.headers.get("sec-fetch-site") === "same-origin" ? own : null);
  const allowed = origin !== null &&
    (landers.origins.has(origin) || (landers.hosted && origin === own));
  if (!allowed) {
    logEvent("warn", "direct_click_refused", { campaignId: campaign.id, origin });
    return refuse(
      403,
      "CROSS_ORIGIN",
      "Direct clicks are taken only from the origins of the campaign's landers",
      null,
    );
  }
  const query = new URLSearchParams(rawQuery(req));
  const address = query.get("u") ?? "";
  const referrer = query.get("r") ?? "";
  // The script's signs of an automated browser: w(ebdriver), h(eadless), l(anguages none).
  const seen = query.get("s") ?? "";
  const signals = seen
    ? {
      webdriver: seen.includes("w"),
      headless: seen.includes("h"),
      noLanguages: seen.includes("l"),
    }
    : null;
  const page = address.length <= MAX_DIRECT_URL ? URL.parse(address) : null;
  if (!page || !/^https?:$/.test(page.protocol) || referrer.length > MAX_DIRECT_URL) {
    return refuse(
      400,
      "BAD_REQUEST",
      `u must be the page's http(s) address and r its referrer, each up to ${MAX_DIRECT_URL} characters`,
      origin,
    );
  }
  const pageKey = page.origin === own ? page.pathname : page.origin + page.pathname;
  const decision = await recordClick(deps.tracking, {
    key: visit.key,
    ip: visit.ip,
    userAgent: req.headers.get("user-agent"),
    acceptLanguage: req.headers.get("accept-language"),
    referrer,
    query: page.search.slice(1),
    host: req.headers.get("host") ?? new URL(req.url).host,
    direct: { landingId: landers.pages.get(pageKey) ?? null },
    signals,
    head: req.method === "HEAD",
  });
  if (decision.kind === "not-found") return refuse(404, "NOT_FOUND", "Not found", origin);
  const url = decision.kind === "blocked" ? null : decision.url;
  return answer(200, { clickId: decision.clickId, url }, origin);
}

/** `GET /rt/:key` mounted by `createApp` ahead of the shared middleware, as `/c/:key` is. */
export function directHandler(deps: Deps): Handler<AppEnv> {
  return (c) => {
    c.set("deps", deps);
    const ip = requestIp(c.req.raw, {
      remoteAddr: c.env?.remoteAddr?.hostname,
      trustProxy: deps.config.trustProxy,
    });
    return answerDirectClick(deps, c.req.raw, { key: c.req.param("key") ?? "", ip }).then(
      toResponse,
    );
  };
}

/** As the app's error handler answers: logged, 500. */
export function directFailed(key: string, err: Error): PlainAnswer {
  logEvent("error", "unhandled_error", {
    method: "GET",
    path: `${DIRECT_PATH}${key}`,
    message: err.message,
    stack: err.stack,
  });
  return refuse(500, "INTERNAL", "Internal server error", null);
}

/** `GET /rt/KEY` answered before Hono (as `clickFastPath`), or null for any other request. */
export function directFastPath(
  deps: Deps,
): (req: Request, remoteAddr: { hostname: string }) => Promise<Response> | null {
  return (req, remoteAddr) => {
    const key = fastPathKey(req, DIRECT_PATH);
    if (key === null) return null;
    const request = serverRequest(req);
    const ip = requestIp(request, {
      remoteAddr: remoteAddr.hostname,
      trustProxy: deps.config.trustProxy,
    });
    return answerDirectClick(deps, request, { key, ip }).then(
      toResponse,
      (err: Error) => toResponse(directFailed(key, err)),
    );
  };
}
