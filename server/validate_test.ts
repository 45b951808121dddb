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

Deno.test("validation: a currency code no currency has (a typo like EUO, or ZZZ) is refused and changes nothing", async (t) => {
  const { api } = await adminApi();
  const offer = await api.post("/api/offers", { name: "O", url: "https://o.example" });
  assert.equal(offer.status, 201, JSON.stringify(offer.body));
  const id = (offer.body as { id: number }).id;
  const cases: Array<[string, () => ReturnType<typeof api.get>, string]> = [
    [
      "an offer's payout currency",
      () => api.patch(`/api/offers/${id}`, { currency: "EUO" }),
      "currency: EUO is not a currency code (ISO 4217) like USD or EUR",
    ],
    [
      "a campaign's cost currency",
      () =>
        api.post("/api/campaigns", {
          name: "C",
          costCurrency: "ZZZ",
          destination: { type: "url", url: "https://o.example" },
        }),
      "costCurrency: ZZZ is not a currency code (ISO 4217) like USD or EUR",
    ],
    [
      "a mass edit",
      () => api.patch("/api/offers/mass", { ids: [id], patch: { currency: "ABC" } }),
      "patch.currency: ABC is not a currency code (ISO 4217) like USD or EUR",
    ],
    [
      "the reports' currency",
      () => api.put("/api/settings/stats", { timezone: "UTC", currency: "ZZZ" }),
      "currency: ZZZ is not a currency code (ISO 4217) like USD or EUR",
    ],
    [
      "a rate typed in lower case",
      () => api.put("/api/currency-rates", { currency: "usx", day: "2026-11-20", perEur: 2 }),
      "currency: USX is not a currency code (ISO 4217) like USD or EUR",
    ],
  ];
  for (const [name, send, message] of cases) {
    await t.step(name, async () => {
      const res = await send();
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(errorOf(res).message, message);
    });
  }
  await t.step("nothing was saved; real codes still are", async () => {
    assert.equal((await api.get(`/api/offers/${id}`)).body.currency, "USD");
    assert.equal((await api.get("/api/settings/stats")).body.currency, "USD");
    assert.equal((await api.get("/api/campaigns")).body.total, 0);
    const kzt = await api.patch(`/api/offers/${id}`, { currency: "KZT" });
    assert.equal(kzt.status, 200, JSON.stringify(kzt.body));
    assert.equal(kzt.body.currency, "KZT");
    const rate = await api.put("/api/currency-rates", {
      currency: "kzt",
      day: "2026-11-20",
      perEur: 600,
    });
    assert.equal(rate.status, 200, JSON.stringify(rate.body));
  });
});
