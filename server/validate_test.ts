import assert from "node:assert/strict";
import { adminApi, errorOf } from "./entities/testing.ts";

Deno.test("validation: a refused input is named in plain words, never in zod's", async (t) => {
  const { api } = await adminApi();
  const cases: Array<[string, () => ReturnType<typeof api.get>, string]> = [
    ["a query option", () => api.get("/api/offers?order=up"), "order: must be one of asc, desc"],
    [
      "a query key given twice",
      () => api.get("/api/offers?from=2026-01-01&from=2026-01-02"),
      "from: must be one value (text), not a list",
    ],
    ["an id of 0", () => api.get("/api/offers?groupId=0"), "groupId: must be above 0"],
    [
      "a missing field",
      () => api.post("/api/offers", { url: "https://o.example" }),
      "name: is required",
    ],
    [
      "a number for text",
      () => api.post("/api/offers", { name: 5, url: "https://o.example" }),
      "name: must be text",
    ],
    [
      "a number for an optional URL",
      () => api.patch("/api/traffic-sources/mass", { ids: [1], patch: { postbackUrl: 5 } }),
      "patch.postbackUrl: must be text",
    ],
    [
      "text for true or false",
      () => api.post("/api/offers", { name: "O", url: "https://o.example", upsell: "yes" }),
      "upsell: must be true or false",
    ],
    [
      "too long a name",
      () => api.post("/api/offers", { name: "x".repeat(300), url: "https://o.example" }),
      "name: must have at most 255 characters",
    ],
    [
      "a click API key of the wrong form",
      () => api.post("/api/click-api/v1", { key: "!", ip: "1.2.3.4", userAgent: "x" }),
      "key: is not in the expected form",
    ],
  ];
  for (const [name, send, message] of cases) {
    await t.step(name, async () => {
      const res = await send();
      assert.equal(res.status, 400, JSON.stringify(res.body));
      const error = errorOf(res);
      assert.equal(error.message, message);
      for (const issue of error.issues ?? []) {
        assert.doesNotMatch(
          issue.message,
          /Invalid|received|Too (big|small)|pattern|expected (one of|\w+ to)/,
        );
      }
    });
  }
});
