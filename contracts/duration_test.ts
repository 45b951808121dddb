import assert from "node:assert/strict";
import fc from "fast-check";
import { formatDuration } from "./duration.ts";

Deno.test("duration: durations print as d. h. m. s.", () => {
  assert.equal(formatDuration(0), "0s.");
  assert.equal(formatDuration(59), "59s.");
  assert.equal(formatDuration(3600), "1h.");
  assert.equal(formatDuration(93784), "1d. 2h. 3m. 4s.");
  assert.equal(formatDuration(-5), "0s.");
});

Deno.test("duration: a formatted duration adds back up to the input", () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (seconds) => {
    const units: Record<string, number> = { "d.": 86400, "h.": 3600, "m.": 60, "s.": 1 };
    const total = formatDuration(seconds).split(" ").reduce((sum, part) => {
      const match = /^(\d+)([dhms]\.)$/.exec(part);
      assert.ok(match, part);
      return sum + Number(match[1]) * units[match[2]];
    }, 0);
    assert.equal(total, seconds);
  }));
});
