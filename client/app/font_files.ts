/**
 * The stylesheets of the fonts other than the default: each loads only when chosen (the
 * default font's rules ship with the main stylesheet). See docs/decisions/140.
 */
import type { FontName } from "./appearance.ts";

const FONT_FILES: Record<FontName, (() => Promise<unknown>) | null> = {
  "Vela Sans": null,
  "Fira Code": () => import("../styles/fonts/fira-code.css"),
  "IBM Plex Mono": () => import("../styles/fonts/ibm-plex-mono.css"),
  "Inter": () => import("../styles/fonts/inter.css"),
  "Liberation Mono": () => import("../styles/fonts/liberation-mono.css"),
  "Montserrat": () => import("../styles/fonts/montserrat.css"),
  "Open Sans": () => import("../styles/fonts/open-sans.css"),
  "Roboto": () => import("../styles/fonts/roboto.css"),
  "Source Code Pro": () => import("../styles/fonts/source-code-pro.css"),
};

/** Adds the chosen font's `@font-face` rules to the page (once); the default font has them. */
export async function registerFont(font: FontName): Promise<void> {
  await FONT_FILES[font]?.();
}
