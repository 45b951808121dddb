import assert from "node:assert/strict";
import { matchRoutes } from "react-router";
import { buildRoutes } from "./routes.tsx";
import { DEVELOPER_CHILDREN, SETTINGS_CHILDREN, titleOf } from "./route_rules.ts";

const routes = buildRoutes({ Root: () => null, Frame: () => null });

function match(path: string) {
  const found = matchRoutes(routes, path) ?? [];
  return {
    title: titleOf(found.map((m) => m.route.handle)),
    ids: found.map((m) => m.route.id ?? m.route.path ?? "(index)"),
    last: found.at(-1)?.route,
    lazy: found.filter((m) => typeof m.route.lazy === "function").length,
  };
}

Deno.test("routes: titles come from each route", () => {
  const cases: Array<[string, string]> = [
    ["/login", "Login"],
    ["/", "Campaigns"],
    ["/campaigns", "Campaigns"],
    ["/campaigns/edit/4", "Edit campaign"],
    ["/offers/clone/2", "Clone offer"],
    ["/landings", "Landers"],
    ["/affiliate-networks", "Affiliate Networks"],
    ["/settings/auto-clearing", "Auto clearings clicks"],
    ["/monitor/developer/seed", "Seed"],
    ["/report/leads/offer/1,2", "Leads Report"],
    ["/triggers", "Triggers"],
    ["/404", "Not found"],
  ];
  for (const [path, title] of cases) assert.equal(match(path).title, title, path);
});

Deno.test("routes: the sign-in route is named authentication", () => {
  assert.equal(match("/login").last?.id, "authentication");
});

Deno.test("routes: the guarded update page wins over the stub", () => {
  assert.equal(match("/update").last?.id, "update");
});

Deno.test("routes: every unmatched path goes to the catch-all", () => {
  assert.equal(match("/nowhere/at/all").last?.path, "*");
});

Deno.test("routes: mass edit is a child of the lists and of the root alias", () => {
  assert.equal(match("/edit/mass/1,2").last?.path, "edit/mass/:ids");
  assert.equal(match("/offers/edit/mass/3").last?.path, "edit/mass/:ids");
  assert.ok(match("/offers/edit/mass/3").ids.includes("offers"));
});

/** SPEC §2's settings children, in its order. */
const SPEC_SETTINGS = [
  "tracking-links",
  "auto-clearing",
  "user",
  "ui",
  "stats",
  "columns",
  "public-api",
  "click-api",
  "lp-protect",
  "integration",
  "postback-processing",
  "import-export",
  "url-customization",
  "feedback",
  "beta",
];

Deno.test("routes: settings has SPEC's 15 children, the developer monitor 5", () => {
  // Currency rates live on Stats, event types on Postback processing (decisions 162, 167).
  assert.deepEqual(SETTINGS_CHILDREN.map(([p]) => p), SPEC_SETTINGS);
  assert.deepEqual(DEVELOPER_CHILDREN.map(([p]) => p), [
    "build-info",
    "debug-settings",
    "seed",
    "clicker",
    "messages",
  ]);
  for (const [path, title] of SETTINGS_CHILDREN) {
    assert.equal(match(`/settings/${path}`).title, title);
  }
});

Deno.test("routes: pages load lazily", () => {
  for (const path of ["/offers", "/login", "/settings/ui", "/report/offer/1"]) {
    assert.ok(match(path).lazy >= 1, path);
  }
});
