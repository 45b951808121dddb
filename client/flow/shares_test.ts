import assert from "node:assert/strict";
import fc from "fast-check";
import { formatShare, percentShares } from "./shares.ts";

Deno.test("shares: weights read as percentages of their enabled siblings", async (t) => {
  await t.step("plain weights", () => {
    assert.deepEqual(percentShares([100, 100]), [50, 50]);
    assert.deepEqual(percentShares([1, 2, 1]), [25, 50, 25]);
    assert.deepEqual(percentShares([1, 1, 1]), [33.3, 33.3, 33.3]);
  });
  await t.step("disabled and zero-weight items take no share", () => {
    assert.deepEqual(percentShares([100, 300, 50], [true, true, false]), [25, 75, 0]);
    assert.deepEqual(percentShares([0, 10]), [0, 100]);
  });
  await t.step("a zero total gives zeros, not NaN", () => {
    assert.deepEqual(percentShares([0, 0]), [0, 0]);
    assert.deepEqual(percentShares([]), []);
  });
  await t.step("shares print without a needless decimal", () => {
    assert.equal(formatShare(50), "50%");
    assert.equal(formatShare(33.3), "33.3%");
  });
});

Deno.test("shares: any positive weights add up to 100% within rounding", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 50 }),
      (ws) => {
        const total = percentShares(ws).reduce((a, b) => a + b, 0);
        assert.ok(Math.abs(total - 100) <= ws.length * 0.05 + 1e-9, `total ${total}`);
      },
    ),
  );
});
