import assert from "node:assert/strict";
import { testApp } from "../../tests/helpers/api.ts";
import { SETTINGS_SCHEMAS } from "../../contracts/settings.ts";

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
