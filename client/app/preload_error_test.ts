import assert from "node:assert/strict";
import {
  installPreloadErrorBridge,
  isChunkLoadError,
  PRELOAD_ERROR_EVENT,
} from "./preload_error.ts";

function viteEvent(payload: unknown): Event {
  return Object.assign(new Event("vite:preloadError", { cancelable: true }), { payload });
}

Deno.test("preload error: a chunk failure raises preload-error and is rethrown unless handled", () => {
  const target = new EventTarget();
  const stop = installPreloadErrorBridge(target);
  const seen: unknown[] = [];
  target.addEventListener(PRELOAD_ERROR_EVENT, (e) => seen.push((e as CustomEvent).detail));
  const unhandled = viteEvent(new Error("Unable to preload CSS"));
  target.dispatchEvent(unhandled);
  assert.equal(seen.length, 1);
  assert.equal(unhandled.defaultPrevented, false, "Vite rethrows it");
  stop();
});

Deno.test("preload error: a listener that handles it stops the rethrow", () => {
  const target = new EventTarget();
  const stop = installPreloadErrorBridge(target);
  target.addEventListener(PRELOAD_ERROR_EVENT, (e) => e.preventDefault());
  const handled = viteEvent(new Error("x"));
  target.dispatchEvent(handled);
  assert.equal(handled.defaultPrevented, true);
  stop();
});

Deno.test("preload error: chunk load failures are recognised", () => {
  assert.ok(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /a.js")));
  assert.equal(isChunkLoadError(new Error("Boom")), false);
});
