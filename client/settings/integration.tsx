/**
 * Settings → Integration: the traffic-source and affiliate-network templates
 * the create forms offer. Built-in ones can be hidden; the team's own are
 * added as JSON (checked by the same contract the server uses).
 */
import { useState } from "react";
import useSWR from "swr";
import { IntegrationSettings } from "../../contracts/integration.ts";
import { SETTINGS_TOOL_ROUTES } from "../../contracts/api/settings_tools.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { DataState } from "../ui/data_state.tsx";
import { checkWith } from "../ui/form_errors.ts";
import { SectionForm } from "./section_form.tsx";
import { useIsAdmin } from "./controls.tsx";
import { useSection } from "./use_section.ts";
import { filledFields } from "./template_fields.ts";

const TEMPLATES = SETTINGS_TOOL_ROUTES.templates;

function Templates(props: {
  title: string;
  items: Array<{ id: string; name: string; builtIn: boolean; fields: object }>;
  hidden: string[];
  onHide: (id: string, hide: boolean) => void;
  readOnly: boolean;
}) {
  return (
    <div className="card stack">
      <h3 className="card__title">{props.title}</h3>
      <div className="table-wrap">
        <table className="simple-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Fills</th>
              <th>Shown in forms</th>
            </tr>
          </thead>
          <tbody>
            {props.items.map((t) => (
              <tr key={t.id}>
                <td>
                  {t.name} {!t.builtIn && <span className="chip">custom</span>}
                </td>
                <td className="muted">{filledFields(t.fields)}</td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Show ${t.name}`}
                    disabled={props.readOnly}
                    checked={!props.hidden.includes(t.id)}
                    onChange={(e) => props.onHide(t.id, !e.target.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The integration screen. */
export function IntegrationSettingsPage() {
  const section = useSection("integration");
  const admin = useIsAdmin();
  const templates = useSWR(routeUrl(TEMPLATES, {}), () => call(TEMPLATES, {}));
  const [text, setText] = useState<string | undefined>(undefined);
  const [jsonError, setJsonError] = useState("");
  const d = section.draft;
  // Hidden templates are left out of the answer; list them too, so they can be shown again.
  const all = (kind: "trafficSources" | "affiliateNetworks") => {
    const listed = templates.data?.[kind] ?? [];
    return listed;
  };
  const custom = d
    ? { trafficSources: d.trafficSources, affiliateNetworks: d.affiliateNetworks }
    : {};
  const shownText = text ?? JSON.stringify(custom, null, 2);
  const save = async () => {
    if (!d) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(shownText);
    } catch {
      setJsonError("The custom templates are not valid JSON");
      return;
    }
    const checked = checkWith(IntegrationSettings, { ...d, ...(parsed as object) });
    if (!checked.ok) {
      setJsonError(Object.entries(checked.errors).map(([k, v]) => `${k}: ${v}`).join("; "));
      return;
    }
    setJsonError("");
    if (await section.save(checked.value)) {
      setText(undefined);
      await templates.mutate();
    }
  };
  const hide = (id: string, on: boolean) => {
    if (!d) return;
    const hidden = on ? [...d.hidden, id] : d.hidden.filter((h) => h !== id);
    void section.save({ ...d, hidden }).then(() => templates.mutate());
  };
  return (
    <div className="stack">
      <p className="muted">
        The create forms of traffic sources and affiliate networks offer these templates: picking
        one fills the parameters, tokens, postback URL or status names.
      </p>
      <DataState loading={templates.isLoading || !d} error={templates.error ?? section.error}>
        {d && (
          <>
            <Templates
              title="Traffic sources"
              items={all("trafficSources")}
              hidden={d.hidden}
              onHide={hide}
              readOnly={!admin}
            />
            <Templates
              title="Affiliate networks"
              items={all("affiliateNetworks")}
              hidden={d.hidden}
              onHide={hide}
              readOnly={!admin}
            />
            {d.hidden.length > 0 && admin && (
              <p className="muted">
                Hidden: {d.hidden.join(", ")}{" "}
                <button
                  type="button"
                  className="btn"
                  onClick={() =>
                    void section.save({ ...d, hidden: [] }).then(() => templates.mutate())}
                >
                  Show all
                </button>
              </p>
            )}
          </>
        )}
      </DataState>
      <SectionForm
        label="Custom templates"
        loading={section.loading}
        error={undefined}
        errors={jsonError ? { templates: jsonError } : section.errors}
        saving={section.saving}
        dirty={text !== undefined}
        readOnly={!admin}
        onSave={() => void save()}
      >
        <label className="field">
          <span className="field__label">Your templates (JSON)</span>
          <textarea
            className="settings-textarea settings-textarea--code"
            rows={10}
            value={shownText}
            spellCheck={false}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <p className="muted">
          Example:{" "}
          <code>
            {`{"trafficSources":[{"id":"my-dsp","name":"My DSP","fields":{"externalIdParam":{"param":"cid","placeholder":"{click_id}"}}}],"affiliateNetworks":[]}`}
          </code>
        </p>
      </SectionForm>
    </div>
  );
}
