/** Settings → Tracking links: a campaign's links for a chosen domain, ready to copy. */
import { EntityPicker } from "../entities/entity_picker.tsx";
import { useState } from "react";
import useSWR from "swr";
import { SETTINGS_TOOL_ROUTES } from "../../contracts/api/settings_tools.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { DataState } from "../ui/data_state.tsx";
import { Field } from "../ui/field.tsx";
import { useOptions } from "../entities/entity_api.ts";
import { SectionForm } from "./section_form.tsx";
import { CopyRow, useIsAdmin } from "./controls.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import { formFields } from "../ui/form_kit.ts";
import { defaultDomainLabel } from "./default_domain.ts";

const F = formFields<SettingsValue<"tracking-links">>();

/** The links builder and the default domain. */
export function TrackingLinksSettings() {
  const domains = useOptions("domains");
  const networks = useOptions("affiliate-networks");
  const [choice, setChoice] = useState({ campaignId: "", domainId: "", affiliateNetworkId: "" });
  // The query as the address carries it: digits, an empty choice left out.
  const query = {
    campaignId: choice.campaignId || undefined,
    domainId: choice.domainId || undefined,
    affiliateNetworkId: choice.affiliateNetworkId || undefined,
  };
  const route = SETTINGS_TOOL_ROUTES.trackingLinks;
  const links = useSWR(routeUrl(route, { query }), () => call(route, { query }));
  const section = useSection("tracking-links");
  const admin = useIsAdmin();
  const live = <T extends { archived: boolean }>(items: T[] | undefined) =>
    (items ?? []).filter((i) => !i.archived);
  return (
    <div className="stack">
      <div className="card stack">
        <h3 className="card__title">Build links</h3>
        <div className="form-grid">
          <Field label="Campaign (type to search; empty: postback and pixel only)">
            <EntityPicker
              resource="campaigns"
              label="Campaign"
              placeholder="Any campaign: type its name"
              onChange={(id) => setChoice({ ...choice, campaignId: id === null ? "" : String(id) })}
            />
          </Field>
          <Field label="Domain">
            <select
              value={choice.domainId}
              onChange={(e) => setChoice({ ...choice, domainId: e.target.value })}
            >
              <option value="">Campaign's or default</option>
              {live(domains.data?.items).map((d) => (
                <option key={d.id} value={d.id}>{String(d.host)}</option>
              ))}
            </select>
          </Field>
          <Field label="Affiliate network (its token on the postback and pixel)">
            <select
              value={choice.affiliateNetworkId}
              onChange={(e) => setChoice({ ...choice, affiliateNetworkId: e.target.value })}
            >
              <option value="">— none —</option>
              {live(networks.data?.items).map((n) => (
                <option key={n.id} value={n.id}>{n.name}</option>
              ))}
            </select>
          </Field>
        </div>
        <DataState loading={links.isLoading} error={links.error}>
          {links.data && (
            <div className="stack">
              <CopyRow label="Click link" value={links.data.click} testId="link-click" />
              <CopyRow
                label="Direct tracking script"
                value={links.data.directScript}
                testId="link-direct-script"
              />
              <CopyRow label="Lander click-through" value={links.data.landerClick} />
              <CopyRow label="Postback URL" value={links.data.postback} testId="link-postback" />
              <CopyRow label="Pixel" value={links.data.pixel} />
              <CopyRow label="Pixel HTML" value={links.data.pixelHtml} />
            </div>
          )}
        </DataState>
      </div>
      <SectionForm
        label="Default link settings"
        title="Defaults"
        readOnly={!admin}
        {...sectionFormProps(section, () => void section.save().then(() => links.mutate()))}
      >
        {section.draft && (
          <div className="form-grid">
            <F.SelectField
              path="domainId"
              label="Default domain"
              empty={defaultDomainLabel(live(domains.data?.items))}
              options={live(domains.data?.items).map((d) => [d.id, String(d.host)] as const)}
            />
            <F.SelectField
              path="scheme"
              label="Scheme"
              options={[["https", "https"], ["http", "http"]]}
            />
          </div>
        )}
      </SectionForm>
    </div>
  );
}
