import assert from "node:assert/strict";
import fc from "fast-check";
import {
  formatCount,
  formatMoney,
  formatPercent,
  formatPrice,
  formatStamp,
  toneOf,
} from "./format.ts";
import { formatMetric } from "../reports/format.ts";

Deno.test("format: counts and percentages read like a tracker's table", () => {
  assert.equal(formatCount(12345), "12,345");
  assert.equal(formatPercent(12.5), "12.50%");
  assert.equal(formatStamp(Date.UTC(2024, 4, 31, 14, 2), "UTC"), "2024-05-31 14:02");
});

Deno.test("format: amounts print to cents, prices keep up to 4 decimals", async (t) => {
  await t.step("amounts (revenue, cost, profit)", () => {
    assert.equal(formatMoney(1234.5), "1,234.50");
    assert.equal(formatMoney(3.732, "USD"), "$3.73");
    assert.equal(formatMoney(0.2311, "USD"), "$0.23");
    assert.equal(formatMoney(-3), "-3.00");
    assert.equal(formatMoney(-0.001, "USD"), "$0.00", "no negative zero");
    assert.equal(formatMoney(1234.5, "EUR"), "€1,234.50");
  });
  await t.step("prices (EPC, CPC, payout)", () => {
    assert.equal(formatPrice(0.0125, "USD"), "$0.0125");
    assert.equal(formatPrice(0.2311), "0.2311");
    assert.equal(formatPrice(1.5, "USD"), "$1.50");
    assert.equal(formatPrice(0.00004), "0.00");
  });
  await t.step("an unknown currency code follows the figure", () => {
    assert.equal(formatMoney(2.5, "PTS1"), "2.50 PTS1");
  });
  await t.step("any amount has exactly two decimals", () => {
    fc.assert(fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (v) => {
      assert.match(formatMoney(v, "USD"), /^-?\$[\d,]+\.\d\d$/);
      assert.match(formatPrice(v), /^-?[\d,]+\.\d{2,4}$/);
    }));
  });
});

Deno.test("format: report money cells are cents for sums, 4 decimals for ratios", () => {
  assert.equal(formatMetric("cost", 3.732), "$3.73");
  assert.equal(formatMetric("revenue", 0.2311), "$0.23");
  assert.equal(formatMetric("profit", -0.5), "-$0.50");
  assert.equal(formatMetric("epc", 0.2311), "$0.2311");
  assert.equal(formatMetric("cpc", 0.0125), "$0.0125");
  const formulas = [
    { name: "f_rpl", label: "RPL", expr: "revenue / leads", format: "money" as const },
  ];
  assert.equal(formatMetric("f_rpl", 1.23456, formulas), "$1.2346");
});

Deno.test("format: profit tone is positive, negative, or neutral when zero or hidden", () => {
  assert.equal(toneOf(1), "positive");
  assert.equal(toneOf(-0.01), "negative");
  assert.equal(toneOf(0), "neutral");
  assert.equal(toneOf(undefined), "neutral");
});
