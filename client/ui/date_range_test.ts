import assert from "node:assert/strict";
import { memoryStore } from "../app/storage.ts";
import { dayIn, presetRange, rangeLabel, TIME_ZONE_KEY, userTimeZone } from "./date_range.ts";

// 2024-03-01 02:30 UTC: still February 29 in New York, already March 1 in Tokyo.
const NOW = new Date("2024-03-01T02:30:00Z");

Deno.test("date presets: 'today' is the calendar day in the user's time zone", () => {
  assert.equal(dayIn("UTC", NOW), "2024-03-01");
  assert.equal(dayIn("America/New_York", NOW), "2024-02-29");
  assert.equal(dayIn("Asia/Tokyo", NOW), "2024-03-01");
});

Deno.test("date presets: each preset covers the right days", async (t) => {
  const ny = { timeZone: "America/New_York", now: NOW };
  const cases: Array<[Parameters<typeof presetRange>[0], string, string]> = [
    ["today", "2024-02-29", "2024-02-29"],
    ["yesterday", "2024-02-28", "2024-02-28"],
    ["last7", "2024-02-23", "2024-02-29"],
    ["last30", "2024-01-31", "2024-02-29"],
    ["thisMonth", "2024-02-01", "2024-02-29"],
    ["lastMonth", "2024-01-01", "2024-01-31"],
  ];
  for (const [preset, from, to] of cases) {
    await t.step(`${preset} in New York`, () => {
      assert.deepEqual(presetRange(preset, ny), { from, to });
    });
  }
  await t.step("last month across a year end, in Tokyo", () => {
    const jan = { timeZone: "Asia/Tokyo", now: new Date("2024-12-31T20:00:00Z") };
    assert.deepEqual(presetRange("lastMonth", jan), { from: "2024-12-01", to: "2024-12-31" });
    assert.deepEqual(presetRange("thisMonth", jan), { from: "2025-01-01", to: "2025-01-01" });
    assert.deepEqual(presetRange("yesterday", jan), { from: "2024-12-31", to: "2024-12-31" });
  });
});

Deno.test("date presets: the user's zone is the stored one when valid, else the browser's", () => {
  assert.equal(userTimeZone(memoryStore({ [TIME_ZONE_KEY]: "Asia/Tokyo" })), "Asia/Tokyo");
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  assert.equal(userTimeZone(memoryStore({ [TIME_ZONE_KEY]: "Mars/Base" })), browser);
  assert.equal(userTimeZone(memoryStore()), browser);
});

Deno.test("date presets: labels name the preset or the custom days", () => {
  assert.equal(rangeLabel("last7", { from: "x", to: "y" }), "Last 7 days");
  assert.equal(rangeLabel("custom", { from: "2024-01-01", to: "2024-01-01" }), "2024-01-01");
  assert.equal(
    rangeLabel("custom", { from: "2024-01-01", to: "2024-01-05" }),
    "2024-01-01 – 2024-01-05",
  );
});
