/**
 * Serves the built panel under `/panel/`: files from the build folder, hashed
 * assets cached for a year, everything else falls back to `index.html`
 * (never cached) so client routes load on refresh.
 */
import type { Context } from "hono";
import { extname, join, normalize, sep } from "node:path";
import type { AppEnv } from "../context.ts";
import { startBrowserSession } from "../auth/session_cookie.ts";
import { findUserBySecret } from "../auth/secret.ts";
import { logEvent } from "../log.ts";
import { clientIp } from "../net.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Reads a file under `root`, or undefined when absent, a folder, or outside `root`. */
async function readInside(root: string, relative: string): Promise<Uint8Array | undefined> {
  if (relative.includes("\0")) return undefined;
  const path = normalize(join(root, relative));
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  try {
    const info = await Deno.stat(path);
    return info.isFile ? await Deno.readFile(path) : undefined;
  } catch {
    return undefined;
  }
}

/** Exchanges a valid `?auth=` secret for a session when the browser has none. */
async function signInBySecret(c: Context<AppEnv>): Promise<void> {
  const secret = c.req.query("auth");
  if (!secret || c.var.user) return;
  const user = await findUserBySecret(c.var.deps.db, secret);
  if (!user) return;
  await startBrowserSession(c, user.id);
  logEvent("info", "sign_in", {
    outcome: "success",
    method: "auth_secret",
    userId: user.id,
    ip: clientIp(c),
  });
}

/** The `/panel/*` handler. */
export async function servePanel(c: Context<AppEnv>): Promise<Response> {
  const root = normalize(c.var.deps.panelDir);
  let relative: string;
  try {
    relative = decodeURIComponent(c.req.path.replace(/^\/panel\/?/, ""));
  } catch {
    relative = "";
  }
  const file = relative ? await readInside(root, relative) : undefined;
  if (file) {
    const cache = relative.startsWith("assets/") ? IMMUTABLE : "no-cache";
    return c.body(file.slice().buffer, 200, {
      "Content-Type": TYPES[extname(relative)] ?? "application/octet-stream",
      "Cache-Control": cache,
    });
  }
  if (relative.startsWith("assets/")) return c.text("Not found", 404);
  const index = await readInside(root, "index.html");
  if (!index) return c.text("The panel is not built: run `deno task build`.", 503);
  await signInBySecret(c);
  return c.body(index.slice().buffer, 200, {
    "Content-Type": TYPES[".html"],
    "Cache-Control": "no-store",
  });
}
