import assert from "node:assert/strict";
import { OfferInput } from "../../contracts/offer.ts";
import { CampaignInput } from "../../contracts/campaign.ts";
import { z } from "zod";
import { initialValues, isRequired, pickInput } from "./form_state.ts";

Deno.test("form state: required markers come from the contract, not from the form", () => {
  assert.equal(isRequired(OfferInput, "name"), true);
  assert.equal(isRequired(OfferInput, "url"), true);
  assert.equal(isRequired(OfferInput, "payout"), false, "defaults to 0");
  assert.equal(isRequired(OfferInput, "affiliateNetworkId"), false, "nullable");
  assert.equal(isRequired(CampaignInput, "destination"), true);
  assert.equal(isRequired(OfferInput, "no.such.path"), false);
  const edit = z.object({ password: z.union([z.literal(""), z.string().min(12)]) });
  assert.equal(isRequired(edit, "password"), false, "may be left empty");
});

Deno.test("form state: a create form starts from the contract's defaults", () => {
  const values = initialValues(OfferInput, { name: "", url: "" });
  assert.equal(values.payoutMode, "fixed");
  assert.equal(values.currency, "USD");
  assert.equal(values.dailyCap, null);
  assert.equal(values.name, "");
});

Deno.test("form state: an entity's answer gives the form only the contract's fields", () => {
  const values = pickInput(OfferInput, {
    id: 1,
    name: "A",
    url: "https://x",
    createdAt: 5,
    stats: {},
  });
  assert.deepEqual(values, { name: "A", url: "https://x" });
});

Deno.test("form state: an array's bound is read from the contract", async () => {
  const { TrafficSourceInput } = await import("../../contracts/traffic_source.ts");
  const { maxItems } = await import("./form_state.ts");
  assert.equal(
    maxItems(TrafficSourceInput.shape.tokens, { param: "t", placeholder: "", name: "" }),
    30,
  );
});
