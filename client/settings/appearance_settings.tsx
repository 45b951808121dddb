/** Settings → UI: colour scheme, font and font size (applied debounced, fonts once loaded). */
import { useSyncExternalStore } from "react";
import {
  COLOR_SCHEMES,
  type ColorScheme,
  FONT_SIZE_DELTA,
  type FontName,
  FONTS,
} from "../app/appearance.ts";
import { appearanceStore, setAppearance } from "../app/appearance_apply.ts";
import { Field } from "../ui/field.tsx";

const SCHEME_LABELS: Record<ColorScheme, string> = {
  default: "Default",
  legacy: "Legacy",
  creative: "Creative",
};

/** The appearance form. */
export function AppearanceSettings() {
  const value = useSyncExternalStore(appearanceStore.subscribe, appearanceStore.get);
  return (
    <div className="form-grid">
      <Field label="Color scheme">
        <select
          value={value.colorScheme}
          onChange={(event) => setAppearance({ colorScheme: event.target.value as ColorScheme })}
        >
          {COLOR_SCHEMES.map((scheme) => (
            <option key={scheme} value={scheme}>{SCHEME_LABELS[scheme]}</option>
          ))}
        </select>
      </Field>
      <Field label="Font">
        <select
          value={value.font}
          onChange={(event) => setAppearance({ font: event.target.value as FontName })}
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
          onChange={(event) => setAppearance({ fontSizeDelta: Number(event.target.value) })}
        />
      </Field>
      <p className="muted" aria-live="polite">
        Font size change: {value.fontSizeDelta > 0 ? "+" : ""}
        {value.fontSizeDelta} px
      </p>
      <div className="card preview" style={{ fontFamily: `"${value.font}", var(--font-fallback)` }}>
        <p className="preview__title">Campaign “Summer push” · ROI 42.5%</p>
        <p className="muted">0123456789 — The quick brown fox jumps over the lazy dog.</p>
      </div>
    </div>
  );
}
