/** Traffic source screens (lazy chunk): list and form (params, tokens, postback). */
import { type PostbackEvent, TrafficSourceInput } from "../../contracts/traffic_source.ts";
import { useEventTypes } from "../settings/event_types.ts";
import { TrafficSourceTemplate } from "../../contracts/integration.ts";
import type { CrudAction } from "../app/route_rules.ts";
import { ApplyTemplate } from "../settings/apply_template.tsx";
import { ConversionStatus } from "../../contracts/stats.ts";
import type { FormConfig } from "../entities/entity_form.tsx";
import type { ListConfig } from "../entities/entity_list.tsx";
import { GroupField } from "../ui/form_controls.tsx";
import { TokensField } from "./tokens_field.tsx";
import { entityPages } from "../entities/entity_pages.tsx";
import { formFields } from "../ui/form_kit.ts";
import type { InputOf } from "../entities/entity_api.ts";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<InputOf<"traffic-sources">>();

const list: ListConfig<"traffic-sources"> = {
  resource: "traffic-sources",
  path: "/traffic-sources",
  title: "Traffic Sources",
  noun: "traffic source",
  subject: "traffic-source",
  groupType: "traffic-source",
  reportType: "traffic-source",
  stats: true,
  columns: [
    {
      key: "tokens",
      label: "Tokens",
      width: 64,
      align: "end",
      render: (s) => s.tokens.length,
    },
    { key: "postback", label: "Postback", width: 80, render: (s) => (s.postbackUrl ? "on" : "—") },
  ],
};

function StatusesField() {
  const field = F.useField("postbackStatuses");
  const on = new Set(field.value ?? []);
  return (
    // Two columns of the grid: the four statuses stay on one line instead of leaving one behind.
    <fieldset className="field form-grid__wide" disabled={field.readOnly}>
      <legend className="field__label">Send postbacks for</legend>
      <div className="inline-checks">
        {ConversionStatus.options.map((s) => (
          <label key={s} className="check">
            <input
              type="checkbox"
              checked={on.has(s)}
              onChange={() =>
                field.set(
                  ConversionStatus.options.filter((x) => (x === s ? !on.has(x) : on.has(x))),
                )}
            />
            {s}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Which conversion events go back to the source (decision 167): a checked event is sent, to its
 * own URL when one is given, else to the postback URL; `{event}` carries its name.
 */
function EventsField() {
  const field = F.useField("postbackEvents");
  const types = useEventTypes();
  const list = field.value ?? [];
  const known = new Set(types.map((t) => t.name));
  const names = [
    ...types.map((t) => t.name),
    ...list.map((e) => e.event).filter((n) => !known.has(n)),
  ];
  if (names.length === 0) return null;
  const set = (name: string, rule: PostbackEvent | null) =>
    field.set(
      names.flatMap((n) => {
        if (n === name) return rule ? [rule] : [];
        const kept = list.find((e) => e.event === n);
        return kept ? [kept] : [];
      }),
    );
  return (
    <fieldset className="field form-grid__full" disabled={field.readOnly}>
      <legend className="field__label">
        Send postbacks for events (whatever their base status; {"{event}"} is the name)
      </legend>
      <div className="stack">
        {names.map((name) => {
          const rule = list.find((e) => e.event === name);
          const label = types.find((t) => t.name === name)?.label || name;
          return (
            <div key={name} className="inline-pair">
              <label className="check">
                <input
                  type="checkbox"
                  checked={!!rule}
                  onChange={() => set(name, rule ? null : { event: name, url: "" })}
                />
                {label}
              </label>
              {rule && (
                <input
                  aria-label={`Postback URL for ${name}`}
                  value={rule.url}
                  placeholder="empty: the postback URL above"
                  onChange={(e) => set(name, { event: name, url: e.target.value })}
                />
              )}
            </div>
          );
        })}
      </div>
      {field.error && <p className="field__error" role="alert">{field.error}</p>}
    </fieldset>
  );
}

function SourceFields({ action }: { action: CrudAction }) {
  return (
    <div className="stack">
      {action.type === "create" && (
        <ApplyTemplate kind="trafficSources" fields={TrafficSourceTemplate.shape.fields} />
      )}
      <section className="section card" aria-label="General">
        <div className="form-grid">
          <F.TextField path="name" label="Name" />
          <GroupField type="traffic-source" />
        </div>
      </section>
      <section className="section card" aria-label="Parameters">
        <h3 className="section__title">Parameters the source passes</h3>
        <div className="form-grid">
          <F.TextField path="externalIdParam.param" label="External id param" placeholder="subid" />
          <F.TextField
            path="externalIdParam.placeholder"
            label="External id placeholder"
            placeholder="{SUBID}"
          />
          <F.TextField path="costParam.param" label="Cost param" placeholder="cost" />
          <F.TextField path="costParam.placeholder" label="Cost placeholder" placeholder="{COST}" />
        </div>
        <TokensField />
      </section>
      <section className="section card" aria-label="Postback">
        <h3 className="section__title">Postback to the source</h3>
        <F.TextField
          path="postbackUrl"
          label="Postback URL"
          placeholder="https://source.example/pb?id={externalid}&payout={payout}"
        />
        <div className="form-grid">
          <StatusesField />
          <F.NumberField path="postbackPercent" label="Send % of postbacks" step={1} />
          <F.NumberField path="payoutPercent" label="Report % of payout" step={1} />
          <EventsField />
        </div>
        <F.TextAreaField path="notes" label="Notes" rows={2} />
      </section>
    </div>
  );
}

const form: FormConfig<"traffic-sources"> = {
  resource: "traffic-sources",
  path: "/traffic-sources",
  noun: "traffic source",
  subject: "traffic-source",
  schema: TrafficSourceInput,
  blanks: { name: "", externalIdParam: { param: "", placeholder: "" } },
  Fields: SourceFields,
};

/** The list and the create / edit / clone form. */
export const { ListPage, FormPage } = entityPages(list, form);

/** Sources have no mass edit. */
export function MassEditPage() {
  return null;
}
