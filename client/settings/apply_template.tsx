/**
 * "Apply template" on the traffic-source and affiliate-network create forms:
 * picks one of Settings → Integration's templates (built-in and the team's)
 * and fills the form with its parameters and postback macros.
 */
import { useId, useState } from "react";
import useSWR from "swr";
import type { z } from "zod";
import type {
  AffiliateNetworkTemplate,
  IntegrationTemplates,
  TrafficSourceTemplate,
} from "../../contracts/integration.ts";
import { SETTINGS_TOOL_ROUTES } from "../../contracts/api/settings_tools.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { notify } from "../app/toasts.tsx";
import { initialValues, useForm } from "../ui/form_state.ts";

type Template = TrafficSourceTemplate | AffiliateNetworkTemplate;

/** The template list's SWR key. */
export const TEMPLATES_KEY = routeUrl(SETTINGS_TOOL_ROUTES.templates, {});

/**
 * The form values a template gives: every field a template may fill is set,
 * to the template's value or back to the form's default (so applying a second
 * template leaves nothing of the first).
 */
export function templateValues(
  template: Template,
  options: { fields: z.ZodObject; form: z.ZodObject },
): Record<string, unknown> {
  const defaults = initialValues(options.form, {});
  const given = template.fields as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(options.fields.shape)) {
    values[key] = given[key] ?? defaults[key] ?? (key === "tokens" ? [] : undefined);
  }
  return values;
}

/** The picker; `onApplied` hears which template was applied (networks show its postback). */
export function ApplyTemplate<K extends keyof IntegrationTemplates>(props: {
  kind: K;
  /** The template's `fields` schema: which form fields a template owns. */
  fields: z.ZodObject;
  onApplied?: (template: IntegrationTemplates[K][number]) => void;
}) {
  const form = useForm();
  const id = useId();
  const [chosen, setChosen] = useState("");
  const list = useSWR(TEMPLATES_KEY, () => call(SETTINGS_TOOL_ROUTES.templates, {}));
  const templates: ReadonlyArray<IntegrationTemplates[K][number]> = list.data?.[props.kind] ?? [];
  if (form.readOnly) return null;
  const apply = () => {
    const template = templates.find((t) => t.id === chosen);
    if (!template) return;
    const values = templateValues(template, {
      fields: props.fields,
      form: form.schema as z.ZodObject,
    });
    for (const [key, value] of Object.entries(values)) form.set(key, value);
    if (!String(form.values.name ?? "").trim()) form.set("name", template.name);
    props.onApplied?.(template);
    notify(`${template.name} template applied`, { type: "success" });
  };
  return (
    <section className="section card" aria-label="Template">
      <div className="inline-pair">
        <div className="field">
          <label className="field__label" htmlFor={id}>Start from a template</label>
          <select
            id={id}
            value={chosen}
            disabled={!list.data}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">{list.error ? "Templates could not be loaded" : "Choose…"}</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>{t.name}{t.builtIn ? "" : " (team)"}</option>
            ))}
          </select>
        </div>
        <button type="button" className="btn" disabled={!chosen} onClick={apply}>
          Apply template
        </button>
      </div>
      <p className="muted">
        Fills the parameters and postback macros; edit anything before saving. Teams add their own
        in Settings → Integration.
      </p>
    </section>
  );
}
