/**
 * Public tracking endpoints (DESIGN §1, §4): `/c/:key`, `/lp/click`,
 * `/postback`, `/pixel.gif`. No session; mounted before the panel fallback.
 */
import { Hono } from "hono";
import type { Context, Handler } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import type { AppEnv, Deps } from "../context.ts";
import { errorBody, HttpError } from "../errors.ts";
import { clientIp } from "../net.ts";
import { recordClick } from "./click.ts";
import { lpClick } from "./lp_click.ts";
import { type PostbackParams, recordConversion } from "./postback.ts";

/** The cookie naming the visitor's click (lander click-through, pixel, LP protect). */
export const CLICK_COOKIE = "rotor_click";
const COOKIE_MAX_AGE = 30 * 24 * 3600;

const GIF = Uint8Array.from(
  atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"),
  (ch) => ch.charCodeAt(0),
);

function clickCookie(id: string, https: boolean): string {
  const secure = https ? "; Secure" : "";
  return `${CLICK_COOKIE}=${id}; Path=/; Max-Age=${COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The no-referrer page of `hideReferrer` campaigns: a meta refresh, no script (CSP-safe). */
export function refreshPage(url: string): string {
  const u = escapeHtml(url);
  return `<!doctype html><html><head><meta charset="utf-8">` +
    `<meta name="referrer" content="no-referrer">` +
    `<meta http-equiv="refresh" content="0;url=${u}"><title>Redirecting…</title></head>` +
    `<body><a href="${u}" rel="noreferrer">Continue</a></body></html>`;
}

const notFound = () => new HttpError(404, "NOT_FOUND", "Not found");

const Text = z.string().max(1000).optional();
/** Postback parameters; unknown ones are ignored (networks send extras). */
const PostbackQuery = z.object({
  clickid: Text,
  status: Text,
  payout: Text,
  txid: Text,
  currency: Text,
  token: Text,
});

async function postbackParams(c: Context<AppEnv>): Promise<PostbackParams> {
  const raw: Record<string, unknown> = { ...c.req.query() };
  if (c.req.method === "POST") {
    const type = c.req.header("content-type") ?? "";
    if (type.includes("application/json")) {
      Object.assign(raw, await c.req.json().catch(() => ({})));
    } else if (type.includes("form")) {
      for (const [k, v] of Object.entries(await c.req.parseBody())) {
        if (typeof v === "string") raw[k] = v;
      }
    }
  }
  for (const [k, v] of Object.entries(raw)) if (typeof v === "number") raw[k] = String(v);
  const parsed = PostbackQuery.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, "BAD_REQUEST", "Malformed postback parameters");
  return parsed.data;
}

/** The refresh page runs no script and loads nothing. */
const PAGE_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * `GET /c/:key`, the hottest route: `createApp` mounts it ahead of the shared
 * middleware (each layer costs every click), so it sets its own headers — no
 * referrer to the destination, no caching of a redirect that records a click.
 */
export function clickHandler(deps: Deps): Handler<AppEnv> {
  return async (c) => {
    c.set("deps", deps);
    const url = new URL(c.req.url);
    const decision = await recordClick(deps.tracking, {
      key: c.req.param("key") ?? "",
      ip: clientIp(c),
      userAgent: c.req.header("user-agent") ?? null,
      acceptLanguage: c.req.header("accept-language") ?? null,
      referrer: c.req.header("referer") ?? null,
      query: url.searchParams,
    });
    const headers: Record<string, string> = {
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
    };
    if (decision.kind === "not-found") {
      return c.json(errorBody(notFound()), 404, headers);
    }
    const https = url.protocol === "https:" ||
      (deps.config.trustProxy && c.req.header("x-forwarded-proto") === "https");
    headers["Set-Cookie"] = clickCookie(decision.clickId, https);
    if (decision.kind === "blocked") return c.body(null, 404, headers);
    if (decision.hideReferrer) {
      headers["Content-Security-Policy"] = PAGE_CSP;
      headers["X-Frame-Options"] = "DENY";
      return c.html(refreshPage(decision.url), 200, headers);
    }
    headers.Location = decision.url;
    return c.body(null, 302, headers);
  };
}

/** Mounted at `/` by `createApp` (the click route is mounted apart, see `clickHandler`). */
export const trackingRoutes = new Hono<AppEnv>()
  .get("/lp/click", async (c) => {
    const clickId = c.req.query("clickid") || getCookie(c, CLICK_COOKIE) || "";
    const offer = c.req.query("offer");
    const offerNumber = offer && /^\d{1,3}$/.test(offer) ? Number(offer) : null;
    const url = await lpClick(c.var.deps.tracking, { clickId, offerNumber });
    if (!url) throw notFound();
    c.header("Cache-Control", "no-store");
    return c.redirect(url, 302);
  })
  .on(["GET", "POST"], "/postback", async (c) => {
    const params = await postbackParams(c);
    const result = recordConversion(c.var.deps.tracking, params, { ip: clientIp(c) });
    return c.json({ ok: true, recorded: result.recorded, status: result.status });
  })
  .get("/pixel.gif", (c) => {
    const clickId = getCookie(c, CLICK_COOKIE) ?? "";
    const params = PostbackQuery.safeParse(c.req.query());
    if (!params.success) throw new HttpError(400, "BAD_REQUEST", "Malformed pixel parameters");
    let status: 200 | 404 = 200;
    try {
      recordConversion(c.var.deps.tracking, params.data, { ip: clientIp(c), pixel: true, clickId });
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 404) throw err;
      status = 404;
    }
    c.header("Cache-Control", "no-store");
    return c.body(GIF, status, { "Content-Type": "image/gif" });
  });
