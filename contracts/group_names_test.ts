import assert from "node:assert/strict";
import { groupNameClash } from "./group.ts";

Deno.test("groups: a name is used once per type", () => {
  const groups = [
    { id: 2, name: "Push", type: "campaign" },
    { id: 3, name: "Old", type: "campaign", archived: true },
    { id: 4, name: "Native", type: "offer" },
  ];
  assert.match(
    groupNameClash(groups, { name: " push ", type: "campaign" }) ?? "",
    /“Push” already exists \(#2\)/,
    "a second campaigns group called Push is refused",
  );
  assert.equal(groupNameClash(groups, { name: "Push", type: "campaign", id: 2 }), undefined);
  assert.equal(groupNameClash(groups, { name: "Push", type: "offer" }), undefined);
  assert.equal(groupNameClash(groups, { name: "Old", type: "campaign" }), undefined);
  assert.equal(
    groupNameClash(groups, { name: "Native", type: "offer", id: 9 })?.includes("#4"),
    true,
  );
});
