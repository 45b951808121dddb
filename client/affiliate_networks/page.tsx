/** Affiliate network screens (lazy chunk): list and form (postback token, IP allowlist, status map). */
import useSWR from "swr";
import { AffiliateNetworkInput } from "../../contracts/affiliate_network.ts";
import { AffiliateNetworkTemplate } from "../../contracts/integration.ts";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import type { CrudAction } from "../app/route_rules.ts";
import { ApplyTemplate, TEMPLATES_KEY } from "../settings/apply_template.tsx";
import { CopyRow } from "../settings/controls.tsx";
import { matchingTemplate, networkPostbackUrl } from "./postback_url.ts";
import { ConversionStatus } from "../../contracts/stats.ts";
import { useEventTypes } from "../settings/event_types.ts";
import type { FormConfig } from "../entities/entity_form.tsx";
import type { ListConfig } from "../entities/entity_list.tsx";
import { GroupField } from "../ui/form_controls.tsx";
import { entityPages } from "../entities/entity_pages.tsx";
import { moneyHistory } from "../entities/money_changes.tsx";
import { formFields } from "../ui/form_kit.ts";
import type { InputOf } from "../entities/entity_api.ts";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<InputOf<"affiliate-networks">>();

const list: ListConfig<"affiliate-networks"> = {
  resource: "affiliate-networks",
  path: "/affiliate-networks",
  title: "Affiliate Networks",
  noun: "affiliate network",
  subject: "affiliate-network",
  groupType: "affiliate-network",
  reportType: "affiliate-network",
  stats: true,
  columns: [
    {
      key: "currency",
      label: "Currency",
      width: 72,
      sort: "currency",
      render: (n) => n.currency,
    },
    { key: "token", label: "Token", width: 70, render: (n) => (n.postbackToken ? "set" : "—") },
    {
      key: "template",
      label: "Offer URL template",
      width: 220,
      render: (n) => <span className="ellipsis">{n.offerUrlTemplate || "—"}</span>,
    },
  ],
};

/** The server's tracking links without a campaign: the address and postback path. */
const LINKS_URL = routeUrl(TOOLS.trackingLinks, {});

function StatusMapField() {
  const field = F.useField("statusMap");
  const entries = Object.entries(field.value ?? {});
  const write = (next: Array<[string, string]>) => field.set(Object.fromEntries(next));
  const events = useEventTypes();
  return (
    <fieldset className="field status-map form-grid__full" disabled={field.readOnly}>
      <legend className="field__label">
        Status mapping (network status → Rotor status or event type)
      </legend>
      {entries.map(([from, to], i) => (
        <div key={i} className="status-map__row">
          <input
            aria-label={`Network status ${i + 1}`}
            value={from}
            onChange={(e) => write(entries.map((p, j) => (j === i ? [e.target.value, p[1]] : p)))}
          />
          <span aria-hidden="true">→</span>
          <select
            aria-label={`Rotor status ${i + 1}`}
            value={to}
            onChange={(e) => write(entries.map((p, j) => (j === i ? [p[0], e.target.value] : p)))}
          >
            {ConversionStatus.options.map((s) => <option key={s} value={s}>{s}</option>)}
            {events.length > 0 && (
              <optgroup label="Event types (Settings → Postback processing → Events)">
                {events.map((e) => (
                  <option key={e.name} value={e.name}>
                    {e.label || e.name} (event, {e.status})
                  </option>
                ))}
              </optgroup>
            )}
            {!ConversionStatus.safeParse(to).success && !events.some((e) => e.name === to) && (
              <option value={to}>{to} (not in Settings → Postback processing → Events)</option>
            )}
          </select>
          <button
            type="button"
            className="btn btn--small btn--icon"
            aria-label={`Remove status ${i + 1}`}
            onClick={() => write(entries.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn--small btn--ghost"
        disabled={"" in (field.value ?? {})}
        onClick={() => write([...entries, ["", "sale"]])}
      >
        + Add status
      </button>
      {field.error && <p className="field__error" role="alert">{field.error}</p>}
    </fieldset>
  );
}

function TokenField() {
  const field = F.useField("postbackToken");
  const generate = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    field.set(Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""));
  };
  return (
    <div className="inline-pair form-grid__wide">
      <F.TextField
        path="postbackToken"
        label="Postback token"
        placeholder="empty: no token check"
      />
      {!field.readOnly && (
        <button type="button" className="btn btn--small" onClick={generate}>Generate</button>
      )}
    </div>
  );
}

/** The postback URL to paste into the network, built from its saved fields, with a Copy button. */
function PostbackHint() {
  const token = F.useField("postbackToken").value ?? "";
  const offerUrlTemplate = F.useField("offerUrlTemplate").value ?? "";
  const links = useSWR(LINKS_URL, () => call(TOOLS.trackingLinks, {}));
  const list = useSWR(TEMPLATES_KEY, () => call(TOOLS.templates, {}));
  if (!links.data) return null;
  const template = matchingTemplate(list.data?.affiliateNetworks ?? [], offerUrlTemplate);
  const url = networkPostbackUrl(links.data, { template, token });
  return (
    <div className="preview" data-testid="postback-hint">
      <CopyRow label="Postback URL" value={url} testId="network-postback-url" />
      <p className="muted">
        {template
          ? `Paste it into the network's postback settings as it is (${template.name} macros).`
          : "Replace the {…} parts with the network's own macros."}
      </p>
    </div>
  );
}

function NetworkFields({ action }: { action: CrudAction }) {
  return (
    <div className="stack">
      {action.type === "create" && (
        <ApplyTemplate
          kind="affiliateNetworks"
          fields={AffiliateNetworkTemplate.shape.fields}
        />
      )}
      <NetworkGeneral />
    </div>
  );
}

function NetworkGeneral() {
  return (
    <section className="section card" aria-label="General">
      <div className="form-grid">
        <F.TextField path="name" label="Name" />
        <GroupField type="affiliate-network" />
        <F.TextField path="currency" label="Currency" clean={(text) => text.toUpperCase()} />
        <TokenField />
      </div>
      <F.TextField
        path="offerUrlTemplate"
        label="Offer URL template"
        placeholder="{offer_url}?sub1={clickid}"
      />
      <PostbackHint />
      <div className="form-grid">
        <F.LinesField
          className="form-grid__wide"
          path="postbackIpAllowlist"
          label="Postback IP allowlist (one CIDR per line)"
          placeholder="203.0.113.0/24"
        />
        <StatusMapField />
      </div>
      <F.TextAreaField path="notes" label="Notes" rows={2} />
    </section>
  );
}

const form: FormConfig<"affiliate-networks"> = {
  resource: "affiliate-networks",
  path: "/affiliate-networks",
  noun: "affiliate network",
  subject: "affiliate-network",
  schema: AffiliateNetworkInput,
  blanks: { name: "" },
  Fields: NetworkFields,
  History: moneyHistory("affiliate-networks", "Currency changes", { currency: "Currency" }),
};

/** The list and the create / edit / clone form. */
export const { ListPage, FormPage } = entityPages(list, form);

/** Networks have no mass edit. */
export function MassEditPage() {
  return null;
}
