import assert from "node:assert/strict";
import { z } from "zod";
import "./zod_messages.ts";
import { OfferInput } from "./offer.ts";

Deno.test("contracts: an empty or fractional number says so in plain words", () => {
  const schema = z.object({ count: z.number().int().min(1), amount: z.number(), text: z.string() });
  const result = schema.safeParse({ count: 1.5, amount: Number.NaN, text: "ok" });
  assert.deepEqual(result.error?.issues.map((i) => [i.path.join("."), i.message]), [
    ["count", "must be a whole number"],
    ["amount", "must be a number"],
  ]);
  // A contract's own words stay; other type issues keep zod's.
  const offer = OfferInput.safeParse({ name: "O", url: "https://o.example", dailyCap: 2.5 });
  assert.deepEqual(offer.error?.issues.map((i) => i.message), ["must be a whole number"]);
  assert.match(
    schema.safeParse({ count: "x", amount: 1, text: "" }).error!.issues[0].message,
    /expected number/,
  );
});
