/** Settings → Auto clearings clicks: how long raw clicks stay, exceptions, and the last run. */
import useSWR from "swr";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { Field } from "../ui/field.tsx";
import { useOptions } from "../entities/entity_api.ts";
import { SectionForm } from "./section_form.tsx";
import { useIsAdmin } from "./controls.tsx";
import { sectionFormProps, useSection, useSectionData } from "./use_section.ts";
import { useConfirm } from "../ui/confirm.tsx";
import type { SettingsValue } from "../../contracts/settings.ts";
import { formFields } from "../ui/form_kit.ts";

const F = formFields<SettingsValue<"auto-clearing">>();

/** What "Run now" deletes, in words: the saved plan (not unsaved edits), which runs even when off. */
function planText(saved: SettingsValue<"auto-clearing"> | undefined): string {
  if (!saved) return "Raw clicks older than the saved number of days are deleted now.";
  const kept = saved.exceptions.length;
  const exceptions = kept === 0
    ? ""
    : ` ${kept} campaign exception${kept === 1 ? "" : "s"} keep${kept === 1 ? "s" : ""} ${
      kept === 1 ? "its" : "their"
    } own days.`;
  return `Raw clicks older than ${saved.keepDays} days are deleted now, as saved.${exceptions}`;
}

function LastRunCard() {
  const run = useSWR(routeUrl(TOOLS.clearingLastRun, {}), () => call(TOOLS.clearingLastRun, {}));
  const saved = useSectionData("auto-clearing").data;
  const admin = useIsAdmin();
  const [confirm, dialog] = useConfirm();
  const runNow = async () => {
    const ok = await confirm({
      title: "Delete old clicks now?",
      body: `${
        planText(saved)
      } Clicks with conversions stay, and reports keep their totals, but the deleted clicks' details cannot be brought back.`,
      action: "Delete old clicks",
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await call(TOOLS.clearingRun, {});
      await run.mutate(result, { revalidate: false });
      notify("Clearing finished", { type: "success" });
    } catch (err) {
      notifyError(err);
    }
  };
  const last = run.data?.lastRun;
  return (
    <div className="card stack" aria-label="Last run">
      <h3 className="card__title">Last run</h3>
      {last
        ? (
          <dl className="facts" data-testid="last-run">
            <dt>Finished</dt>
            <dd>{new Date(last.finishedAt).toLocaleString()} ({last.trigger})</dd>
            <dt>Deleted</dt>
            <dd>{last.deleted.toLocaleString()} clicks in {last.batches} batches</dd>
            <dt>Longest batch</dt>
            <dd>{last.longestBatchMs} ms</dd>
            {last.error && <dt>Error</dt>}
            {last.error && <dd>{last.error}</dd>}
          </dl>
        )
        : <p className="muted">Not run yet. The job runs every hour while enabled.</p>}
      {admin && (
        <div>
          <button type="button" className="btn" onClick={() => void runNow()}>Run now</button>
        </div>
      )}
      {dialog}
    </div>
  );
}

/** The auto-clearing form. */
export function AutoClearingSettings() {
  const section = useSection("auto-clearing");
  const campaigns = useOptions("campaigns");
  const admin = useIsAdmin();
  const d = section.draft;
  const exceptions = d?.exceptions ?? [];
  const setExceptions = (list: typeof exceptions) => section.change({ exceptions: list });
  const free = (campaigns.data?.items ?? []).filter((c) =>
    !c.archived && !exceptions.some((e) => e.campaignId === c.id)
  );
  return (
    <div className="stack">
      <p className="muted">
        Raw clicks older than the kept days are deleted in small batches, so clicks keep flowing.
        Clicks with conversions are always kept; reports keep their totals.
      </p>
      <SectionForm
        label="Auto-clearing"
        readOnly={!admin}
        {...sectionFormProps(section)}
      >
        {d && (
          <>
            <F.CheckField path="enabled" label="Delete old clicks automatically" />
            <div className="form-grid">
              <F.NumberField path="keepDays" label="Keep raw clicks (days)" min={1} />
            </div>
            <h3 className="section__title">Campaign exceptions</h3>
            {exceptions.length === 0 && <p className="muted">No exceptions.</p>}
            {exceptions.map((e, i) => (
              <div className="settings-row" key={e.campaignId}>
                <span className="field">
                  {campaigns.data?.items.find((c) => c.id === e.campaignId)?.name ??
                    `Campaign ${e.campaignId}`}
                </span>
                <F.NumberField
                  path={`exceptions.${i}.keepDays`}
                  label="Keep (days, empty = forever)"
                  nullable
                />
                <button
                  type="button"
                  className="btn"
                  onClick={() => setExceptions(exceptions.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              </div>
            ))}
            <Field label="Add an exception">
              <select
                value=""
                onChange={(e) =>
                  e.target.value &&
                  setExceptions([...exceptions, {
                    campaignId: Number(e.target.value),
                    keepDays: null,
                  }])}
              >
                <option value="">Choose a campaign…</option>
                {free.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </select>
            </Field>
          </>
        )}
      </SectionForm>
      <LastRunCard />
    </div>
  );
}
