import assert from "node:assert/strict";
import { Meter } from "./meters.ts";

Deno.test("meters: growth over a window is the count now less the sample that old", () => {
  let n = 0;
  const meter = new Meter(() => n, 0);
  for (let s = 1; s <= 120; s++) {
    n += 2;
    meter.sample(s * 1000);
  }
  assert.equal(meter.growth(60_000, 120_000), 120);
  assert.equal(meter.rate(5000, 120_000), 2);
  assert.deepEqual(meter.recent(3), [236, 238, 240]);
  // A window reaching back before the first sample counts everything since.
  assert.equal(meter.growth(3_600_000, 120_000), 240);
  // Counts between samples are seen at once.
  n += 5;
  assert.equal(meter.growth(60_000, 120_500), 125);
});

Deno.test("meters: the ring keeps an hour and forgets what is older", () => {
  let n = 0;
  const meter = new Meter(() => n, 0);
  for (let s = 1; s <= 5000; s++) {
    n++;
    meter.sample(s * 1000);
  }
  assert.equal(meter.growth(3_600_000, 5_000_000), 3600);
  assert.equal(meter.recent(10_000).length, 3601);
});
