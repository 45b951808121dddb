import assert from "node:assert/strict";
import { TOAST_CONFIG, TOAST_TYPES } from "./toast_config.ts";

Deno.test("toasts: at most 3, 5000 ms, top-right, drag-dismiss at 60%, pause on hover and blur", () => {
  assert.equal(TOAST_CONFIG.limit, 3);
  assert.equal(TOAST_CONFIG.autoClose, 5000);
  assert.equal(TOAST_CONFIG.position, "top-right");
  assert.equal(TOAST_CONFIG.draggablePercent, 60);
  assert.equal(TOAST_CONFIG.closeOnClick, true);
  assert.equal(TOAST_CONFIG.pauseOnHover, true);
  assert.equal(TOAST_CONFIG.pauseOnFocusLoss, true);
  assert.deepEqual([...TOAST_TYPES], ["success", "error", "warning", "info", "default"]);
});
