/** The Vite settings shared by the build and the dev server. */
import { fileURLToPath } from "node:url";
import type { InlineConfig } from "vite";
import react from "@vitejs/plugin-react";

/** The client folder (Vite's root). */
export const CLIENT_ROOT = fileURLToPath(new URL(".", import.meta.url));
/** Where the build goes. */
export const OUT_DIR = fileURLToPath(new URL("./dist", import.meta.url));
/** Vite's dependency cache, kept out of the source tree. */
const CACHE_DIR = fileURLToPath(new URL("../node_modules/.vite", import.meta.url));

/** The base config: root `client/`, base `/panel/`, React. */
export function viteConfig(extra: InlineConfig = {}): InlineConfig {
  return {
    configFile: false,
    root: CLIENT_ROOT,
    base: "/panel/",
    cacheDir: CACHE_DIR,
    plugins: [react()],
    logLevel: "info",
    ...extra,
  };
}
