import assert from "node:assert/strict";
import { z } from "zod";
import "./zod_messages.ts";
import { OfferInput } from "./offer.ts";

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => [i.path.join("."), i.message]);

Deno.test("contracts: an empty or fractional number says so in plain words", () => {
  const schema = z.object({ count: z.number().int().min(1), amount: z.number(), text: z.string() });
  const result = schema.safeParse({ count: 1.5, amount: Number.NaN, text: "ok" });
  assert.deepEqual(result.error?.issues.map((i) => [i.path.join("."), i.message]), [
    ["count", "must be a whole number"],
    ["amount", "must be a number"],
  ]);
  // A contract's own words stay.
  const offer = OfferInput.safeParse({ name: "O", url: "https://o.example", dailyCap: 2.5 });
  assert.deepEqual(offer.error?.issues.map((i) => i.message), ["must be a whole number"]);
  assert.equal(
    schema.safeParse({ count: "x", amount: 1, text: "" }).error!.issues[0].message,
    "must be a number",
  );
});

Deno.test("contracts: no zod wording reaches a person (types, sizes, options, unions, formats)", () => {
  const schema = z.object({
    name: z.string().min(1).max(5),
    list: z.array(z.number()).max(1),
    order: z.enum(["asc", "desc"]),
    id: z.number().int().positive(),
    big: z.number().int(),
    url: z.union([z.literal(""), z.url()]),
    kind: z.discriminatedUnion("type", [
      z.object({ type: z.literal("a") }),
      z.object({ type: z.literal("b") }),
    ]),
    code: z.string().regex(/^[a-z]+$/),
    flag: z.boolean(),
  });
  assert.deepEqual(
    messages(schema, {
      name: "",
      list: [1, 2],
      order: "up",
      id: 0,
      big: 9007199254740993,
      url: 5,
      kind: { type: "c" },
      code: "A",
      flag: "yes",
    }),
    [
      ["name", "must not be empty"],
      ["list", "must have at most 1 item"],
      ["order", "must be one of asc, desc"],
      ["id", "must be above 0"],
      ["big", "is too large"],
      ["url", "must be text"],
      ["kind.type", "must be one of a, b"],
      ["code", "is not in the expected form"],
      ["flag", "must be true or false"],
    ],
  );
  assert.deepEqual(messages(schema.pick({ name: true, list: true }), { name: "abcdefg" }), [
    ["name", "must have at most 5 characters"],
    ["list", "is required"],
  ]);
  const texts = JSON.stringify(messages(schema, { name: 1, list: "x", order: [], url: null }));
  assert.doesNotMatch(texts, /Invalid|expected|received|Too (big|small)/);
});
