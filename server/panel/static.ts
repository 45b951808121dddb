/**
 * Serves the built panel under `/panel/`: files from the build folder, hashed
 * assets cached for a year, everything else falls back to `index.html`
 * (never cached) so client routes load on refresh. Text files go out precompressed (the
 * build's `.br` / `.gz` twins) when the browser accepts it, with `Vary: Accept-Encoding`.
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

/** The encodings the build writes, best first, with their file suffix. */
const ENCODINGS = [["br", ".br"], ["gzip", ".gz"]] as const;

/** The `Accept-Encoding` q-value of `name` (0 when absent or refused; `*` counts). */
export function acceptedQuality(header: string | undefined, name: string): number {
  let wildcard = 0;
  for (const part of (header ?? "").split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = q === undefined ? 1 : Number(q.slice(2));
    const quality = Number.isFinite(value) ? value : 0;
    if (token === name) return quality;
    if (token === "*") wildcard = quality;
  }
  return wildcard;
}

/** The file's body and encoding: a precompressed twin when accepted and present. */
async function readEncoded(
  root: string,
  relative: string,
  accept: string | undefined,
): Promise<{ body: Uint8Array; encoding?: string } | undefined> {
  const ranked = ENCODINGS.map(([name, suffix]) => ({
    name,
    suffix,
    q: acceptedQuality(accept, name),
  })).filter((e) => e.q > 0).sort((a, b) => b.q - a.q);
  for (const { name, suffix } of ranked) {
    const body = await readInside(root, relative + suffix);
    if (body) return { body, encoding: name };
  }
  const body = await readInside(root, relative);
  return body ? { body } : undefined;
}

/** Headers of a file answer: its type, caching, and the encoding it went out in. */
function fileHeaders(relative: string, cache: string, encoding?: string): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": TYPES[extname(relative)] ?? "application/octet-stream",
    "Cache-Control": cache,
    "Vary": "Accept-Encoding",
  };
  if (encoding) headers["Content-Encoding"] = encoding;
  return headers;
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

/** Files of one part of `preload.json` (client/preload_map.ts). */
interface PreloadFiles {
  scripts: string[];
  styles: string[];
}

interface PreloadMap {
  entry: PreloadFiles;
  signedIn: PreloadFiles;
  screens: Record<string, PreloadFiles>;
}

function isFiles(value: unknown): value is PreloadFiles {
  const files = value as PreloadFiles | undefined;
  return Array.isArray(files?.scripts) && Array.isArray(files?.styles);
}

/** The build's `preload.json`, or undefined when absent (an older build) or malformed. */
async function readPreloadMap(root: string): Promise<PreloadMap | undefined> {
  const body = await readInside(root, "preload.json");
  if (!body) return undefined;
  try {
    const map = JSON.parse(new TextDecoder().decode(body)) as PreloadMap;
    const screens = Object.values(map.screens ?? {});
    return isFiles(map.entry) && isFiles(map.signedIn) && screens.every(isFiles) ? map : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `Link` header of a signed-in page load: the entry's, the frame's and the screen's files
 * and the two calls of the session check, so the browser fetches them all at once rather than
 * each after the code that asks for it has run. Signed-out visitors get none: they go to
 * sign-in, which needs none of it.
 */
export async function preloadLinks(
  root: string,
  relative: string,
  userId: number,
): Promise<string | undefined> {
  const map = await readPreloadMap(root);
  if (!map) return undefined;
  // Signed in, sign-in goes on to campaigns; a path that is no screen goes to /404 (unguarded).
  const first = relative.split("/")[0];
  const screen = map.screens[first === "login" ? "campaigns" : first];
  if (!screen) return undefined;
  const parts = [map.entry, map.signedIn, screen];
  const links = [
    ...parts.flatMap((p) => p.styles).map((file) =>
      `</panel/${file}>; rel=preload; as=style; crossorigin`
    ),
    ...parts.flatMap((p) => p.scripts).map((file) => `</panel/${file}>; rel=modulepreload`),
    `</api/user/role>; rel=preload; as=fetch; crossorigin`,
    `</api/user/${userId}/hide_profit>; rel=preload; as=fetch; crossorigin`,
  ];
  return links.length ? links.join(", ") : undefined;
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
  const accept = c.req.header("Accept-Encoding");
  const file = relative ? await readEncoded(root, relative, accept) : undefined;
  if (file) {
    const cache = relative.startsWith("assets/") ? IMMUTABLE : "no-cache";
    return c.body(file.body.slice().buffer, 200, fileHeaders(relative, cache, file.encoding));
  }
  if (relative.startsWith("assets/")) return c.text("Not found", 404);
  const index = await readEncoded(root, "index.html", accept);
  if (!index) return c.text("The panel is not built: run `deno task build`.", 503);
  await signInBySecret(c);
  const headers = fileHeaders("index.html", "no-store", index.encoding);
  const links = c.var.user ? await preloadLinks(root, relative, c.var.user.id) : undefined;
  if (links) headers["Link"] = links;
  return c.body(index.body.slice().buffer, 200, headers);
}

/**
 * `GET /rt.js` (decision 164): the direct-tracking script the build writes beside the panel. Its address is pasted into
 * landers and never changes, so it is cached for an hour, not for a year.
 */
export async function serveDirectScript(c: Context<AppEnv>): Promise<Response> {
  const root = normalize(c.var.deps.panelDir);
  const file = await readEncoded(root, "rt.js", c.req.header("Accept-Encoding"));
  if (!file) return c.text("The script is not built: run `deno task build`.", 503);
  const headers = fileHeaders("rt.js", "public, max-age=3600", file.encoding);
  return c.body(file.body.slice().buffer, 200, headers);
}
