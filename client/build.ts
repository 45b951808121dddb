/** `deno task build`: builds the panel into `client/dist` with hashed, precompressed assets. */
import { build } from "vite";
import { precompress } from "./precompress.ts";
import { CLIENT_ROOT, OUT_DIR, viteConfig } from "./vite_config.ts";

await build(viteConfig({
  mode: "production",
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Fonts stay files: inlined, every unused subset would weigh on the stylesheet.
    assetsInlineLimit: (file) => /\.(woff2?|ttf)$/.test(file) ? false : undefined,
  },
}));
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
