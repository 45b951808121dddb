import assert from "node:assert/strict";
import fc from "fast-check";
import { OfferInput } from "../../contracts/offer.ts";
import { buildAffiliateNetwork, buildOffer } from "../../fixtures/builders.ts";
import { adminApi, assertRoundTrip, idOf } from "../entities/testing.ts";

/** Valid-looking offer inputs; the contract decides which ones are valid. */
const offerInputs = fc.record({
  name: fc.string({ minLength: 1, maxLength: 255 }),
  url: fc.tuple(fc.webUrl({ withQueryParameters: true }), fc.constantFrom("", "{clickid}", "{t1}"))
    .map(([url, macro]) => `${url}${url.includes("?") ? "&" : "?"}s=${macro}`),
  payoutMode: fc.constantFrom("fixed", "auto"),
  payout: fc.integer({ min: 0, max: 1e13 }).map((n) => n / 1e4),
  currency: fc.constantFrom("USD", "EUR", "RUB"),
  country: fc.constantFrom("", "US", "DE"),
  upsell: fc.boolean(),
  dailyCap: fc.option(fc.integer({ min: 1, max: 1e9 })),
  notes: fc.string({ maxLength: 200 }),
});

Deno.test("offers: any valid offer round-trips through create and get unchanged", async () => {
  const { api } = await adminApi();
  await fc.assert(
    fc.asyncProperty(
      offerInputs,
      (raw) => assertRoundTrip(api, "/api/offers", { input: OfferInput, raw }),
    ),
    { numRuns: 60 },
  );
});

Deno.test("offers: payouts keep 4 decimals exactly, and a fifth is refused", async () => {
  const { api } = await adminApi();
  for (const payout of [0.0001, 0.1, 1.2345, 999_999_999.9999]) {
    const res = await api.post("/api/offers", buildOffer({ payout }));
    assert.equal((await api.get(`/api/offers/${idOf(res)}`)).body.payout, payout);
  }
  assert.equal((await api.post("/api/offers", buildOffer({ payout: 0.00001 }))).status, 400);
});

Deno.test("offers: a cap fallback must be another live offer", async () => {
  const { api } = await adminApi();
  const network = idOf(await api.post("/api/affiliate-networks", buildAffiliateNetwork()));
  const id = idOf(await api.post("/api/offers", buildOffer({ affiliateNetworkId: network })));
  const self = await api.patch(`/api/offers/${id}`, { dailyCap: 10, capFallbackOfferId: id });
  assert.equal(self.status, 400);
  const other = idOf(await api.post("/api/offers", buildOffer({ name: "Fallback" })));
  const ok = await api.patch(`/api/offers/${id}`, { dailyCap: 10, capFallbackOfferId: other });
  assert.equal(ok.status, 200);
  assert.equal((await api.del(`/api/offers/${other}`)).status, 409);
});
