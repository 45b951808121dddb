/** Request facts: the client IP and the scheme (both depending on configuration), a tracking key. */
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";

/** What these read of a request: a `Request`, or anything with its URL and headers. */
export type RequestLike = {
  readonly url: string;
  /** Absent on the click fast path's view of a request, which takes only GET. */
  readonly method?: string;
  readonly headers: { get(name: string): string | null };
};

/** The symbol under which Deno's `Request` keeps its inner request (null: not found). */
let innerRequest: symbol | null | undefined;

/**
 * A request that Deno's HTTP server made, with its headers read straight off
 * the server's header list. `Request.headers` builds a `Headers` object, and
 * each `get` checks its argument and lower-cases every name it passes: ~1.5 µs
 * for the click's six headers (decision 178). Here a name is compared only
 * with names of its length, lower-cased then (the server keeps the case the
 * client sent), and a header sent twice reads as `Headers.get` joins it.
 * Where the list is not found (a Deno that keeps it elsewhere), the request
 * itself.
 */
export function serverRequest(req: Request): RequestLike {
  innerRequest ??= Object.getOwnPropertySymbols(req).find((s) => s.description === "request") ??
    null;
  const list = innerRequest === null
    ? undefined
    : (req as unknown as Record<symbol, { headerList?: unknown }>)[innerRequest]?.headerList;
  if (!Array.isArray(list)) return req;
  return { url: req.url, headers: new HeaderList(list) };
}

/** Headers as `[name, value]` pairs, names in any case; `get` takes a lower-case name. */
class HeaderList {
  constructor(readonly list: [string, string][]) {}

  get(name: string): string | null {
    let value: string | null = null;
    for (let i = 0; i < this.list.length; i++) {
      const [key, found] = this.list[i];
      if (key.length !== name.length || (key !== name && key.toLowerCase() !== name)) continue;
      value = value === null ? found : `${value}, ${found}`;
    }
    return value;
  }
}

/** The last non-empty hop of an `X-Forwarded-For` list, or "". */
export function lastHop(forwardedFor: string): string {
  let end = forwardedFor.length;
  while (end > 0) {
    const comma = forwardedFor.lastIndexOf(",", end - 1);
    const hop = forwardedFor.slice(comma + 1, end).trim();
    if (hop) return hop;
    end = comma < 0 ? 0 : comma;
  }
  return "";
}

/**
 * The client's IP from a raw request: the socket address, or — only when the
 * operator says a proxy stands in front (`ROTOR_TRUST_PROXY`) — the last
 * `X-Forwarded-For` hop, which is the one that proxy appended.
 */
export function requestIp(
  req: RequestLike,
  options: { remoteAddr?: string; trustProxy: boolean },
): string {
  if (options.trustProxy) {
    const last = lastHop(req.headers.get("x-forwarded-for") ?? "");
    if (last) return last;
  }
  return options.remoteAddr ?? "unknown";
}

/** A key the tracking fast paths take; anything else goes through the app's router. */
const FAST_KEY = /^[\w-]+$/;

/**
 * The key of `GET {prefix}KEY` (`/c/`, `/rt/`) read straight off the request's
 * URL (parsing it whole costs every click), or null: another method, another
 * path, or a key the router would treat otherwise (empty, nested,
 * percent-encoded).
 */
export function fastPathKey(req: Request, prefix: string): string | null {
  if (req.method !== "GET") return null;
  const url = req.url;
  const path = url.indexOf("/", url.indexOf("//") + 2);
  if (path < 0 || !url.startsWith(prefix, path)) return null;
  const query = url.indexOf("?", path);
  const key = url.slice(path + prefix.length, query < 0 ? url.length : query);
  return FAST_KEY.test(key) ? key : null;
}

/**
 * The query of a request's URL without its `?` ("" for none), read straight
 * off the URL (a server request's has no fragment): parsing the whole URL
 * costs every click.
 */
export function rawQuery(req: RequestLike): string {
  const url = req.url;
  const at = url.indexOf("?");
  return at < 0 ? "" : url.slice(at + 1);
}

/** Whether the browser reached us over HTTPS (directly or through a trusted proxy). */
export function requestIsHttps(req: RequestLike, options: { trustProxy: boolean }): boolean {
  if (options.trustProxy && req.headers.get("x-forwarded-proto") === "https") return true;
  return req.url.startsWith("https:");
}

/** `requestIp` for a Hono request. */
export function clientIp(c: Context<AppEnv>): string {
  return requestIp(c.req.raw, {
    remoteAddr: c.env?.remoteAddr?.hostname,
    trustProxy: c.var.deps.config.trustProxy,
  });
}

/** `requestIsHttps` for a Hono request. */
export function isHttps(c: Context<AppEnv>): boolean {
  return requestIsHttps(c.req.raw, c.var.deps.config);
}
