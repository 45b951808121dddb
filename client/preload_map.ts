/**
 * What a signed-in page load needs beyond the entry, read from Vite's manifest at build time
 * (decision 140). The server names these files in a `Link` header, so the browser fetches
 * them alongside the entry instead of after it has run.
 */
import type { Manifest } from "vite";

/** Files under the build folder: scripts and stylesheets. */
export interface PreloadFiles {
  scripts: string[];
  styles: string[];
}

/** The file `preload.json` in the build folder. */
export interface PreloadMap {
  /** What `index.html` loads: named first, so a signed-in load fetches it before the rest. */
  entry: PreloadFiles;
  /** The signed-in frame and the code every signed-in screen shares. */
  signedIn: PreloadFiles;
  /** A screen's own files, by the first segment of its path under the base (`campaigns`). */
  screens: Record<string, PreloadFiles>;
}

/** Screens whose path does not name their folder: `/` is campaigns, `/report/…` reports. */
const ALIASES: Record<string, string> = { "": "campaigns", report: "reports" };

/** What every signed-in screen loads lazily: the frame and the toast host. */
const SIGNED_IN = ["ui/frame.tsx", "app/toast_host.tsx"];

/** The preload map of a build. */
export function preloadMap(manifest: Manifest): PreloadMap {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error("the manifest has no entry");
  const loaded = new Set<string>();
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
  };
  closure(entry, loaded);
  const entryFiles: PreloadFiles = {
    scripts: [...loaded].map((k) => manifest[k].file),
    styles: [...new Set([...loaded].flatMap((k) => manifest[k].css ?? []))],
  };
  const filesOf = (roots: string[], skip: Set<string>): PreloadFiles => {
    const keys = new Set<string>();
    for (const root of roots) closure(root, keys);
    const fresh = [...keys].filter((k) => !skip.has(k));
    return {
      scripts: fresh.map((k) => manifest[k].file),
      styles: [...new Set(fresh.flatMap((k) => manifest[k].css ?? []))],
    };
  };
  const signedInRoots = SIGNED_IN.map((src) => {
    const key = Object.keys(manifest).find((k) => manifest[k].src === src);
    if (!key) throw new Error(`the manifest lacks ${src}`);
    return key;
  });
  const signedIn = filesOf(signedInRoots, loaded);
  const shared = new Set(loaded);
  for (const root of signedInRoots) closure(root, shared);
  const screens: Record<string, PreloadFiles> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const folder = chunk.isDynamicEntry && chunk.src?.match(/^(\w+)\/page\.tsx$/)?.[1];
    if (folder) screens[folder.replaceAll("_", "-")] = filesOf([key], shared);
  }
  for (const [alias, screen] of Object.entries(ALIASES)) {
    if (screens[screen]) screens[alias] = screens[screen];
  }
  return { entry: entryFiles, signedIn, screens };
}
