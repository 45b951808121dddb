import assert from "node:assert/strict";
import { Criterion, Flow, OPS_BY_FIELD } from "../../contracts/flow.ts";
import { root, toPlace, within } from "../ui/field_path.ts";
import {
  CRITERION_FIELDS,
  move,
  newCriterion,
  newFlow,
  parseValues,
  withField,
  withOp,
} from "./flow_model.ts";

Deno.test("flow model: switching a field keeps only operators the field allows", () => {
  const c = { field: "userAgent" as const, op: "regex" as const, values: ["bot"] };
  const country = withField(c, "country");
  assert.equal(country.op, "is", "regex does not apply to country");
  assert.deepEqual(country.values, ["bot"]);
  const model = withField(c, "model");
  assert.equal(model.op, "regex", "model allows regex, so it stays");
  assert.equal(withField(c, "token").key, "t1");
  assert.equal(withField(c, "param").key, "");
  assert.equal("key" in withField({ ...c, field: "token", key: "t3" }, "os"), false);
  assert.deepEqual(withField(c, "isBot").values, ["true"]);
});

Deno.test("flow model: every field's new criterion uses an allowed operator", () => {
  for (const field of CRITERION_FIELDS) {
    const c = newCriterion(field);
    assert.ok(OPS_BY_FIELD[field].includes(c.op), field);
  }
});

Deno.test("flow model: 'between' takes two values; leaving it keeps the filled ones", () => {
  const c = { field: "hour" as const, op: "is" as const, values: ["9"] };
  const between = withOp(c, "between");
  assert.deepEqual(between.values, ["9", ""]);
  assert.deepEqual(withOp({ ...between, values: ["9", ""] }, "is").values, ["9"]);
  assert.equal(Criterion.safeParse({ ...between, values: ["9", "17"] }).success, true);
});

Deno.test("flow model: reordering, values text and paths", () => {
  assert.deepEqual(move(["a", "b", "c"], 0, 1), ["b", "a", "c"]);
  assert.deepEqual(move(["a", "b", "c"], 2, 1), ["a", "b", "c"], "the last stays last");
  assert.deepEqual(move(["a", "b", "c"], 2, -1), ["a", "c", "b"]);
  assert.deepEqual(parseValues(" US, ,DE ,"), ["US", "DE"]);
  assert.equal(within(root<Flow>(), "rules.0.paths"), "rules.0.paths");
  const inCampaign = toPlace<Flow>("destination.flow");
  assert.equal(within(inCampaign, "defaultPaths.1"), "destination.flow.defaultPaths.1");
});

Deno.test("flow model: a new flow needs its default path's offer before it is valid", () => {
  const flow = newFlow();
  const result = Flow.safeParse(flow);
  assert.equal(result.success, false);
  flow.defaultPaths[0] = {
    ...flow.defaultPaths[0],
    direct: true,
    offers: [{ offerId: 1, weight: 100 }],
  };
  assert.equal(Flow.safeParse(flow).success, true);
});
