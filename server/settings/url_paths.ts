/**
 * URL customization: the click, lander-click and postback paths can be given
 * other names. A request on a custom (or previously used) name is answered by
 * the canonical route (`/c`, `/lp/click`, `/postback`), which keeps working
 * too — so links already out in ads never break.
 */
import type { Hono, MiddlewareHandler } from "hono";
import { CANONICAL_PATHS, type SettingsValue } from "../../contracts/settings.ts";
import type { AppEnv } from "../context.ts";
import { changesOf, type Db } from "../db/connection.ts";
import { onSectionWritten, readSection } from "./sections.ts";

type Kind = keyof typeof CANONICAL_PATHS;
type UrlSettings = SettingsValue<"url-customization">;

/** A custom prefix and the canonical one it stands for. */
export type PathAlias = { from: string; to: string };

/** The aliases the settings define, longest first (so `/go/lp` wins over `/go`). */
export function pathAliases(settings: UrlSettings): PathAlias[] {
  const current: Array<[Kind, string]> = [
    ["click", settings.clickPath],
    ["landerClick", settings.landerClickPath],
    ["postback", settings.postbackPath],
  ];
  const list = [...current, ...settings.previous.map((p) => [p.kind, p.path] as [Kind, string])]
    .filter(([kind, path]) => path !== CANONICAL_PATHS[kind])
    .map(([kind, path]) => ({ from: path, to: CANONICAL_PATHS[kind] }));
  const seen = new Set<string>();
  return list.filter((a) => !seen.has(a.from) && seen.add(a.from))
    .sort((a, b) => b.from.length - a.from.length);
}

/** The canonical path for `path`, or undefined when no alias covers it. */
export function rewritePath(aliases: readonly PathAlias[], path: string): string | undefined {
  for (const { from, to } of aliases) {
    if (path === from || path.startsWith(`${from}/`)) return to + path.slice(from.length);
  }
  return undefined;
}

/**
 * The settings after a change: paths given up join `previous`, so their links
 * keep working; a path taken back leaves it.
 */
export function withPrevious(before: UrlSettings, after: UrlSettings): UrlSettings {
  const given: UrlSettings["previous"] = [];
  const pairs: Array<[Kind, string, string]> = [
    ["click", before.clickPath, after.clickPath],
    ["landerClick", before.landerClickPath, after.landerClickPath],
    ["postback", before.postbackPath, after.postbackPath],
  ];
  for (const [kind, old, now] of pairs) {
    if (old !== now && old !== CANONICAL_PATHS[kind]) given.push({ kind, path: old });
  }
  const inUse = new Set([after.clickPath, after.landerClickPath, after.postbackPath]);
  const previous = [...given, ...before.previous]
    .filter((p, i, all) => !inUse.has(p.path) && all.findIndex((q) => q.path === p.path) === i)
    .slice(0, 30);
  return { ...after, previous };
}

/** Cached aliases per database; a settings write drops the cache. */
const cache = new WeakMap<Db, { aliases: PathAlias[]; at: number }>();
/** How long a cached copy is trusted when another process (the CLI) could write. */
const CACHE_MS = 5000;
const generations = new WeakMap<Db, number>();
let cacheGeneration = 0;
onSectionWritten((section) => {
  if (section === "url-customization") cacheGeneration++;
});

/** PostgreSQL: the feeds whose notified writes of this section drop the cached copy at once. */
const watched = new WeakSet<object>();

function aliasesFor(db: Db): PathAlias[] {
  const feed = changesOf(db);
  if (feed) {
    if (!watched.has(feed)) {
      watched.add(feed);
      feed.onChange((table, key) => {
        if (table === "*" || (table === "settings" && key === "settings.url-customization")) {
          cache.delete(db);
        }
      });
    }
    feed.poll();
  }
  const hit = cache.get(db);
  const now = Date.now();
  if (hit && now - hit.at < CACHE_MS && generations.get(db) === cacheGeneration) {
    return hit.aliases;
  }
  const aliases = pathAliases(readSection(db, "url-customization"));
  cache.set(db, { aliases, at: now });
  generations.set(db, cacheGeneration);
  return aliases;
}

/**
 * Middleware: a request on a custom tracking path is passed to `app` again
 * under its canonical path (same method, headers and body).
 */
export function customTrackingPaths(app: Hono<AppEnv>): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const path = c.req.path;
    if (path.startsWith("/api/") || path.startsWith("/panel")) return next();
    const aliases = aliasesFor(c.var.deps.db);
    if (aliases.length === 0) return next();
    const canonical = rewritePath(aliases, path);
    if (!canonical) return next();
    const url = new URL(c.req.url);
    url.pathname = canonical;
    // The parts named, not the request as init: node:http's Request cannot take one whose
    // body is a stream (a POST postback answered 500 on a custom path).
    const raw = c.req.raw;
    const init: RequestInit & { duplex?: "half" } = {
      method: raw.method,
      headers: raw.headers,
      signal: raw.signal,
    };
    if (raw.body) Object.assign(init, { body: raw.body, duplex: "half" });
    return Promise.resolve(app.fetch(new Request(url, init), c.env));
  };
}
