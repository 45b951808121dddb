import assert from "node:assert/strict";
import { createProgress, IDLE, type ProgressView } from "./progress.ts";
import { fakeTimers } from "./fake_timers.ts";

function setup() {
  const timers = fakeTimers();
  const seen: ProgressView[] = [];
  const progress = createProgress((view) => seen.push(view), timers);
  return { timers, seen, progress };
}

Deno.test("progress: a navigation that resolves within 300 ms shows nothing", () => {
  const { timers, seen, progress } = setup();
  progress.start();
  timers.tick(299);
  progress.done();
  timers.tick(5000);
  assert.deepEqual(seen, []);
  assert.equal(timers.pending(), 0);
});

Deno.test("progress: after 300 ms the bar rises to 75% over 800 ms", () => {
  const { timers, seen, progress } = setup();
  progress.start();
  timers.tick(300);
  assert.deepEqual(seen, [{ phase: "pending", value: 75, transitionMs: 800 }]);
});

Deno.test("progress: when the route resolves the bar finishes to 100% in 400 ms, then idles", () => {
  const { timers, seen, progress } = setup();
  progress.start();
  timers.tick(1500);
  progress.done();
  assert.deepEqual(seen.at(-1), { phase: "finishing", value: 100, transitionMs: 400 });
  timers.tick(399);
  assert.equal(progress.view().phase, "finishing");
  timers.tick(1);
  assert.deepEqual(progress.view(), IDLE);
});

Deno.test("progress: a new navigation while finishing rises again at once", () => {
  const { timers, progress } = setup();
  progress.start();
  timers.tick(300);
  progress.done();
  timers.tick(100);
  progress.start();
  assert.equal(progress.view().phase, "pending");
  timers.tick(1000);
  assert.equal(progress.view().phase, "pending");
});

Deno.test("progress: repeated starts and dones are harmless", () => {
  const { timers, progress } = setup();
  progress.done();
  progress.start();
  progress.start();
  timers.tick(300);
  progress.done();
  progress.done();
  timers.tick(400);
  assert.deepEqual(progress.view(), IDLE);
});
