/** Developer monitor → Debug settings: SPEC §3's debug keys, each stored under its own key. */
import { useSyncExternalStore } from "react";
import {
  COLORIZATION_MODES,
  type ColorizationMode,
  type DebugSettings,
  debugSettingsStore,
  setDebugSetting,
} from "../app/debug_settings.ts";
import { Field } from "../ui/field.tsx";

const FLAGS: Array<[Exclude<keyof DebugSettings, "colorizationMode">, string]> = [
  ["isEnableLogging", "Enable logging"],
  ["isShowMonitorForDevelopersInMenu", "Show monitor in the menu"],
  ["isSyncSortingAndFiltersWithRouter", "Keep sorting and filters in the address"],
  ["isWithVerticalBorders", "Vertical borders in tables"],
];

/** The editable debug settings; changes apply at once. */
export function DebugSettingsForm() {
  const settings = useSyncExternalStore(debugSettingsStore.subscribe, debugSettingsStore.get);
  return (
    <div className="form-grid">
      <Field label="Colorization mode">
        <select
          value={settings.colorizationMode}
          onChange={(event) =>
            setDebugSetting("colorizationMode", event.target.value as ColorizationMode)}
        >
          {COLORIZATION_MODES.map((mode) => <option key={mode} value={mode}>{mode}</option>)}
        </select>
      </Field>
      {FLAGS.map(([name, label]) => (
        <label key={name} className="check">
          <input
            type="checkbox"
            checked={settings[name]}
            onChange={(event) => setDebugSetting(name, event.target.checked)}
          />
          <span>{label}</span>
        </label>
      ))}
    </div>
  );
}
