import assert from "node:assert/strict";
import { memoryStore } from "../app/storage.ts";
import { columnsKey, readHiddenColumns, toggleColumn, writeHiddenColumns } from "./column_prefs.ts";

const known = ["name", "clicks", "cost", "roi"];

Deno.test("columns: the choice persists per list and outlives a reload", () => {
  const store = memoryStore();
  const options = { list: "offers", known, hiddenByDefault: ["roi"] };
  assert.deepEqual(readHiddenColumns(store, options), ["roi"]);
  writeHiddenColumns(store, "offers", toggleColumn(["roi"], "cost"));
  assert.deepEqual(readHiddenColumns(store, options), ["roi", "cost"]);
  assert.deepEqual(readHiddenColumns(store, { ...options, list: "landings" }), ["roi"]);
});

Deno.test("columns: stale or broken stored choices do not break the list", () => {
  const store = memoryStore({ [columnsKey("offers")]: JSON.stringify(["gone", "cost"]) });
  assert.deepEqual(readHiddenColumns(store, { list: "offers", known, hiddenByDefault: [] }), [
    "cost",
  ]);
  store.setItem(columnsKey("offers"), "{not json");
  assert.deepEqual(readHiddenColumns(store, { list: "offers", known, hiddenByDefault: ["roi"] }), [
    "roi",
  ]);
});

Deno.test("columns: the name column cannot be hidden", () => {
  assert.deepEqual(toggleColumn([], "name"), []);
  assert.deepEqual(toggleColumn(["cost"], "cost"), []);
});
