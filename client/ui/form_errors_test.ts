import assert from "node:assert/strict";
import { OfferInput } from "../../contracts/offer.ts";
import { Flow } from "../../contracts/flow.ts";
import { checkWith, errorsUnder, issuesToErrors, pathLabel } from "./form_errors.ts";
import { getIn, setIn } from "./form_values.ts";

Deno.test("form errors: the contract's own messages land on their fields", () => {
  const result = checkWith(OfferInput, { name: "", url: "ftp://x", payout: -1 });
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.equal(result.errors.name, "must not be empty");
  assert.equal(result.errors.url, "must be an http(s) URL; {macros} are allowed");
  assert.equal(result.errors.payout, "must be 0 or more");
});

Deno.test("form errors: nested flow issues keep their dotted paths", () => {
  const result = checkWith(Flow, { rules: [], defaultPaths: [{ offers: [], direct: true }] });
  assert.equal(result.ok, false);
  if (result.ok) return;
  assert.equal(result.errors["defaultPaths.0.offers"], "a path needs at least one offer");
  assert.deepEqual(Object.keys(errorsUnder(result.errors, "defaultPaths.0")), [
    "defaultPaths.0.offers",
  ]);
  assert.equal(pathLabel("rules.0.paths.1.offers"), "Rule 1 › Path 2 › Offers");
  assert.equal(
    pathLabel("destination.flow.defaultPaths.1.landings"),
    "Default path 2 › Landers",
  );
  assert.equal(
    pathLabel("destination.flow.rules.2.criteria.0.values"),
    "Rule 3 › Condition 1 › Values",
  );
  assert.equal(pathLabel("costValue"), "Cost value");
  assert.equal(pathLabel("tokens.3"), "Token 4");
  assert.equal(pathLabel("destination"), "Destination");
});

Deno.test("form errors: server issues map by path, first message wins, prefix dropped", () => {
  const errors = issuesToErrors([
    { path: "destination.flow.rules.0.paths", message: "needs a path" },
    { path: "destination.flow.rules.0.paths", message: "second" },
    { path: "name", message: "is taken" },
  ], "destination.flow");
  assert.deepEqual(errors, { "rules.0.paths": "needs a path", name: "is taken" });
});

Deno.test("form values: nested reads and copy-on-write", () => {
  const start = { a: { list: [{ x: 1 }] } };
  const next = setIn(start, "a.list.0.x", 2);
  assert.equal(getIn(next, "a.list.0.x"), 2);
  assert.equal(getIn(start, "a.list.0.x"), 1, "the original is untouched");
  assert.deepEqual(setIn({}, "b.0.c", "v"), { b: [{ c: "v" }] });
  assert.equal(getIn(start, "a.missing.deep"), undefined);
});
