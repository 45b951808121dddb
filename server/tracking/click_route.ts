/**
 * `GET /c/:key`, the hottest route (DESIGN §4, decision 051): the click is
 * recorded (committed before the answer), then the campaign's redirect mode
 * (decision 165): a 302, a no-referrer refresh page (`meta`), or that page
 * through a second Rotor page (`double-meta`, hop.ts), with the `rotor_click` cookie.
 * `main.ts` answers it before Hono's router (`clickFastPath`, decision 054);
 * `createApp` mounts the same answer for everything else (tests, custom paths).
 */
import type { Handler } from "hono";
import type { AppEnv, Deps } from "../context.ts";
import { errorBody, internal, notFound } from "../errors.ts";
import { logEvent } from "../log.ts";
import {
  clientIp,
  fastPathKey,
  rawQuery,
  requestIp,
  requestIsHttps,
  type RequestLike,
  serverRequest,
} from "../net.ts";
import { recordClick } from "./click.ts";
import { type PlainAnswer, toResponse } from "./answer.ts";
import { hopKey, hopPath, openHop } from "./hop.ts";

/** The cookie naming the visitor's click (lander click-through, pixel, LP protect). */
export const CLICK_COOKIE = "rotor_click";
const COOKIE_MAX_AGE = 30 * 24 * 3600;

const unknownLink = () => notFound("Not found");

function clickCookie(id: string, https: boolean): string {
  const secure = https ? "; Secure" : "";
  return `${CLICK_COOKIE}=${id}; Path=/; Max-Age=${COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The no-referrer page of `meta` and `double-meta` campaigns: a meta refresh, no script (CSP-safe). */
export function refreshPage(url: string): string {
  const u = escapeHtml(url);
  return `<!doctype html><html><head><meta charset="utf-8">` +
    `<meta name="referrer" content="no-referrer">` +
    `<meta http-equiv="refresh" content="0;url=${u}"><title>Redirecting…</title></head>` +
    `<body><a href="${u}" rel="noreferrer">Continue</a></body></html>`;
}

/** Answers of `/c/:key` with a body (404, the refresh page): no referrer, no sniffing, no caching. */
const CLICK_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
};

/** The refresh page runs no script and loads nothing. */
const PAGE_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * `GET /c/:key`, the hottest route: `createApp` mounts it ahead of the shared
 * middleware (each layer costs every click), so it sets its own headers — no
 * referrer to the destination, no caching of a redirect that records a click.
 */
export function clickHandler(deps: Deps): Handler<AppEnv> {
  return (c) => {
    c.set("deps", deps);
    return answerClick(deps, c.req.raw, { key: c.req.param("key") ?? "", ip: clientIp(c) });
  };
}

/**
 * `GET /c/KEY` answered before Hono (`serveHandler` tries it first; ~3.5 µs a
 * click less than routing through the app), or null for any other request,
 * which the app then answers: the same `clickAnswer`, the same `requestIp`.
 */
export function clickFastPath(
  deps: Deps,
): (req: Request, remoteAddr: { hostname: string }) => Promise<Response> | null {
  return (req, remoteAddr) => {
    const key = fastPathKey(req, "/c/");
    if (key === null) return null;
    const request = serverRequest(req);
    const ip = requestIp(request, {
      remoteAddr: remoteAddr.hostname,
      trustProxy: deps.config.trustProxy,
    });
    return answerClick(deps, request, { key, ip }).catch((err: Error) =>
      toResponse(clickFailed(key, err))
    );
  };
}

/** As the app's error handler answers (a failed commit, say): logged, 500, no redirect. */
export function clickFailed(key: string, err: Error): PlainAnswer {
  logEvent("error", "unhandled_error", {
    method: "GET",
    path: `/c/${key}`,
    message: err.message,
    stack: err.stack,
  });
  return {
    status: 500,
    headers: { ...CLICK_HEADERS, "Content-Type": "application/json" },
    body: JSON.stringify(errorBody(internal("Internal server error"))),
  };
}

/** What `clickAnswer` needs of the request, however it arrived. */
export type ClickFacts = {
  /** The query string without its `?` ("" for none). */
  query: string;
  userAgent: string | null;
  acceptLanguage: string | null;
  referrer: string | null;
  host: string;
  https: boolean;
  /** A HEAD request: no browser navigates with one (a link checker, a monitor). */
  head?: boolean;
};

/**
 * The answer to `GET /c/:key` from the raw request, the key and the client IP
 * (as `requestIp` gives it).
 */
export async function answerClick(
  deps: Deps,
  req: RequestLike,
  visit: { key: string; ip: string },
): Promise<Response> {
  return toResponse(
    await clickAnswer(deps, {
      query: rawQuery(req),
      userAgent: req.headers.get("user-agent"),
      acceptLanguage: req.headers.get("accept-language"),
      referrer: req.headers.get("referer"),
      // A server request always carries Host; an in-process one may not (its URL has the host).
      host: req.headers.get("host") ?? new URL(req.url).host,
      https: requestIsHttps(req, deps.config),
      head: req.method === "HEAD",
    }, visit),
  );
}

/**
 * The answer to `GET /c/:key` as status, headers and body: the click is
 * recorded (committed) first. Plain values: the fast path and the app's route
 * each make their `Response` of them.
 */
export async function clickAnswer(
  deps: Deps,
  facts: ClickFacts,
  visit: { key: string; ip: string },
): Promise<PlainAnswer> {
  const decision = await recordClick(deps.tracking, {
    key: visit.key,
    ip: visit.ip,
    userAgent: facts.userAgent,
    acceptLanguage: facts.acceptLanguage,
    referrer: facts.referrer,
    query: facts.query,
    host: facts.host,
    head: facts.head,
  });
  if (decision.kind === "not-found") return NOT_FOUND;
  const cookie = clickCookie(decision.clickId, facts.https);
  if (decision.kind === "blocked") {
    return { status: 404, headers: { ...CLICK_HEADERS, "Set-Cookie": cookie }, body: null };
  }
  if (decision.redirectMode === "meta") return pageAnswer(decision.url, cookie);
  if (decision.redirectMode === "double-meta") {
    return pageAnswer(hopPath(hopKey(deps.db), visit.key, decision.url), cookie);
  }
  // A plain 302 keeps the browser's referrer, as in other trackers (hiding it is what the
  // `meta` modes are for), and has no body to sniff: three headers (decision 055).
  return {
    status: 302,
    headers: { "Cache-Control": "no-store", "Set-Cookie": cookie, Location: decision.url },
    body: null,
  };
}

/** The 404 of an unknown (or unroutable) campaign. */
const NOT_FOUND: PlainAnswer = {
  status: 404,
  headers: { ...CLICK_HEADERS, "Content-Type": "application/json" },
  body: JSON.stringify(errorBody(unknownLink())),
};

/** The refresh page on to `url`: no referrer, no script, no framing; with the click's cookie. */
function pageAnswer(url: string, cookie: string | null): PlainAnswer {
  const headers: Record<string, string> = {
    ...CLICK_HEADERS,
    "Content-Type": "text/html; charset=UTF-8",
    "Content-Security-Policy": PAGE_CSP,
    "X-Frame-Options": "DENY",
  };
  if (cookie) headers["Set-Cookie"] = cookie;
  return { status: 200, headers, body: refreshPage(url) };
}

/**
 * `GET /c/:key/hop`, the second page of a `double-meta` click: a refresh page on to the
 * destination its signed address carries; 404 when the address is forged or expired.
 */
export function hopHandler(deps: Deps): Handler<AppEnv> {
  return (c) => {
    const url = openHop(hopKey(deps.db), c.req.param("key") ?? "", c.req.query());
    if (url === null) {
      return Response.json(errorBody(unknownLink()), { status: 404, headers: CLICK_HEADERS });
    }
    return toResponse(pageAnswer(url, null));
  };
}
