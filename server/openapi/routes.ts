/**
 * `/api/openapi.json` and a small self-hosted browser for it at `/api/docs`
 * (no CDN: the page and its script are served from here). Mounted at `/api`.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { openApiDocument } from "./document.ts";
import { DOCS_HTML, DOCS_SCRIPT } from "./docs_page.ts";

let cached: { version: string; body: string } | undefined;

export const openApiRoutes = new Hono<AppEnv>()
  .get("/openapi.json", (c) => {
    const version = c.var.deps.version;
    // Generating takes ~30 ms; the contracts cannot change while the process runs.
    if (cached?.version !== version) {
      cached = { version, body: JSON.stringify(openApiDocument(version)) };
    }
    return c.body(cached.body, 200, { "Content-Type": "application/json; charset=utf-8" });
  })
  .get("/docs", (c) => c.html(DOCS_HTML))
  .get(
    "/docs/docs.js",
    (c) => c.body(DOCS_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8" }),
  );
