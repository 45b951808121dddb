/**
 * `/api/openapi.json` and a small self-hosted browser for it at `/api/docs`
 * (no CDN: the page and its script are served from here); declared in
 * `contracts/api/docs.ts`.
 */
import { DOCS_ROUTES } from "../../contracts/api/docs.ts";
import { implement } from "../route.ts";
import { openApiDocument } from "./document.ts";
import { DOCS_HTML, DOCS_SCRIPT } from "./docs_page.ts";

let cached: { version: string; body: string } | undefined;

/** The document, its page and the page's script (mounted at their full paths). */
export const openApiRoutes = [
  implement(DOCS_ROUTES.document, (c) => {
    const version = c.var.deps.version;
    // Generating takes ~30 ms; the contracts cannot change while the process runs.
    if (cached?.version !== version) {
      cached = { version, body: JSON.stringify(openApiDocument(version)) };
    }
    return c.body(cached.body, 200, { "Content-Type": "application/json; charset=utf-8" });
  }),
  implement(DOCS_ROUTES.page, (c) => c.html(DOCS_HTML)),
  implement(
    DOCS_ROUTES.script,
    (c) => c.body(DOCS_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8" }),
  ),
];
