import assert from "node:assert/strict";
import { evaluateFormula, FormulaError, formulaRefs, parseFormula } from "./formula.ts";

const NAMES = new Set(["clicks", "revenue", "cost", "sales", "leads"]);
const run = (src: string, values: Record<string, number> = {}) =>
  evaluateFormula(parseFormula(src, NAMES), values);

Deno.test("formula: + − × ÷ with precedence and parentheses", () => {
  assert.equal(run("1 + 2 * 3"), 7);
  assert.equal(run("(1 + 2) * 3"), 9);
  assert.equal(run("10 − 4 ÷ 2"), 8);
  assert.equal(run("2 × -3"), -6);
  assert.equal(run("8 / 2 / 2"), 2);
  assert.equal(run("revenue / clicks", { revenue: 12.5, clicks: 5 }), 2.5);
});

Deno.test("formula: division by zero gives 0, like every report ratio", () => {
  assert.equal(run("revenue / clicks", { revenue: 3, clicks: 0 }), 0);
});

Deno.test("formula: bad input is refused with a position, never evaluated", async (t) => {
  for (
    const bad of ["", "clicks +", "(clicks", "clicks)", "alert(1)", "clicks; 1", "1 ** 2", "profit"]
  ) {
    await t.step(JSON.stringify(bad), () => {
      assert.throws(() => parseFormula(bad, NAMES), FormulaError);
    });
  }
  assert.throws(() => parseFormula("(".repeat(30) + "1" + ")".repeat(30), NAMES), /nested/);
});

Deno.test("formula: the metrics a formula reads are known (to hide profit-based ones)", () => {
  assert.deepEqual([...formulaRefs(parseFormula("(sales + leads) / clicks", NAMES))], [
    "sales",
    "leads",
    "clicks",
  ]);
});
