import assert from "node:assert/strict";
import fc from "fast-check";
import { AlreadyRunning, debounce, exclusive, randomDelay, wait } from "./helpers.ts";
import { fakeTimers } from "./fake_timers.ts";

Deno.test("helpers: wait defaults to 500 ms", async () => {
  const timers = fakeTimers();
  let done = false;
  const promise = wait(undefined, timers).then(() => (done = true));
  timers.tick(499);
  await Promise.resolve();
  assert.equal(done, false);
  timers.tick(1);
  await promise;
  assert.equal(done, true);
});

Deno.test("helpers: the random wait stays within 1000–3000 ms", () => {
  assert.equal(randomDelay(() => 0), 1000);
  assert.equal(randomDelay(() => 0.999999), 3000);
  fc.assert(fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
    const ms = randomDelay(() => r);
    return ms >= 1000 && ms <= 3000;
  }));
});

Deno.test("helpers: debounce runs once with the last arguments", () => {
  const timers = fakeTimers();
  const seen: number[] = [];
  const run = debounce((n: number) => seen.push(n), 150, timers);
  run(1);
  timers.tick(100);
  run(2);
  timers.tick(149);
  assert.deepEqual(seen, []);
  timers.tick(1);
  assert.deepEqual(seen, [2]);
});

Deno.test("helpers: an exclusive action refuses to start while it runs", async () => {
  let release = () => {};
  const action = exclusive("Sign-in", () => new Promise<void>((r) => (release = r)));
  const first = action();
  assert.equal(action.running(), true);
  await assert.rejects(action(), AlreadyRunning);
  release();
  await first;
  assert.equal(action.running(), false);
});
