/**
 * Forward mode (`ROTOR_UPSTREAM`): this server serves the panel and passes
 * `/api/*`, `/updates/check` and the hosted landers (`/lp/files/*`) to
 * another tracker, cookies and the `auth` value included, so the same panel
 * can front an existing Rotor. The local store and files are not consulted
 * for those paths (docs/decisions/085-forward-mode.md).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { HttpError } from "../errors.ts";
import { logEvent } from "../log.ts";
import { clientIp, isHttps } from "../net.ts";
import { sameOriginJson } from "../security.ts";
import { GATEWAY_TIMEOUT } from "../../contracts/messages.ts";
import { HOSTED_PREFIX } from "../../contracts/files.ts";
import { LANDER_CSP } from "../files/serve.ts";

/**
 * The least silence in a body that counts as a stalled upstream: above twice
 * the monitor log stream's 15 s keep-alive, so a quiet live stream is kept.
 */
export const MIN_IDLE_MS = 40_000;

/** Headers that belong to one hop, or that fetch sets itself. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
]);
/** Request headers that describe the browser's view of *this* origin. */
const FRONT_ONLY = ["origin", "referer", "sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest"];

/**
 * Whether this request goes upstream: the API, the update check, and the
 * hosted landers (reads only) — the files manager edits the upstream's files,
 * so its "open" links must show those, not this server's.
 */
export function isForwarded(path: string, method = "GET"): boolean {
  if (path.startsWith(HOSTED_PREFIX)) return method === "GET" || method === "HEAD";
  return path.startsWith("/api/") || path === "/api" || path === "/updates/check";
}

/** The upstream address of a request path and query. */
export function upstreamUrl(upstream: string, pathAndQuery: string): string {
  return upstream.replace(/\/+$/, "") + pathAndQuery;
}

/**
 * A Set-Cookie from the upstream as this origin can store it: no `Domain`
 * (the cookie belongs to this host), and no `Secure` when the browser reached
 * us over plain HTTP (the browser would drop it otherwise).
 */
export function rewriteSetCookie(cookie: string, options: { https: boolean }): string {
  return cookie.split(";").map((part) => part.trim())
    .filter((part) => !/^domain=/i.test(part) && (options.https || !/^secure$/i.test(part)))
    .join("; ");
}

function requestHeaders(c: Context<AppEnv>, upstream: string): Headers {
  const headers = new Headers();
  for (const [name, value] of c.req.raw.headers) {
    if (!HOP_BY_HOP.has(name) && !FRONT_ONLY.includes(name)) headers.set(name, value);
  }
  // This server already checked the browser's origin; to the upstream the call is its own.
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    headers.set("origin", new URL(upstream).origin);
  }
  headers.set("x-forwarded-for", clientIp(c));
  headers.set("x-forwarded-proto", isHttps(c) ? "https" : "http");
  headers.set("x-forwarded-host", c.req.header("host") ?? new URL(c.req.url).host);
  return headers;
}

/** Sends the request upstream and answers with its response. */
export async function forward(
  c: Context<AppEnv>,
  upstream: string,
  options: { timeoutMs?: number } = {},
): Promise<Response> {
  const timeoutMs = options.timeoutMs ?? c.var.deps.config.upstreamTimeoutMs;
  const url = new URL(c.req.url);
  const target = upstreamUrl(upstream, url.pathname + url.search);
  const hasBody = c.req.method !== "GET" && c.req.method !== "HEAD";
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("timeout", "TimeoutError")),
    timeoutMs,
  );
  const onClientGone = () => controller.abort();
  c.req.raw.signal?.addEventListener("abort", onClientGone);
  let res: Response;
  try {
    res = await fetch(target, {
      method: c.req.method,
      headers: requestHeaders(c, upstream),
      body: hasBody ? await c.req.arrayBuffer() : undefined,
      redirect: "manual",
      signal: controller.signal,
    });
  } catch (err) {
    const timedOut = controller.signal.reason instanceof DOMException &&
      controller.signal.reason.name === "TimeoutError";
    logEvent("warn", "upstream_failed", {
      path: url.pathname,
      reason: timedOut ? "timeout" : (err as Error).message,
    });
    if (timedOut) throw new HttpError(504, "GATEWAY_TIMEOUT", GATEWAY_TIMEOUT);
    throw new HttpError(502, "UPSTREAM_UNREACHABLE", "The upstream tracker cannot be reached");
  } finally {
    clearTimeout(timer);
  }
  return answer(c, res, Math.max(timeoutMs, MIN_IDLE_MS));
}

/**
 * `body`, cut off with an error when no bytes come for `idleMs`: an upstream
 * that sent its headers and then stalled must not hold the browser forever.
 */
export function cutWhenIdle(
  body: ReadableStream<Uint8Array>,
  options: { idleMs: number },
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const idle = new Promise<"idle">((resolve) => {
        timer = setTimeout(() => resolve("idle"), options.idleMs);
      });
      const result = await Promise.race([reader.read(), idle]).finally(() => clearTimeout(timer));
      if (result === "idle") {
        logEvent("warn", "upstream_failed", { reason: "body stalled" });
        reader.cancel().catch(() => {});
        controller.error(new Error("the upstream stopped sending"));
      } else if (result.done) {
        controller.close();
      } else {
        controller.enqueue(result.value);
      }
    },
    cancel(reason) {
      clearTimeout(timer);
      return reader.cancel(reason);
    },
  });
}

function answer(c: Context<AppEnv>, res: Response, idleMs: number): Response {
  const headers = new Headers();
  for (const [name, value] of res.headers) {
    // fetch has already decoded the body: its length and encoding no longer apply.
    if (HOP_BY_HOP.has(name) || name === "content-encoding" || name === "set-cookie") continue;
    headers.set(name, value);
  }
  // A HEAD answer has no body to measure: the upstream's length is the only one.
  const length = res.headers.get("content-length");
  if (c.req.method === "HEAD" && length && !res.headers.has("content-encoding")) {
    headers.set("content-length", length);
  }
  const https = isHttps(c);
  for (const cookie of res.headers.getSetCookie()) {
    headers.append("set-cookie", rewriteSetCookie(cookie, { https }));
  }
  const body = res.body && cutWhenIdle(res.body, { idleMs });
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * In forward mode: API and update calls go upstream (after this server's own
 * same-origin check), and a panel address carrying `auth` is exchanged for an
 * upstream session. Without `ROTOR_UPSTREAM` it does nothing.
 */
export const forwardToUpstream: MiddlewareHandler<AppEnv> = async (c, next) => {
  const upstream = c.var.deps.config.upstream;
  if (!upstream) return next();
  if (isForwarded(c.req.path, c.req.method)) {
    let res: Response | undefined;
    await sameOriginJson(c, async () => {
      res = await forward(c, upstream);
    });
    // A lander served from this origin is sandboxed here, whatever the upstream sent.
    if (c.req.path.startsWith(HOSTED_PREFIX)) {
      res!.headers.set("content-security-policy", LANDER_CSP);
    }
    return res!;
  }
  if (c.req.path.startsWith("/panel") && c.req.query("auth")) {
    const cookies = await exchangeAuth(c, upstream);
    await next();
    for (const cookie of cookies) c.res.headers.append("set-cookie", cookie);
    return;
  }
  return next();
};

/** Opens the upstream panel with the `auth` value; the session cookies it sets, rewritten. */
async function exchangeAuth(c: Context<AppEnv>, upstream: string): Promise<string[]> {
  const query = new URLSearchParams({ auth: c.req.query("auth")! });
  try {
    const res = await fetch(upstreamUrl(upstream, `/panel/?${query}`), {
      headers: { cookie: c.req.header("cookie") ?? "", "x-forwarded-for": clientIp(c) },
      redirect: "manual",
      signal: AbortSignal.timeout(c.var.deps.config.upstreamTimeoutMs),
    });
    await res.body?.cancel();
    const https = isHttps(c);
    return res.headers.getSetCookie().map((cookie) => rewriteSetCookie(cookie, { https }));
  } catch (err) {
    logEvent("warn", "upstream_failed", { path: "/panel/", reason: (err as Error).message });
    return [];
  }
}
