import assert from "node:assert/strict";
import { testApp } from "../../tests/helpers/api.ts";
import { SETTINGS_SCHEMAS } from "../../contracts/settings.ts";
import { createApp } from "../app.ts";
import { openApiDocument } from "./document.ts";
import { OpenApiDocument } from "../../contracts/api/docs.ts";

/**
 * `METHOD /api/x/{id}` for every `/api/*` route the app mounts (not the
 * catch-all 404), and the Keitaro-shaped `/admin_api/*` calls.
 */
function mountedApiRoutes(): string[] {
  const app = createApp(testApp().deps);
  const found = new Set<string>();
  for (const route of app.routes) {
    const api = route.path.startsWith("/api/") || route.path.startsWith("/admin_api/");
    if (!api || route.method === "ALL") continue;
    if (route.path.includes("*")) continue; // middleware patterns, not calls
    const path = route.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}").replace(/\/$/, "");
    found.add(`${route.method.toLowerCase()} ${path}`);
  }
  return [...found].sort();
}

Deno.test("openapi: the document is generated from the contracts and browsable without a CDN", async (t) => {
  const app = testApp();
  const res = await app.request("/api/openapi.json");
  assert.equal(res.status, 200);
  const doc = await res.json();
  await t.step("it is OpenAPI 3.1 with the Api-Key scheme", () => {
    assert.equal(doc.openapi, "3.1.0");
    assert.deepEqual(doc.components.securitySchemes.apiKey, {
      type: "apiKey",
      in: "header",
      name: "Api-Key",
    });
  });
  await t.step("every settings section has GET and PUT", () => {
    for (const section of Object.keys(SETTINGS_SCHEMAS)) {
      const item = doc.paths[`/api/settings/${section}`];
      assert.ok(item?.get && item?.put, section);
    }
  });
  await t.step("request bodies carry the contract's rules", () => {
    const body = doc.paths["/api/settings/ui"].put.requestBody.content["application/json"].schema;
    assert.deepEqual(body.properties.fontSizeDelta.minimum, -10);
    assert.deepEqual(body.properties.colorScheme.enum, ["default", "legacy", "creative"]);
    const campaign = doc.paths["/api/campaigns"].post.requestBody.content["application/json"]
      .schema;
    assert.ok(campaign.required.includes("name"));
  });
  await t.step("/api/docs is a page with a same-origin script", async () => {
    const page = await app.request("/api/docs");
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<script src="\/api\/docs\/docs.js"><\/script>/);
    assert.doesNotMatch(html, /https?:\/\//, "nothing loaded from elsewhere");
    const script = await app.request("/api/docs/docs.js");
    assert.match(script.headers.get("content-type") ?? "", /javascript/);
    assert.match(await script.text(), /openapi\.json/);
  });
});

Deno.test("openapi: every mounted /api route is in the document, and nothing else", () => {
  const doc = OpenApiDocument.parse(openApiDocument("test"));
  const documented = Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`)).sort();
  const mounted = mountedApiRoutes();
  assert.ok(mounted.length > 100, `found only ${mounted.length} routes`);
  const missing = mounted.filter((r) => !documented.includes(r));
  assert.deepEqual(missing, [], "routes the document leaves out");
  const stale = documented.filter((r) => !mounted.includes(r));
  assert.deepEqual(stale, [], "documented calls no route answers");
});
