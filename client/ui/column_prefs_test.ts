import assert from "node:assert/strict";
import { memoryStore } from "../app/storage.ts";
import { ColumnsSettings } from "../../contracts/settings.ts";
import {
  columnsKey,
  hiddenForSet,
  readHiddenColumns,
  readStoredHidden,
  setsOf,
  showsSet,
  toggleColumn,
  withoutSet,
  withSet,
  writeHiddenColumns,
} from "./column_prefs.ts";

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

Deno.test("column sets: a saved set shows exactly its columns, pinned name included", () => {
  const options = { known, pinned: "name" };
  assert.deepEqual(hiddenForSet(["name", "roi"], options), ["clicks", "cost"]);
  assert.deepEqual(hiddenForSet(["roi"], options), ["clicks", "cost"], "the name always shows");
  assert.deepEqual(
    hiddenForSet(["gone", "cost"], options),
    ["clicks", "roi"],
    "stale names ignored",
  );
  assert.ok(showsSet(["cost", "clicks"], ["name", "roi"], options));
  assert.ok(showsSet(["clicks", "cost", "gone"], ["roi"], options));
  assert.ok(!showsSet(["cost"], ["name", "roi"], options));
});

Deno.test("column sets: save replaces by list and name, keeps the default, delete is per list", () => {
  const sets = [
    { list: "campaigns" as const, name: "Lean", columns: ["name"], isDefault: true },
    { list: "offers" as const, name: "Lean", columns: ["name", "payout"], isDefault: false },
  ];
  const replaced = withSet(sets, { list: "campaigns", name: " Lean ", columns: ["name", "roi"] });
  assert.deepEqual(replaced[0], {
    list: "campaigns",
    name: "Lean",
    columns: ["name", "roi"],
    isDefault: true,
  });
  assert.deepEqual(replaced[1], sets[1]);
  const added = withSet(sets, { list: "campaigns", name: "Money", columns: ["profit"] });
  assert.equal(added.length, 3);
  assert.equal(added[2].isDefault, false);
  assert.deepEqual(setsOf(added, "campaigns").map((s) => s.name), ["Lean", "Money"]);
  assert.deepEqual(withoutSet(added, "campaigns", "Lean").map((s) => `${s.list}/${s.name}`), [
    "offers/Lean",
    "campaigns/Money",
  ]);
  assert.ok(ColumnsSettings.safeParse({ sets: added }).success, "still valid for the contract");
});

Deno.test("column sets: a browser without a stored choice has none (the default set applies)", () => {
  const store = memoryStore();
  assert.equal(readStoredHidden(store, { list: "offers" }), undefined);
  writeHiddenColumns(store, "offers", ["cost", "later"]);
  assert.deepEqual(readStoredHidden(store, { list: "offers" }), ["cost", "later"]);
  assert.deepEqual(readStoredHidden(store, { list: "offers", known }), ["cost"]);
});
