/**
 * Public tracking endpoints (DESIGN §1, §4): `/lp/click`, `/postback`,
 * `/click/update` (numeric events, cost, bot mark; decision 167), `/pixel.gif` (and `/c/:key`, from click_route.ts). No session; mounted
 * before the panel fallback.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { badRequest, HttpError, notFound } from "../errors.ts";
import { clientIp } from "../net.ts";
import { CLICK_COOKIE } from "./click_route.ts";
import { isClickId } from "./click_id.ts";
import { lpClick } from "./lp_click.ts";
import { updateClick } from "./click_update.ts";
import { type PostbackParams, recordConversion } from "./postback.ts";
import type { TrackingEngine } from "./engine.ts";

export {
  answerClick,
  CLICK_COOKIE,
  clickFastPath,
  clickHandler,
  hopHandler,
  refreshPage,
} from "./click_route.ts";

const GIF = Uint8Array.from(
  atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"),
  (ch) => ch.charCodeAt(0),
);

const unknownLink = () => notFound("Not found");

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

/** The query's parameters, and a POST's form or JSON body over them, as text. */
async function requestParams(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const raw: Record<string, unknown> = { ...c.req.query() };
  if (c.req.method === "POST") {
    const type = c.req.header("content-type") ?? "";
    if (type.includes("application/json")) {
      Object.assign(raw, await c.req.json().catch(() => ({})));
    } else if (type.includes("form")) {
      const form = await c.req.parseBody().catch(() => {
        throw badRequest("Malformed form body");
      });
      for (const [k, v] of Object.entries(form)) {
        if (typeof v === "string") raw[k] = v;
      }
    }
  }
  for (const [k, v] of Object.entries(raw)) if (typeof v === "number") raw[k] = String(v);
  return raw;
}

/** `/click/update`'s parameters: text only (a JSON object or list as a value is refused). */
async function clickUpdateParams(c: Context<AppEnv>): Promise<Record<string, string>> {
  const raw = await requestParams(c);
  const text: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v !== "string" || v.length > 1000) {
      throw badRequest(`Malformed parameter ${k.slice(0, 64)}`);
    }
    text[k] = v;
  }
  return text;
}

async function postbackParams(c: Context<AppEnv>): Promise<PostbackParams> {
  const raw = await requestParams(c);
  const parsed = PostbackQuery.safeParse(raw);
  if (!parsed.success) throw badRequest("Malformed postback parameters");
  return parsed.data;
}

/**
 * PostgreSQL, several nodes: a click another node wrote within the last
 * second is counted before a postback or update changes it (`ownerFlushed`).
 */
function ownerFlushed(engine: TrackingEngine, clickId: unknown): Promise<void> | undefined {
  if (!engine.clicks.pg || typeof clickId !== "string") return;
  return engine.clicks.ownerFlushed(clickId.trim());
}

/** `/lp/click`: the click (its `clickid`, else the visitor's cookie) on to the offer. */
async function landerClickThrough(c: Context<AppEnv>): Promise<Response> {
  // A `clickid` that is no click id (a hosted page's unfilled `{clickid}`, "undefined" from a
  // lander script) leaves the choice to the visitor's cookie, as if it were absent.
  const given = c.req.query("clickid")?.trim() ?? "";
  const clickId = isClickId(given) ? given : getCookie(c, CLICK_COOKIE) || given;
  const offer = c.req.query("offer");
  const offerNumber = offer && /^\d{1,3}$/.test(offer) ? Number(offer) : null;
  const head = c.req.method === "HEAD";
  const url = await lpClick(c.var.deps.tracking, { clickId, offerNumber, head });
  if (!url) throw unknownLink();
  c.header("Cache-Control", "no-store");
  return c.redirect(url, 302);
}

/** Mounted at `/` by `createApp` (the click route is mounted apart, see `clickHandler`). */
export const trackingRoutes = new Hono<AppEnv>()
  .get("/lp/click", landerClickThrough)
  // A lander link may end in a slash (`/lp/click/?offer=2`): the same click-through.
  .get("/lp/click/", landerClickThrough)
  .on(["GET", "POST"], "/postback", async (c) => {
    const params = await postbackParams(c);
    await ownerFlushed(c.var.deps.tracking, params.clickid);
    const result = recordConversion(c.var.deps.tracking, params, { ip: clientIp(c) });
    return c.json({ ok: true, recorded: result.recorded, status: result.status });
  })
  .on(["GET", "POST"], "/click/update", async (c) => {
    const params = await clickUpdateParams(c);
    await ownerFlushed(c.var.deps.tracking, params.clickid);
    c.header("Cache-Control", "no-store");
    return c.json(updateClick(c.var.deps.tracking, params, { caller: clientIp(c) }));
  })
  .get("/pixel.gif", async (c) => {
    const params = PostbackQuery.safeParse(c.req.query());
    if (!params.success) throw badRequest("Malformed pixel parameters");
    // A `clickid` in the address (the advertiser's page fills it in) is a postback by image:
    // the same token, allowlist, status map and idempotency. Without one, the visitor's own
    // cookie names the click and no network check applies.
    const byParam = (params.data.clickid ?? "").trim() !== "";
    const clickId = byParam ? undefined : getCookie(c, CLICK_COOKIE) ?? "";
    let status: 200 | 400 | 403 | 404 = 200;
    await ownerFlushed(c.var.deps.tracking, clickId ?? params.data.clickid);
    try {
      recordConversion(c.var.deps.tracking, params.data, {
        ip: clientIp(c),
        pixel: !byParam,
        clickId,
      });
    } catch (err) {
      if (!(err instanceof HttpError) || ![400, 403, 404].includes(err.status)) throw err;
      status = err.status as 400 | 403 | 404;
    }
    c.header("Cache-Control", "no-store");
    return c.body(GIF, status, { "Content-Type": "image/gif" });
  });
