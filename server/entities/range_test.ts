import assert from "node:assert/strict";
import { dayRange, startOfDay, today } from "./range.ts";

Deno.test("date ranges: days are read in the time zone, across DST changes", () => {
  assert.equal(startOfDay("2024-03-10", "UTC"), Date.parse("2024-03-10T00:00:00Z"));
  assert.equal(startOfDay("2024-03-10", "Asia/Tokyo"), Date.parse("2024-03-09T15:00:00Z"));
  // New York springs forward on 2024-03-10: that day is 23 hours long.
  const range = dayRange({ from: "2024-03-10", to: "2024-03-10", tz: "America/New_York" });
  assert.equal(range.start, Date.parse("2024-03-10T05:00:00Z"));
  assert.equal(range.end, Date.parse("2024-03-11T04:00:00Z"));
  assert.equal(startOfDay("2024-11-03", "America/New_York"), Date.parse("2024-11-03T04:00:00Z"));
});

Deno.test("date ranges: both ends default to today in the time zone", () => {
  const now = Date.parse("2024-05-31T23:30:00Z");
  assert.equal(today("UTC", now), "2024-05-31");
  assert.equal(today("Asia/Tokyo", now), "2024-06-01");
  const range = dayRange({ to: "2024-05-02", tz: "UTC" });
  assert.equal(range.end - range.start, 86_400_000);
});
