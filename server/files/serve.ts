/**
 * `GET /lp/files/*`: hosted landers. Files only (a folder serves its
 * `index.html`, never a listing), with their content type, sandboxed so a
 * lander's scripts run in an opaque origin and cannot call the panel's API
 * with an operator's session (docs/decisions/081-hosted-landers.md).
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { extname } from "node:path";
import { HOSTED_PREFIX } from "../../contracts/files.ts";
import type { AppEnv } from "../context.ts";
import { HttpError, notFound } from "../errors.ts";
import { logEvent } from "../log.ts";
import { filesRoot, resolvePath } from "./paths.ts";
import { CLICK_COOKIE, isProtected, isRecentClick, lpProtectSettings } from "./lp_protect.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".pdf": "application/pdf",
};

/**
 * Landers need inline scripts and third-party assets, but not our origin: the
 * sandbox (without allow-same-origin) gives the page an opaque origin.
 */
export const LANDER_CSP = [
  "sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox " +
  "allow-top-navigation-by-user-activation allow-modals",
  "default-src * data: blob: 'unsafe-inline' 'unsafe-eval'",
  "frame-ancestors 'none'",
].join("; ");

/** The content type of a hosted file, by extension. */
export function contentTypeOf(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

function missing(): never {
  throw notFound("Not found");
}

/** The `/lp/files/*` handler (GET and HEAD). */
export async function serveHostedFile(c: Context<AppEnv>): Promise<Response> {
  let rel: string;
  try {
    rel = decodeURIComponent(c.req.path.slice(HOSTED_PREFIX.length));
  } catch {
    throw new HttpError(400, "BAD_PATH", "Path is not valid percent-encoding");
  }
  const folderAsked = rel === "" || rel.endsWith("/");
  const root = filesRoot(c.var.deps.config.dataDir);
  const target = resolvePath(root, folderAsked ? `${rel}index.html` : rel);
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(target.abs);
  } catch {
    missing();
  }
  if (info.isDirectory) {
    // Relative links in index.html need the trailing slash.
    const index = resolvePath(root, `${rel}/index.html`);
    const hasIndex = await Deno.stat(index.abs).then((i) => i.isFile, () => false);
    if (!hasIndex) missing();
    return c.redirect(`${c.req.path}/${new URL(c.req.url).search}`, 301);
  }
  if (!info.isFile) missing();
  const { db } = c.var.deps;
  const settings = lpProtectSettings(db);
  if (settings.enabled && isProtected(db, target.rel)) {
    const clickId = getCookie(c, CLICK_COOKIE) ?? c.req.query("clickid");
    if (!isRecentClick(db, clickId, { lifetimeMinutes: settings.tokenLifetimeMinutes })) {
      logEvent("info", "lp_protect_refused", { path: target.rel });
      missing();
    }
  }
  const headers = {
    "Content-Type": contentTypeOf(target.rel),
    "Content-Length": String(info.size),
    "Cache-Control": "no-cache",
    "Last-Modified": (info.mtime ?? new Date()).toUTCString(),
    "Content-Security-Policy": LANDER_CSP,
  };
  if (c.req.method === "HEAD") return c.body(null, 200, headers);
  const file = await Deno.open(target.abs, { read: true });
  return c.body(file.readable, 200, headers);
}
