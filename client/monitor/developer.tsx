/** The developer monitor (lazy chunk): build info, debug settings and tools to come. */
import { useSyncExternalStore } from "react";
import useSWR from "swr";
import { UpdatesAnswer } from "../../contracts/auth.ts";
import { api } from "../app/api.ts";
import {
  COLORIZATION_MODES,
  type ColorizationMode,
  type DebugSettings,
  debugSettingsStore,
  setDebugSetting,
} from "../app/debug_settings.ts";
import { DEVELOPER_CHILDREN } from "../app/route_rules.ts";
import { ComingSoon, useRouteHandle } from "../ui/page.tsx";
import { SubNavLayout } from "../ui/sub_nav.tsx";
import { Field } from "../ui/field.tsx";
import { MessagesTool } from "./messages.tsx";

/** The developer monitor frame. */
export function DeveloperLayout() {
  return (
    <SubNavLayout
      title="Developer monitor"
      base="/monitor/developer"
      label="Developer"
      links={DEVELOPER_CHILDREN}
    />
  );
}

const FLAGS: Array<[Exclude<keyof DebugSettings, "colorizationMode">, string]> = [
  ["isEnableLogging", "Enable logging"],
  ["isShowMonitorForDevelopersInMenu", "Show monitor in the menu"],
  ["isSyncSortingAndFiltersWithRouter", "Keep sorting and filters in the address"],
  ["isWithVerticalBorders", "Vertical borders in tables"],
];

function DebugSettingsForm() {
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

function BuildInfo() {
  const { data, error } = useSWR(
    "/updates/check",
    () => api("/updates/check", { schema: UpdatesAnswer }),
  );
  return (
    <dl className="facts">
      <dt>Version</dt>
      <dd>{data?.current_version ?? (error ? "unknown" : "…")}</dd>
      <dt>Panel build</dt>
      <dd>
        {document.querySelector<HTMLScriptElement>("script[type=module]")?.src.split("/").pop() ??
          "dev"}
      </dd>
      <dt>Geo data</dt>
      <dd>
        GeoLite2 City by MaxMind (CC BY-SA 4.0), via @ip-location-db; ASN data via @ip-location-db.
      </dd>
    </dl>
  );
}

/** One developer section. */
export function DeveloperPage() {
  const { title } = useRouteHandle();
  const content = title === "Debug settings"
    ? <DebugSettingsForm />
    : title === "Build info"
    ? <BuildInfo />
    : title === "Messages"
    ? <MessagesTool />
    : <ComingSoon what={`The ${title.toLowerCase()} tool arrives with the monitor work.`} />;
  return (
    <section className="section" aria-labelledby="developer-section-title">
      <h2 id="developer-section-title" className="section__title">{title}</h2>
      {content}
    </section>
  );
}
