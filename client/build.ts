/** `deno task build`: builds the panel into `client/dist` with hashed assets. */
import { build } from "vite";
import { OUT_DIR, viteConfig } from "./vite_config.ts";

await build(viteConfig({
  mode: "production",
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
}));
