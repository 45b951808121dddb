/** Applies appearance settings to the page: debounced 150 ms, fonts only once loaded. */
import {
  type Appearance,
  APPLY_DEBOUNCE_MS,
  changeAppearance,
  readAppearance,
  writeAppearance,
} from "./appearance.ts";
import { createExternalStore } from "./external_store.ts";
import { loadFont } from "./font_loader.ts";
import { registerFont } from "./font_files.ts";
import { debounce } from "./helpers.ts";

/** The chosen settings, observable (what the settings screen shows). */
export const appearanceStore = createExternalStore<Appearance>(readAppearance());

const applyLater = debounce((value: Appearance) => void applyNow(value), APPLY_DEBOUNCE_MS);

/** Puts scheme and size on `<html>` at once, and the font once it has loaded. */
export async function applyNow(value: Appearance): Promise<void> {
  const root = document.documentElement;
  root.dataset.colorScheme = value.colorScheme;
  root.style.setProperty("--font-size-delta", `${value.fontSizeDelta}px`);
  const family = `"${value.font}"`;
  const loaded = await loadFont(async () => {
    await registerFont(value.font);
    await document.fonts.load(`400 16px ${family}`);
  });
  if (loaded && appearanceStore.get().font === value.font) {
    root.style.setProperty("--font-family", family);
    root.dataset.font = value.font;
  }
}

/** Applies the stored settings at start. */
export function startAppearance(): void {
  void applyNow(appearanceStore.get());
}

/** Validates, stores and (debounced) applies a change; an invalid one is logged and refused. */
export function setAppearance(change: Partial<Appearance>): boolean {
  const result = changeAppearance(appearanceStore.get(), change);
  if (!result.ok) {
    console.error(result.reason);
    return false;
  }
  writeAppearance(result.value);
  appearanceStore.set(result.value);
  applyLater(result.value);
  return true;
}
