/**
 * Settings → UI: theme, colour scheme, font and font size. A change applies
 * at once (debounced, fonts once loaded) with a live preview, and is kept on
 * the server so it follows the user to any browser.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import {
  type Appearance,
  COLOR_SCHEMES,
  type ColorScheme,
  FONT_SIZE_DELTA,
  type FontName,
  FONTS,
} from "../app/appearance.ts";
import { appearanceStore, setAppearance } from "../app/appearance_apply.ts";
import { followSystemTheme, themeStore, toggleTheme } from "../app/theme.ts";
import { call } from "../app/api.ts";
import { SETTINGS_ROUTES } from "../../contracts/api/settings.ts";
import { notifyError } from "../app/toasts.tsx";
import { Field } from "../ui/field.tsx";
import { useSectionData } from "./use_section.ts";

const SCHEME_LABELS: Record<ColorScheme, string> = {
  default: "Default",
  legacy: "Legacy",
  creative: "Creative",
};

type ThemeChoice = "system" | "light" | "dark";
/** How long after the last change the server copy is written (the size slider fires often). */
const SAVE_DELAY_MS = 400;

function useServerSave() {
  const loaded = useSectionData("ui");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The theme chosen on this screen: a change that follows before it is saved keeps it.
  const [chosen, setChosen] = useState<ThemeChoice | undefined>(undefined);
  const latest = useRef<ThemeChoice | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const stored = (loaded.data?.theme ?? "system") as ThemeChoice;
  return {
    theme: chosen ?? stored,
    /** Writes the appearance with `choice`, else the theme chosen last, a moment later. */
    save: (value: Appearance, choice?: ThemeChoice) => {
      if (choice !== undefined) {
        latest.current = choice;
        setChosen(choice);
      }
      const theme = latest.current ?? stored;
      clearTimeout(timer.current);
      timer.current = setTimeout(async () => {
        try {
          const saved = await call(SETTINGS_ROUTES.ui.put, { body: { ...value, theme } });
          await loaded.mutate(saved, { revalidate: false });
        } catch (err) {
          notifyError(err);
        }
      }, SAVE_DELAY_MS);
    },
  };
}

/** The appearance form. */
export function AppearanceSettings() {
  const value = useSyncExternalStore(appearanceStore.subscribe, appearanceStore.get);
  const theme = useSyncExternalStore(themeStore.subscribe, themeStore.get);
  const server = useServerSave();
  const change = (patch: Partial<Appearance>) => {
    if (setAppearance(patch)) server.save(appearanceStore.get());
  };
  const chooseTheme = (choice: ThemeChoice) => {
    if (choice === "system") followSystemTheme();
    else if (choice !== theme) toggleTheme();
    server.save(appearanceStore.get(), choice);
  };
  return (
    <div className="form-grid">
      <Field label="Theme">
        <select
          value={server.theme}
          onChange={(event) => chooseTheme(event.target.value as ThemeChoice)}
        >
          <option value="system">This browser's choice</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </Field>
      <Field label="Color scheme">
        <select
          value={value.colorScheme}
          onChange={(event) => change({ colorScheme: event.target.value as ColorScheme })}
        >
          {COLOR_SCHEMES.map((scheme) => (
            <option key={scheme} value={scheme}>{SCHEME_LABELS[scheme]}</option>
          ))}
        </select>
      </Field>
      <Field label="Font">
        <select
          value={value.font}
          onChange={(event) => change({ font: event.target.value as FontName })}
        >
          {FONTS.map((font) => <option key={font} value={font}>{font}</option>)}
        </select>
      </Field>
      <Field label="Font size">
        <input
          type="range"
          min={FONT_SIZE_DELTA.min}
          max={FONT_SIZE_DELTA.max}
          step={1}
          value={value.fontSizeDelta}
          aria-valuetext={`${value.fontSizeDelta} px`}
          onChange={(event) => change({ fontSizeDelta: Number(event.target.value) })}
        />
      </Field>
      <p className="muted" aria-live="polite">
        Font size change: {value.fontSizeDelta > 0 ? "+" : ""}
        {value.fontSizeDelta} px
      </p>
      <div className="card preview" style={{ fontFamily: `"${value.font}", var(--font-fallback)` }}>
        <p className="preview__title">Campaign “Summer push” · ROI 42.5%</p>
        <p className="muted">0123456789 — The quick brown fox jumps over the lazy dog.</p>
        <p>
          <button type="button" className="btn btn--primary">Primary</button>{" "}
          <button type="button" className="btn">Secondary</button>
        </p>
      </div>
    </div>
  );
}
