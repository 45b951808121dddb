/**
 * The click routes answered from node:http's own request and response
 * (decision 168): `GET /c/KEY` and the direct-tracking script's `GET /rt/KEY`
 * read the request's method, target and parsed headers and write status and
 * headers in one go, without the `Request` and `Response` objects the Hono
 * adapter builds for every other route (and without its promise hops). The
 * answers are the app's (`clickAnswer`, `answerDirectClick`), each written
 * only once its click is committed. Anything unusual — another method, a key
 * the router would decode, a target or Host the adapter would normalise or
 * refuse — is left to the adapter and the app, which answer as before.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RawHandler } from "../serve.ts";
import type { Deps } from "../context.ts";
import { logEvent } from "../log.ts";
import { lastHop, type RequestLike } from "../net.ts";
import { type PlainAnswer, writeAnswer } from "./answer.ts";
import { CLICK_KEY, clickAnswer, clickFailed } from "./click_route.ts";
import { answerDirectClick, DIRECT_PATH, directFailed } from "./direct.ts";

/**
 * A request target the adapter would take as it is: `@hono/node-server`'s own
 * test, and `%` (its URL parse leaves percent-escapes as they are).
 */
const PLAIN_TARGET = /^\/[!#$%&-;=?-\[\]_a-z~]*$/;
/**
 * A plain Host: a name or IPv4 address and a port. (The adapter refuses a few
 * of these that its URL parser reads otherwise, such as `1.1`; the click only
 * compares the Host with a campaign's domain, so they are as harmless here.)
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::\d{1,5})?$/i;

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

/** `/c/KEY` and `/rt/KEY` from node:http's request; everything else returns false. */
export function rawClickPaths(deps: Deps): RawHandler {
  const trustProxy = deps.config.trustProxy;
  const send = (res: ServerResponse) => (answer: PlainAnswer) => writeAnswer(res, answer);
  return (req, res, peer) => {
    if (req.method !== "GET") return false;
    const target = req.url ?? "";
    const click = target.startsWith("/c/");
    if (!click && !target.startsWith(DIRECT_PATH)) return false;
    const query = target.indexOf("?");
    const key = target.slice(click ? 3 : DIRECT_PATH.length, query < 0 ? target.length : query);
    const host = req.headers.host;
    if (
      !CLICK_KEY.test(key) || !PLAIN_TARGET.test(target) || host === undefined ||
      !PLAIN_HOST.test(host)
    ) return false;
    // As `requestIp`: the proxy's last hop only when one is trusted, else the socket's peer.
    const ip = (trustProxy && lastHop(header(req, "x-forwarded-for") ?? "")) || peer;
    const https = (req.socket as { encrypted?: boolean }).encrypted === true ||
      (trustProxy && req.headers["x-forwarded-proto"] === "https");
    const answered = click
      ? clickAnswer(deps, {
        query: query < 0 ? "" : target.slice(query + 1),
        userAgent: header(req, "user-agent"),
        acceptLanguage: header(req, "accept-language"),
        referrer: header(req, "referer"),
        host,
        https,
      }, { key, ip }).catch((err: Error) => clickFailed(key, err))
      : answerDirectClick(
        deps,
        {
          url: `${https ? "https" : "http"}://${host}${target}`,
          headers: { get: (name) => header(req, name.toLowerCase()) },
        } satisfies RequestLike,
        { key, ip },
      ).catch((err: Error) => directFailed(key, err));
    answered.then(send(res)).catch((err: Error) => {
      // Writing failed (the socket broke): nothing left to answer on.
      logEvent("warn", "click_answer_failed", { message: err.message });
      res.destroy();
    });
    return true;
  };
}
