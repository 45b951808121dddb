import { TRAFFIC_SOURCE_ROUTES } from "../../contracts/api/entities.ts";
import assert from "node:assert/strict";
import { TrafficSourceInput } from "../../contracts/traffic_source.ts";
import { isRequired } from "../../client/ui/form_state.ts";
import { adminApi, errorOf } from "../entities/testing.ts";

Deno.test("traffic source: the fields the form marks required are required by the API", async (t) => {
  const { api } = await adminApi();
  const count = async () => (await api.call(TRAFFIC_SOURCE_ROUTES.list, {})).items.length;
  await t.step("the form's markers: name and the click id parameter, nothing else", () => {
    const marked = [
      "name",
      "externalIdParam.param",
      "externalIdParam.placeholder",
      "costParam.param",
      "costParam.placeholder",
      "postbackUrl",
    ].filter((p) => isRequired(TrafficSourceInput, p));
    assert.deepEqual(marked, ["name", "externalIdParam.param"]);
  });
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["only a name", { name: "S" }, "externalIdParam"],
    ["an empty click id parameter", {
      name: "S",
      externalIdParam: { param: "", placeholder: "{x}" },
    }, "externalIdParam.param"],
    ["a cost placeholder without its parameter", {
      name: "S",
      externalIdParam: { param: "subid" },
      costParam: { param: "", placeholder: "{cost}" },
    }, "costParam.param"],
    ["a token without its parameter", {
      name: "S",
      externalIdParam: { param: "subid" },
      tokens: [{ param: "", placeholder: "{zone}", name: "Zone" }],
    }, "tokens.0.param"],
  ];
  for (const [what, body, path] of cases) {
    await t.step(`${what} → 400 on ${path}, nothing saved`, async () => {
      const res = await api.post("/api/traffic-sources", body);
      assert.equal(res.status, 400);
      const issues = errorOf(res).issues ?? [];
      assert.ok(issues.some((i) => i.path === path), JSON.stringify(issues));
      assert.equal(await count(), 0);
    });
  }
  await t.step(
    "a click id parameter is enough (fbclid-style sources need no placeholder)",
    async () => {
      const res = await api.post("/api/traffic-sources", {
        name: "Facebook",
        externalIdParam: { param: "fbclid" },
      });
      assert.equal(res.status, 201);
      assert.deepEqual(res.body.externalIdParam, { param: "fbclid", placeholder: "" });
    },
  );
});
