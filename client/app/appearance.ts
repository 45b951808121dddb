/**
 * Appearance settings (SPEC §3, §5, §9): colour scheme, font and font-size delta, with their
 * validators and storage. Applying them to the page lives in `appearance_apply.ts`.
 */
import { browserStore, type KeyValueStore, readJson, writeJson } from "./storage.ts";
import { COLOR_SCHEMES, FONTS } from "../../contracts/appearance.ts";

export { COLOR_SCHEMES, FONTS };
export type ColorScheme = typeof COLOR_SCHEMES[number];

export type FontName = typeof FONTS[number];
export const DEFAULT_FONT: FontName = "Vela Sans";
/** Weights shipped for the default font. */
export const DEFAULT_FONT_WEIGHTS = [400, 500, 600, 700] as const;

/** Font-size delta bounds in px, and its default. */
export const FONT_SIZE_DELTA = { min: -10, max: 10, default: 0 } as const;
/** Debounce before settings are applied, and the font-load timeout. */
export const APPLY_DEBOUNCE_MS = 150;
export const FONT_LOAD_TIMEOUT_MS = 3000;

/** Storage keys of SPEC §3. */
export const APPEARANCE_KEYS = {
  colorScheme: "selectedColorScheme",
  font: "selectedFont",
  fontSizeDelta: "selectedFontSizeDelta",
} as const;

/** The three settings together. */
export interface Appearance {
  colorScheme: ColorScheme;
  font: FontName;
  fontSizeDelta: number;
}

export const DEFAULT_APPEARANCE: Appearance = {
  colorScheme: "default",
  font: DEFAULT_FONT,
  fontSizeDelta: FONT_SIZE_DELTA.default,
};

/** Whether a value is one of the colour schemes. */
export function isColorScheme(value: unknown): value is ColorScheme {
  return typeof value === "string" && (COLOR_SCHEMES as readonly string[]).includes(value);
}

/** Whether a value is one of the configured fonts. */
export function isFontName(value: unknown): value is FontName {
  return typeof value === "string" && (FONTS as readonly string[]).includes(value);
}

/** The delta clamped to −10..10 px (whole pixels); anything non-numeric is the default. */
export function clampFontSizeDelta(value: unknown): number {
  const number = typeof value === "string" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) return FONT_SIZE_DELTA.default;
  return Math.min(FONT_SIZE_DELTA.max, Math.max(FONT_SIZE_DELTA.min, Math.round(number)));
}

/** Reads the stored settings; invalid stored choices are ignored and the defaults used. */
export function readAppearance(store: KeyValueStore = browserStore()): Appearance {
  const scheme = readJson(store, APPEARANCE_KEYS.colorScheme);
  const font = readJson(store, APPEARANCE_KEYS.font);
  return {
    colorScheme: isColorScheme(scheme) ? scheme : DEFAULT_APPEARANCE.colorScheme,
    font: isFontName(font) ? font : DEFAULT_FONT,
    fontSizeDelta: clampFontSizeDelta(readJson(store, APPEARANCE_KEYS.fontSizeDelta)),
  };
}

/** The outcome of a change: the settings to keep, or why the change was refused. */
export type AppearanceChange = { ok: true; value: Appearance } | { ok: false; reason: string };

/** Validates one change against the current settings (invalid scheme or font is rejected). */
export function changeAppearance(
  current: Appearance,
  change: Partial<Appearance>,
): AppearanceChange {
  const next = { ...current };
  if (change.colorScheme !== undefined) {
    if (!isColorScheme(change.colorScheme)) {
      return { ok: false, reason: `Invalid color scheme: ${String(change.colorScheme)}` };
    }
    next.colorScheme = change.colorScheme;
  }
  if (change.font !== undefined) {
    if (!isFontName(change.font)) {
      return { ok: false, reason: `Invalid font: ${String(change.font)}` };
    }
    next.font = change.font;
  }
  if (change.fontSizeDelta !== undefined) {
    next.fontSizeDelta = clampFontSizeDelta(change.fontSizeDelta);
  }
  return { ok: true, value: next };
}

/** Persists the settings under their keys. */
export function writeAppearance(value: Appearance, store: KeyValueStore = browserStore()): void {
  writeJson(store, APPEARANCE_KEYS.colorScheme, value.colorScheme);
  writeJson(store, APPEARANCE_KEYS.font, value.font);
  writeJson(store, APPEARANCE_KEYS.fontSizeDelta, value.fontSizeDelta);
}
