import assert from "node:assert/strict";
import { hasNoValue } from "./format.ts";

Deno.test("report figures: CPA without conversions and ROI without cost have no value", () => {
  const row = { clicks: 10, conversions: 0, cost: 0, revenue: 5, profit: 5, roi: 0, cpa: 0 };
  assert.equal(hasNoValue("cpa", row), true);
  assert.equal(hasNoValue("roi", row), true);
  assert.equal(hasNoValue("cpc", row), false);
  assert.equal(hasNoValue("cpc", { ...row, clicks: 0 }), true);
  assert.equal(hasNoValue("cr", row), false);
  assert.equal(hasNoValue("revenue", row), false);
  assert.equal(hasNoValue("cpa", { ...row, conversions: 2, cost: 4 }), false);
  assert.equal(hasNoValue("roi", { ...row, cost: 4 }), false);
});
