/** Settings → Postback processing: aliases, duplicate policy, default allowlist, and the tester. */
import { type FormEvent, useState } from "react";
import { z } from "zod";
import {
  DuplicatePolicy,
  PostbackTestInput,
  type PostbackTestResult,
} from "../../contracts/postback_processing.ts";
import { SETTINGS_TOOL_ROUTES } from "../../contracts/api/settings_tools.ts";
import { ConversionStatus } from "../../contracts/stats.ts";
import { call } from "../app/api.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { formFields } from "../ui/form_kit.ts";
import { FormContext } from "../ui/form_state.ts";
import { useLocalForm } from "../ui/local_form.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import { SectionForm } from "./section_form.tsx";
import { useIsAdmin } from "./controls.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";
import { SimpleTable } from "../ui/simple_table.tsx";

const POLICY_LABELS: Record<DuplicatePolicy, string> = {
  replace: "Replace: the newest conversion of a click counts (upsell offers add)",
  ignore: "Ignore: the first conversion of a click stands",
  add: "Add: every postback with a new txid counts",
};

const F = formFields<SettingsValue<"postback-processing">>();
const TestFields = formFields<z.input<typeof PostbackTestInput>>();

/** A status alias being added: the network's text and the status it means. */
const AliasInput = z.object({ text: z.string(), status: ConversionStatus.default("sale") });
const AliasFields = formFields<z.input<typeof AliasInput>>();

function Tester() {
  const form = useLocalForm(PostbackTestInput, { url: "", ip: "" });
  const [result, setResult] = useState<PostbackTestResult | undefined>(undefined);
  const run = async (event: FormEvent) => {
    event.preventDefault();
    // The tester names the first problem in a toast, not under a field.
    const checked = PostbackTestInput.safeParse(form.values);
    if (!checked.success) return notify(checked.error.issues[0].message, { type: "error" });
    try {
      setResult(await call(SETTINGS_TOOL_ROUTES.postbackTest, { body: checked.data }));
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <FormContext.Provider value={form.api}>
      <form className="card stack" aria-label="Postback tester" onSubmit={run} noValidate>
        <h3 className="card__title">Postback tester</h3>
        <p className="muted">Shows what a postback would do. Nothing is written.</p>
        <div className="settings-row">
          <TestFields.TextField
            path="url"
            label="Postback URL"
            placeholder="https://track.example.com/postback?clickid=…&status=approved&payout=10"
          />
          <TestFields.TextField path="ip" label="Sender IP (optional)" placeholder="203.0.113.9" />
          <button type="submit" className="btn btn--primary">Test</button>
        </div>
        {result && (
          <div className="stack" aria-live="polite" data-testid="postback-result">
            <p className="outcome">
              {result.outcome === "record" ? "✓" : result.outcome === "duplicate" ? "=" : "✗"}{" "}
              {result.summary} <span className="muted">(HTTP {result.httpStatus})</span>
            </p>
            <ol className="steps">
              {result.steps.map((s) => (
                <li key={s.name}>
                  <span
                    className={s.ok ? "steps__mark--ok" : "steps__mark--bad"}
                    aria-hidden="true"
                  >
                    {s.ok ? "✓" : "✗"}
                  </span>
                  <strong>{s.name}</strong>
                  <span>{s.detail}</span>
                </li>
              ))}
            </ol>
          </div>
        )}
      </form>
    </FormContext.Provider>
  );
}

/** The postback processing screen. */
export function PostbackProcessingSettings() {
  const section = useSection("postback-processing");
  const admin = useIsAdmin();
  // Its values always hold a status (the select has no empty choice).
  const alias = useLocalForm<typeof AliasInput, z.output<typeof AliasInput>>(AliasInput, {
    text: "",
    status: "sale",
  });
  const d = section.draft;
  const aliases = Object.entries(d?.statusAliases ?? {});
  const setAliases = (entries: Array<[string, ConversionStatus]>) =>
    section.change({ statusAliases: Object.fromEntries(entries) });
  return (
    <div className="stack">
      {admin && <Tester />}
      <SectionForm
        label="Postback processing"
        readOnly={!admin}
        {...sectionFormProps(section)}
      >
        {d && (
          <>
            <h3 className="section__title">Status aliases</h3>
            <p className="muted">
              Used after the network's own status map; text is matched without case.
            </p>
            <SimpleTable heads={["Network says", "Rotor status"]} actions>
              {aliases.map(([text, status]) => (
                <tr key={text}>
                  <td>
                    <code>{text}</code>
                  </td>
                  <td>{status}</td>
                  <td className="simple-table__actions">
                    <button
                      type="button"
                      className="btn"
                      onClick={() => setAliases(aliases.filter(([t]) => t !== text))}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </SimpleTable>
            <FormContext.Provider value={{ ...alias.api, readOnly: !admin }}>
              <div className="settings-row">
                <AliasFields.TextField path="text" label="Status text" />
                <AliasFields.SelectField
                  path="status"
                  label="Means"
                  options={ConversionStatus.options.map((s) => [s, s] as const)}
                />
                <button
                  type="button"
                  className="btn"
                  disabled={!alias.values.text.trim()}
                  onClick={() => {
                    const { text, status } = alias.values;
                    setAliases([...aliases, [text.trim().toLowerCase(), status]]);
                    alias.setValues({ ...alias.values, text: "" });
                  }}
                >
                  Add alias
                </button>
              </div>
            </FormContext.Provider>
            <F.FieldError path="statusAliases" />
            <F.RadioField
              path="duplicatePolicy"
              label="A second postback for a converted click"
              className="settings-fieldset"
              options={DuplicatePolicy.options.map((p) => [p, POLICY_LABELS[p]] as const)}
            />
            <F.LinesField
              path="ipAllowlist"
              label="Default IP allowlist (one address or CIDR per line; empty allows all)"
            />
          </>
        )}
      </SectionForm>
    </div>
  );
}
