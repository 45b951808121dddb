import assert from "node:assert/strict";
import { ZERO_STATS } from "../../contracts/stats.ts";
import { totalStats } from "./stats_totals.ts";

Deno.test("totals: counts and money add up exactly, ratios come from the sums", () => {
  const a = { ...ZERO_STATS, clicks: 100, conversions: 1, cost: 0.1, revenue: 0.2 };
  const b = { ...ZERO_STATS, clicks: 300, conversions: 5, cost: 0.2, revenue: 0.1 };
  const t = totalStats([a, b, undefined]);
  assert.equal(t.clicks, 400);
  assert.equal(t.cost, 0.3, "0.1 + 0.2 is 0.3 here");
  assert.equal(t.revenue, 0.3);
  assert.equal(t.profit, 0);
  assert.equal(t.cr, 1.5);
  assert.equal(t.epc, 0.0008);
  assert.equal(t.roi, 0);
});

Deno.test("totals: zero clicks or cost give zero ratios; hidden profit stays hidden", () => {
  assert.deepEqual(totalStats([]), ZERO_STATS);
  const { revenue: _r, profit: _p, roi: _o, epc: _e, ...hiddenStats } = ZERO_STATS;
  const t = totalStats([{ ...hiddenStats, clicks: 10, cost: 1 }]);
  assert.equal("profit" in t, false);
  assert.equal("revenue" in t, false);
  assert.equal(t.cost, 1);
});
