/** Request facts that depend on configuration: the client IP and the scheme. */
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";

/**
 * The client's IP: the socket address, or — only when the operator says a
 * proxy stands in front (`ROTOR_TRUST_PROXY`) — the last `X-Forwarded-For` hop,
 * which is the one that proxy appended.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.trustProxy) {
    const hops = (c.req.header("x-forwarded-for") ?? "").split(",").map((s) => s.trim());
    const last = hops.filter(Boolean).at(-1);
    if (last) return last;
  }
  return c.env?.remoteAddr?.hostname ?? "unknown";
}

/** Whether the browser reached us over HTTPS (directly or through a trusted proxy). */
export function isHttps(c: Context<AppEnv>): boolean {
  if (c.var.deps.config.trustProxy && c.req.header("x-forwarded-proto") === "https") return true;
  return new URL(c.req.url).protocol === "https:";
}
