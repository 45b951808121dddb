/** Settings → Public API, Click API and LP protect. */
import { SectionForm } from "./section_form.tsx";
import { CopyRow, useIsAdmin } from "./controls.tsx";
import { sectionFormProps, useSection, useSectionData } from "./use_section.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import { formFields } from "../ui/form_kit.ts";
import { ApiKeys } from "./api_keys.tsx";
import { useOptions } from "../entities/entity_api.ts";
import { DataState } from "../ui/data_state.tsx";
import { trackingBase } from "./default_domain.ts";

const PublicApi = formFields<SettingsValue<"public-api">>();
const ClickApi = formFields<SettingsValue<"click-api">>();
const LpProtect = formFields<SettingsValue<"lp-protect">>();

/** Public API: the switch, your keys, and the document. */
export function PublicApiSettings() {
  const section = useSection("public-api");
  const admin = useIsAdmin();
  return (
    <div className="stack">
      <p>
        Send a key as an <code>Api-Key</code> header on any <code>/api/…</code>{" "}
        call; it acts as you, with your rights. The document:{" "}
        <a href="/api/docs" target="_blank" rel="noreferrer">API reference</a> ·{" "}
        <a href="/api/openapi.json" target="_blank" rel="noreferrer">openapi.json</a>
      </p>
      <SectionForm
        label="Public API"
        readOnly={!admin}
        {...sectionFormProps(section)}
      >
        {section.draft && (
          <PublicApi.CheckField
            path="enabled"
            label="Accept API keys"
            hint="Off: every key is refused (the click API has its own switch)."
          />
        )}
      </SectionForm>
      <h3 className="section__title">Your API keys</h3>
      <ApiKeys scope="api" />
    </div>
  );
}

/** Click API: the switch, click-only keys, and an example call. */
export function ClickApiSettings() {
  const section = useSection("click-api");
  const admin = useIsAdmin();
  // The tracking domain, as Settings → Tracking links builds the click link, not the panel's.
  const domains = useOptions("domains");
  const links = useSectionData("tracking-links");
  const base = trackingBase(domains.data?.items ?? [], {
    settings: links.data,
    origin: location.origin,
  });
  const example = [
    `curl -X POST ${base}/api/click-api/v1 \\`,
    `  -H 'Api-Key: rk_…' -H 'Content-Type: application/json' \\`,
    `  -d '{"key":"CAMPAIGN_KEY","ip":"203.0.113.7","userAgent":"Mozilla/5.0 …",` +
    `"params":{"subid":"123"}}'`,
  ].join("\n");
  return (
    <div className="stack">
      <p className="muted">
        A lander's server or a proxy asks Rotor for a click and gets the decision as JSON (click id
        and where to send the visitor) instead of a redirect.
      </p>
      <SectionForm
        label="Click API"
        readOnly={!admin}
        {...sectionFormProps(section)}
      >
        {section.draft && <ClickApi.CheckField path="enabled" label="Enable the click API" />}
      </SectionForm>
      <div className="card stack">
        <h3 className="card__title">Example request</h3>
        <DataState loading={domains.isLoading || links.isLoading}>
          <CopyRow label="curl" value={example} testId="click-api-example" />
        </DataState>
        <p className="muted">
          Answer:{" "}
          <code className="wrap">
            {`{"clickId":"…","url":"https://…","rule":null,"blocked":false}`}
          </code>
        </p>
      </div>
      <h3 className="section__title">Click-only keys</h3>
      <p className="muted">These keys reach the click API and nothing else.</p>
      <ApiKeys scope="click" />
    </div>
  );
}

/** LP protect: protected landers open only with a fresh click. */
export function LpProtectSettings() {
  const section = useSection("lp-protect");
  const admin = useIsAdmin();
  const d = section.draft;
  return (
    <div className="stack">
      <p className="muted">
        Landers marked “protect” open only for a visitor who came through a click in the last
        minutes; anyone else (spy tools, copied links) gets a 404.
      </p>
      <SectionForm
        label="LP protect"
        readOnly={!admin}
        {...sectionFormProps(section)}
      >
        {d && (
          <>
            <LpProtect.CheckField path="enabled" label="Protect landers" />
            <div className="form-grid">
              <LpProtect.NumberField
                path="tokenLifetimeMinutes"
                label="Token lifetime (minutes)"
                min={1}
              />
            </div>
          </>
        )}
      </SectionForm>
    </div>
  );
}
