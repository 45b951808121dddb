import assert from "node:assert/strict";
import { isTabActive, menuEntries, NAV_TABS } from "./nav.ts";

Deno.test("nav: the tabs are SPEC's, in order", () => {
  assert.deepEqual(NAV_TABS.map((t) => t.label), [
    "Campaigns",
    "Offers",
    "Landers",
    "Aff. networks",
    "Traffic sources",
    "Rotations",
    "Trends",
    "Files",
    "Conversions",
    "Click log",
    "Triggers",
  ]);
});

Deno.test("nav: the monitor menu entry shows only when the debug flag says so", () => {
  assert.equal(menuEntries(false).some((e) => e.to === "/monitor"), false);
  assert.equal(menuEntries(true).at(-1)?.to, "/monitor");
});

Deno.test("nav: the root path and its children mark the campaigns tab", () => {
  assert.ok(isTabActive("/campaigns", "/"));
  assert.ok(isTabActive("/campaigns", "/campaigns/edit/3"));
  assert.equal(isTabActive("/offers", "/offers-x"), false);
});
