/** The campaign form's fields: source, domain, cost, destination (rotation, inline flow, URL, campaign). */
import { useRef } from "react";
import {
  BotPolicy,
  type CampaignInput,
  CampaignStatus,
  CostModel,
  type Destination,
  RedirectMode,
} from "../../contracts/campaign.ts";
import type { CrudAction } from "../app/route_rules.ts";
import { FlowEditor } from "../flow/flow_editor.tsx";
import { newFlow } from "../flow/flow_model.ts";
import { GroupField } from "../ui/form_controls.tsx";
import { formFields } from "../ui/form_kit.ts";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<CampaignInput>();

const options = <T extends string>(values: readonly T[], labels: Partial<Record<T, string>> = {}) =>
  values.map((v) => [v, labels[v] ?? v] as const);

/** Cost model labels. */
export const COST_MODEL_LABELS: Record<string, string> = {
  cpc: "CPC",
  cpm: "CPM",
  cpa: "CPA",
  revshare: "RevShare %",
  auto: "Auto (from the source)",
};

/** What the cost value means under each model; "auto" has none (the source sends the cost). */
const COST_VALUE_LABELS: Record<string, string> = {
  cpc: "Cost per click",
  cpm: "Cost per 1,000 clicks",
  cpa: "Cost per conversion",
  revshare: "Share of revenue, %",
};

/** The cost value, labelled for the chosen model, or a note where the model has none. */
function CostValueField() {
  const model = F.useField("costModel").value ?? "cpc";
  const label = COST_VALUE_LABELS[model];
  if (!label) {
    return (
      <p className="muted field-note" data-testid="cost-value-note">
        The cost comes with each click from the source's cost parameter.
      </p>
    );
  }
  return <F.NumberField path="costValue" label={label} step={0.0001} />;
}

const DESTINATIONS: Array<[Destination["type"], string]> = [
  ["flow", "Flow (rules in this campaign)"],
  ["rotation", "Rotation"],
  ["url", "URL"],
  ["campaign", "Another campaign"],
];

/** A new destination of a type; its target stays empty (null) until the user picks one. */
function blankDestination(type: Destination["type"]): unknown {
  switch (type) {
    case "flow":
      return { type, flow: newFlow() };
    case "rotation":
      return { type, rotationId: null };
    case "url":
      return { type, url: "" };
    case "campaign":
      return { type, campaignId: null };
  }
}

function DestinationEditor({ selfId }: { selfId?: number }) {
  const destination = F.useField("destination");
  // Switching type and back keeps what was typed for each type.
  const kept = useRef(new Map<string, unknown>());
  const current = destination.value;
  const zone = F.useField("timeZone").value;
  const zoneNote = zone
    ? `Weekday and hour criteria run in ${zone} (this campaign's time zone).`
    : "Weekday and hour criteria run in the report time zone (Settings → Stats of the owner).";
  const choose = (type: Destination["type"]) => {
    kept.current.set(current.type, current);
    destination.set((kept.current.get(type) ?? blankDestination(type)) as Destination);
  };
  return (
    <section className="section card" aria-label="Destination">
      <h3 className="section__title">Destination</h3>
      <div className="segmented" role="radiogroup" aria-label="Destination type">
        {DESTINATIONS.map(([type, label]) => (
          <label key={type} className={`segmented__item${current.type === type ? " is-on" : ""}`}>
            <input
              type="radio"
              name="destination-type"
              value={type}
              checked={current.type === type}
              disabled={destination.readOnly}
              onChange={() =>
                choose(type)}
            />
            {label}
          </label>
        ))}
      </div>
      {current.type === "rotation" && (
        <F.EntityField
          path="destination.rotationId"
          label="Rotation"
          resource="rotations"
          empty="Choose a rotation…"
        />
      )}
      {current.type === "url" && (
        <F.TextField
          path="destination.url"
          label="URL"
          placeholder="https://offer.example/?click={clickid}"
        />
      )}
      {current.type === "campaign" && (
        <F.EntityField
          path="destination.campaignId"
          label="Campaign"
          resource="campaigns"
          empty="Choose a campaign…"
          filter={(item) => item.id !== selfId}
        />
      )}
      {current.type === "flow" && (
        <FlowEditor base={F.place("destination.flow")} zoneNote={zoneNote} />
      )}
    </section>
  );
}

/** The fields. */
export function CampaignFields(props: { action: CrudAction }) {
  const selfId = props.action.type === "edit" ? props.action.id : undefined;
  return (
    <div className="stack">
      <section className="section card" aria-label="General">
        <div className="form-grid">
          <F.TextField path="name" label="Name" />
          <GroupField type="campaign" />
          <F.SelectField path="status" label="Status" options={options(CampaignStatus.options)} />
          <F.EntityField
            path="trafficSourceId"
            label="Traffic source"
            resource="traffic-sources"
            empty="None"
          />
          <F.EntityField
            path="domainId"
            label="Tracking domain"
            resource="domains"
            empty="Default tracking domain"
          />
          <F.SelectField
            path="costModel"
            label="Cost model"
            options={options(CostModel.options, COST_MODEL_LABELS)}
          />
          <CostValueField />
          <F.TextField
            path="costCurrency"
            label="Cost currency"
            placeholder="USD"
            clean={(text) => text.toUpperCase()}
          />
        </div>
      </section>
      <DestinationEditor selfId={selfId} />
      <section className="section card" aria-label="Advanced">
        <h3 className="section__title">Advanced</h3>
        <div className="form-grid">
          <F.SelectField
            path="botPolicy"
            label="Bots and poor-quality clicks"
            options={options(BotPolicy.options, {
              route: "Route like everyone",
              block: "Block",
              flag: "Route and flag (no cost)",
            })}
          />
          <F.NumberField path="uniquenessHours" label="Uniqueness window, hours" step={1} />
          <F.TextField
            path="postbackUrl"
            label="Postback URL (overrides the source's)"
            placeholder="https://…{externalid}…"
          />
          <F.SelectField
            path="redirectMode"
            label="Redirect"
            options={options(RedirectMode.options, {
              "302": "302 redirect",
              meta: "Meta refresh (hides the referrer)",
              "double-meta": "Double meta refresh (no referrer at all)",
            })}
          />
          <F.TextField
            path="timeZone"
            label="Time zone of weekday and hour rules"
            placeholder="Report time zone (e.g. Europe/Berlin)"
          />
          <F.CheckField
            path="domainOnly"
            label="Clicks only on its tracking domain (404 on any other host)"
          />
        </div>
        <F.TextAreaField path="notes" label="Notes" rows={2} />
      </section>
    </div>
  );
}
