/** Settings → Postback processing: aliases, duplicate policy, default allowlist, and the tester. */
import { type FormEvent, useState } from "react";
import {
  DuplicatePolicy,
  PostbackTestInput,
  type PostbackTestResult,
} from "../../contracts/postback_processing.ts";
import { SETTINGS_TOOL_ROUTES } from "../../contracts/api/settings_tools.ts";
import { ConversionStatus } from "../../contracts/stats.ts";
import { call } from "../app/api.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { Field } from "../ui/field.tsx";
import { SectionForm } from "./section_form.tsx";
import { Input, useIsAdmin } from "./controls.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";
import { SimpleTable } from "../ui/simple_table.tsx";

const POLICY_LABELS: Record<DuplicatePolicy, string> = {
  replace: "Replace: the newest conversion of a click counts (upsell offers add)",
  ignore: "Ignore: the first conversion of a click stands",
  add: "Add: every postback with a new txid counts",
};

function Tester() {
  const [input, setInput] = useState({ url: "", ip: "" });
  const [result, setResult] = useState<PostbackTestResult | undefined>(undefined);
  const run = async (event: FormEvent) => {
    event.preventDefault();
    const checked = PostbackTestInput.safeParse(input);
    if (!checked.success) return notify(checked.error.issues[0].message, { type: "error" });
    try {
      setResult(await call(SETTINGS_TOOL_ROUTES.postbackTest, { body: checked.data }));
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <form className="card stack" aria-label="Postback tester" onSubmit={run} noValidate>
      <h3 className="card__title">Postback tester</h3>
      <p className="muted">Shows what a postback would do. Nothing is written.</p>
      <div className="settings-row">
        <Input
          label="Postback URL"
          path="url"
          value={input.url}
          placeholder="https://track.example.com/postback?clickid=…&status=approved&payout=10"
          errors={{}}
          onChange={(url) => setInput({ ...input, url })}
        />
        <Input
          label="Sender IP (optional)"
          path="ip"
          value={input.ip}
          placeholder="203.0.113.9"
          errors={{}}
          onChange={(ip) => setInput({ ...input, ip })}
        />
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
                <span className={s.ok ? "steps__mark--ok" : "steps__mark--bad"} aria-hidden="true">
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
  );
}

/** The postback processing screen. */
export function PostbackProcessingSettings() {
  const section = useSection("postback-processing");
  const admin = useIsAdmin();
  const [alias, setAlias] = useState({ text: "", status: "sale" as ConversionStatus });
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
            <div className="settings-row">
              <Input
                label="Status text"
                path="statusAliases"
                value={alias.text}
                errors={section.errors}
                onChange={(text) => setAlias({ ...alias, text })}
              />
              <Field label="Means">
                <select
                  value={alias.status}
                  onChange={(e) =>
                    setAlias({ ...alias, status: e.target.value as ConversionStatus })}
                >
                  {ConversionStatus.options.map((s) => <option key={s} value={s}>{s}</option>)}
                </select>
              </Field>
              <button
                type="button"
                className="btn"
                disabled={!alias.text.trim()}
                onClick={() => {
                  setAliases([...aliases, [alias.text.trim().toLowerCase(), alias.status]]);
                  setAlias({ ...alias, text: "" });
                }}
              >
                Add alias
              </button>
            </div>
            <fieldset className="field settings-fieldset">
              <legend className="field__label">A second postback for a converted click</legend>
              {DuplicatePolicy.options.map((p) => (
                <label key={p} className="check">
                  <input
                    type="radio"
                    name="duplicatePolicy"
                    checked={d.duplicatePolicy === p}
                    onChange={() => section.change({ duplicatePolicy: p })}
                  />
                  {POLICY_LABELS[p]}
                </label>
              ))}
            </fieldset>
            <label className="field">
              <span className="field__label">
                Default IP allowlist (one address or CIDR per line; empty allows all)
              </span>
              <textarea
                className="settings-textarea settings-textarea--code"
                value={d.ipAllowlist.join("\n")}
                onChange={(e) =>
                  section.change({
                    ipAllowlist: e.target.value.split("\n").map((l) => l.trim()).filter(Boolean),
                  })}
              />
            </label>
          </>
        )}
      </SectionForm>
    </div>
  );
}
