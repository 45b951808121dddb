import assert from "node:assert/strict";
import { commitsLabel, updateLabel } from "./labels.ts";

Deno.test("monitor labels: updates say checks are off rather than up to date", () => {
  assert.equal(
    updateLabel({ status: "value", available: false, checksEnabled: false }),
    "checks off",
  );
  assert.equal(updateLabel({ status: "value", available: false }), "up to date");
  assert.equal(updateLabel({ status: "value", available: true }), "a new version is available");
  assert.equal(updateLabel({ status: "fetching" }), "checking…");
  assert.equal(updateLabel({ status: "not-fetching" }), "checking…");
});

Deno.test("monitor labels: commits are not said to flow before the first one", () => {
  assert.equal(commitsLabel({ paused: false, lastCommitAt: null }), "none yet");
  assert.equal(commitsLabel({ paused: false, lastCommitAt: 1_700_000_000_000 }), "flowing");
  assert.equal(commitsLabel({ paused: true, lastCommitAt: null }), "held for a WAL checkpoint");
  assert.equal(commitsLabel({ paused: true, lastCommitAt: 1 }), "held for a WAL checkpoint");
});
