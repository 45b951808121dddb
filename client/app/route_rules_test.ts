import assert from "node:assert/strict";
import {
  crudAction,
  isReportSubjectType,
  isRouteIds,
  parseRouteIds,
  titleOf,
} from "./route_rules.ts";

Deno.test("routes: mass-edit and report ids must be digits", () => {
  assert.ok(isRouteIds("1"));
  assert.ok(isRouteIds("1,22,333"));
  for (const bad of ["", "a", "1,", ",1", "1;2", "-1", "1.5", " 1", undefined]) {
    assert.equal(isRouteIds(bad), false, String(bad));
  }
  assert.deepEqual(parseRouteIds("3,4"), [3, 4]);
});

Deno.test("routes: report subject types come from the fixed list", () => {
  for (
    const type of [
      "affiliate-network",
      "campaign",
      "landing",
      "offer",
      "rotation",
      "traffic-source",
    ]
  ) {
    assert.ok(isReportSubjectType(type));
  }
  assert.equal(isReportSubjectType("lander"), false);
  assert.equal(isReportSubjectType("leads"), false);
});

Deno.test("routes: edit and clone carry an id, create none", () => {
  assert.deepEqual(crudAction("create"), { type: "create" });
  assert.deepEqual(crudAction("edit", "7"), { type: "edit", id: 7 });
  assert.equal(crudAction("clone", "x"), null);
});

Deno.test("routes: the deepest title wins; the fallback is the product's name", () => {
  assert.equal(
    titleOf([undefined, { title: "Settings" }, { title: "Tracking links" }]),
    "Tracking links",
  );
  assert.equal(titleOf([{ title: "Settings" }, {}]), "Settings");
  assert.equal(titleOf([]), "Rotor");
});
