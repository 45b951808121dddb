/** Settings → Feedback (a message with build info) and Beta (feature flags). */
import type { FormEvent } from "react";
import type { z } from "zod";
import useSWR from "swr";
import { type BuildInfo, FeedbackInput } from "../../contracts/feedback.ts";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";
import { routeUrl } from "../../contracts/route.ts";
import { BetaFlag, type SettingsValue } from "../../contracts/settings.ts";
import { call } from "../app/api.ts";
import { notify } from "../app/toasts.tsx";
import { DataState } from "../ui/data_state.tsx";
import { formFields } from "../ui/form_kit.ts";
import { FormContext } from "../ui/form_state.ts";
import { useLocalForm } from "../ui/local_form.ts";
import { SectionForm } from "./section_form.tsx";
import { useIsAdmin } from "./controls.tsx";
import { sectionFormProps, showFailure, useSection } from "./use_section.ts";
import { applyBetaFlags } from "./preferences.ts";

const Feedback = formFields<z.input<typeof FeedbackInput>>();
const Beta = formFields<SettingsValue<"beta">>();

function BuildFacts(props: { info: BuildInfo }) {
  const { info } = props;
  return (
    <dl className="facts" data-testid="build-info">
      <dt>Version</dt>
      <dd>{info.version}</dd>
      <dt>Deno</dt>
      <dd>{info.deno}</dd>
      <dt>SQLite</dt>
      <dd>{info.sqlite}</dd>
      <dt>System</dt>
      <dd>{info.os}</dd>
      <dt>Running since</dt>
      <dd>{new Date(info.startedAt).toLocaleString()}</dd>
    </dl>
  );
}

/** The feedback screen. */
export function FeedbackSettings() {
  const info = useSWR(routeUrl(TOOLS.buildInfo, {}), () => call(TOOLS.buildInfo, {}));
  const messages = useSWR(routeUrl(TOOLS.feedback, {}), () => call(TOOLS.feedback, {}));
  const form = useLocalForm(FeedbackInput, { message: "", attachBuildInfo: true });
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.check();
    if (!checked) return;
    try {
      await call(TOOLS.leaveFeedback, { body: checked });
      form.setValues({ ...form.values, message: "" });
      form.setErrors({});
      await messages.mutate();
      notify("Thank you: the message is saved", { type: "success" });
    } catch (err) {
      showFailure(err, form.setErrors);
    }
  };
  return (
    <div className="stack">
      <FormContext.Provider value={form.api}>
        <form className="card stack" aria-label="Feedback" onSubmit={send} noValidate>
          <Feedback.TextAreaField path="message" label="Your message" rows={5} />
          <Feedback.CheckField path="attachBuildInfo" label="Attach the build info below" />
          <div>
            <button type="submit" className="btn btn--primary">Send</button>
          </div>
        </form>
      </FormContext.Provider>
      <div className="card stack">
        <h3 className="card__title">Build info</h3>
        <DataState loading={info.isLoading} error={info.error}>
          {info.data && <BuildFacts info={info.data} />}
        </DataState>
      </div>
      <h3 className="section__title">Messages</h3>
      <DataState
        loading={messages.isLoading}
        error={messages.error}
        empty={(messages.data?.items.length ?? 0) === 0}
        emptyText="No messages yet."
      >
        <ul className="stack" aria-label="Messages">
          {messages.data?.items.map((m) => (
            <li key={m.id} className="card">
              <p className="muted">
                {m.username ?? "someone"} · {new Date(m.createdAt).toLocaleString()}
                {m.buildInfo && ` · ${m.buildInfo.version}`}
              </p>
              <p>{m.message}</p>
            </li>
          ))}
        </ul>
      </DataState>
    </div>
  );
}

const FLAG_TEXT: Record<BetaFlag, [string, string]> = {
  compactTables: ["Compact tables", "Tighter rows in lists and tables."],
  keyboardShortcuts: ["Keyboard shortcuts", "Press / to jump to the list's search box."],
};

/** The beta screen: flags apply to everyone's panel on their next load. */
export function BetaSettings() {
  const section = useSection("beta");
  const admin = useIsAdmin();
  const d = section.draft;
  return (
    <SectionForm
      label="Beta features"
      readOnly={!admin}
      {...sectionFormProps(section, () =>
        void section.save().then((ok) => ok && d && applyBetaFlags(d.flags)))}
    >
      <p className="muted">Features still being shaped. They may change or go away.</p>
      {d && BetaFlag.options.map((flag) => (
        <Beta.CheckField
          key={flag}
          path={`flags.${flag}`}
          label={FLAG_TEXT[flag][0]}
          hint={FLAG_TEXT[flag][1]}
        />
      ))}
    </SectionForm>
  );
}
