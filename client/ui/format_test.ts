import assert from "node:assert/strict";
import { formatCount, formatMoney, formatPercent, formatStamp, toneOf } from "./format.ts";

Deno.test("format: counts, money and percentages read like a tracker's table", () => {
  assert.equal(formatCount(12345), "12,345");
  assert.equal(formatMoney(1234.5), "1,234.50");
  assert.equal(formatMoney(0.0005), "0.0005");
  assert.equal(formatMoney(-3), "-3.00");
  assert.equal(formatPercent(12.5), "12.50%");
  assert.equal(formatStamp(Date.UTC(2024, 4, 31, 14, 2), "UTC"), "2024-05-31 14:02");
});

Deno.test("format: profit tone is positive, negative, or neutral when zero or hidden", () => {
  assert.equal(toneOf(1), "positive");
  assert.equal(toneOf(-0.01), "negative");
  assert.equal(toneOf(0), "neutral");
  assert.equal(toneOf(undefined), "neutral");
});
