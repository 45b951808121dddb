/** Colour theme (SPEC §3, §4): light or dark, stored under the user-theme key. */
import { browserStore, type KeyValueStore } from "./storage.ts";
import { createExternalStore } from "./external_store.ts";

/** The two themes. */
export type Theme = "light" | "dark";
/** Storage key of the chosen theme. */
export const THEME_KEY = "user-theme";

/** The stored theme when valid, else the system preference. */
export function initialTheme(stored: string | null, prefersDark: boolean): Theme {
  if (stored === "light" || stored === "dark") return stored;
  return prefersDark ? "dark" : "light";
}

/** The other theme. */
export function toggledTheme(theme: Theme): Theme {
  return theme === "light" ? "dark" : "light";
}

function systemPrefersDark(): boolean {
  return globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
}

/** The current theme, observable. */
export const themeStore = createExternalStore<Theme>("light");

/** Reads the initial theme and puts it on `<html data-theme>`. Called once at start. */
export function startTheme(store: KeyValueStore = browserStore()): Theme {
  const theme = initialTheme(store.getItem(THEME_KEY), systemPrefersDark());
  applyTheme(theme);
  return theme;
}

/** Switches theme, persists it and applies it. */
export function toggleTheme(store: KeyValueStore = browserStore()): Theme {
  const next = toggledTheme(themeStore.get());
  store.setItem(THEME_KEY, next);
  applyTheme(next);
  return next;
}

/** Forgets the stored choice and follows the system preference again (Settings → UI). */
export function followSystemTheme(store: KeyValueStore = browserStore()): Theme {
  store.removeItem(THEME_KEY);
  return startTheme(store);
}

function applyTheme(theme: Theme): void {
  themeStore.set(theme);
  if (typeof document !== "undefined") {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }
}
