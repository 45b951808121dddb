import assert from "node:assert/strict";
import { resolvePick } from "./entity_picker.tsx";

Deno.test("entity picker: a name (any case), #id or id picks; empty clears; anything else picks nothing", () => {
  const items = [{ id: 3, name: "Summer push" }, { id: 12, name: "Keto DE" }];
  assert.equal(resolvePick("keto de", items), 12);
  assert.equal(resolvePick(" Summer push ", items), 3);
  assert.equal(resolvePick("#3", items), 3);
  assert.equal(resolvePick("12", items), 12);
  assert.equal(resolvePick("", items), null);
  assert.equal(resolvePick("Keto", items), undefined);
  assert.equal(resolvePick("99", items), undefined);
});
