/** `deno task build`: builds the panel into `client/dist` with hashed, precompressed assets. */
import { build } from "vite";
import { precompress } from "./precompress.ts";
import { CLIENT_ROOT, OUT_DIR, viteConfig } from "./vite_config.ts";
import { panelChunking } from "./chunking.ts";
import { preloadMap } from "./preload_map.ts";
import type { Manifest } from "vite";
import { join } from "node:path";

const chunking = panelChunking();
const config = viteConfig({
  mode: "production",
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    // Read below for the preload map, then removed: the server needs only the map.
    manifest: ".vite/manifest.json",
    chunkSizeWarningLimit: 800,
    // Fonts stay files: inlined, every unused subset would weigh on the stylesheet.
    assetsInlineLimit: (file) => /\.(woff2?|ttf)$/.test(file) ? false : undefined,
    rolldownOptions: { output: { codeSplitting: { groups: chunking.groups } } },
  },
});
config.plugins = [...(config.plugins ?? []), chunking.plugin];
await build(config);
const manifestDir = join(OUT_DIR, ".vite");
const manifest: Manifest = JSON.parse(await Deno.readTextFile(join(manifestDir, "manifest.json")));
await Deno.remove(manifestDir, { recursive: true });
await Deno.writeTextFile(join(OUT_DIR, "preload.json"), JSON.stringify(preloadMap(manifest)));
// The direct-tracking script (decision 164): one small file for landers on any domain.
await build({
  configFile: false,
  root: CLIENT_ROOT,
  logLevel: "warn",
  build: {
    outDir: OUT_DIR,
    emptyOutDir: false,
    lib: {
      entry: "direct/rt.ts",
      formats: ["iife"],
      name: "rotorDirect",
      fileName: () => "rt.js",
    },
    minify: true,
  },
});
console.log(`precompressed ${await precompress(OUT_DIR)} files (brotli + gzip)`);
