import assert from "node:assert/strict";
import type { Manifest } from "vite";
import { preloadMap } from "./preload_map.ts";

/** A manifest shaped as Vite writes it: entry, lazy parts, shared chunks. */
const MANIFEST: Manifest = {
  "index.html": {
    file: "assets/index-1.js",
    src: "index.html",
    isEntry: true,
    imports: ["_jsx-runtime-1.js"],
    dynamicImports: ["ui/frame.tsx", "app/toast_host.tsx", "campaigns/page.tsx"],
    css: ["assets/index-1.css"],
  },
  "_jsx-runtime-1.js": { file: "assets/jsx-runtime-1.js", name: "jsx-runtime" },
  "_panel-1.js": { file: "assets/panel-1.js", name: "panel", imports: ["index.html"] },
  "ui/frame.tsx": {
    file: "assets/frame-1.js",
    src: "ui/frame.tsx",
    isDynamicEntry: true,
    imports: ["index.html", "_jsx-runtime-1.js", "_panel-1.js"],
  },
  "app/toast_host.tsx": {
    file: "assets/toast_host-1.js",
    src: "app/toast_host.tsx",
    isDynamicEntry: true,
    imports: ["_panel-1.js"],
    css: ["assets/toast_host-1.css"],
  },
  "campaigns/page.tsx": {
    file: "assets/page-c.js",
    src: "campaigns/page.tsx",
    isDynamicEntry: true,
    imports: ["_panel-1.js", "_flow-1.js"],
  },
  "_flow-1.js": { file: "assets/flow-1.js", css: ["assets/flow-1.css"] },
  "affiliate_networks/page.tsx": {
    file: "assets/page-a.js",
    src: "affiliate_networks/page.tsx",
    isDynamicEntry: true,
    imports: ["_panel-1.js"],
  },
  "reports/page.tsx": { file: "assets/page-r.js", src: "reports/page.tsx", isDynamicEntry: true },
  "ui/safe_markdown.tsx": {
    file: "assets/md.js",
    src: "ui/safe_markdown.tsx",
    isDynamicEntry: true,
  },
};

Deno.test("preload map: the entry, the signed-in frame's code, and each screen's own files", () => {
  const map = preloadMap(MANIFEST);
  assert.deepEqual(map.entry, {
    scripts: ["assets/index-1.js", "assets/jsx-runtime-1.js"],
    styles: ["assets/index-1.css"],
  });
  assert.deepEqual(map.signedIn, {
    scripts: ["assets/frame-1.js", "assets/panel-1.js", "assets/toast_host-1.js"],
    styles: ["assets/toast_host-1.css"],
  });
  // A screen lists only what neither the entry nor the frame brings.
  assert.deepEqual(map.screens.campaigns, {
    scripts: ["assets/page-c.js", "assets/flow-1.js"],
    styles: ["assets/flow-1.css"],
  });
  assert.deepEqual(map.screens["affiliate-networks"].scripts, ["assets/page-a.js"]);
  // `/` is campaigns and `/report/…` is the reports folder; parts that are not screens are not.
  assert.deepEqual(map.screens[""], map.screens.campaigns);
  assert.deepEqual(map.screens.report.scripts, ["assets/page-r.js"]);
  assert.deepEqual(Object.keys(map.screens).sort(), [
    "",
    "affiliate-networks",
    "campaigns",
    "report",
    "reports",
  ]);
});

Deno.test("preload map: a manifest without the entry or the frame is refused", () => {
  const { "ui/frame.tsx": _frame, ...noFrame } = MANIFEST;
  assert.throws(() => preloadMap(noFrame), /ui\/frame\.tsx/);
  const { "index.html": _entry, ...noEntry } = MANIFEST;
  assert.throws(() => preloadMap(noEntry), /no entry/);
});
