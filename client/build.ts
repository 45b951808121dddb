/** `deno task build`: builds the panel into `client/dist` with hashed, precompressed assets. */
import { build } from "vite";
import { precompress } from "./precompress.ts";
import { OUT_DIR, viteConfig } from "./vite_config.ts";

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
console.log(`precompressed ${await precompress(OUT_DIR)} files (brotli + gzip)`);
