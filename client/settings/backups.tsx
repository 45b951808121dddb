/** Settings → Import / export → Backups: the schedule, the retention, and "back up now". */
import { useState } from "react";
import useSWR from "swr";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { SectionForm } from "./section_form.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import { formFields } from "../ui/form_kit.ts";

const F = formFields<SettingsValue<"backups">>();

/** The backups card (admins only: the Import / export screen is theirs). */
export function BackupsCard() {
  const section = useSection("backups");
  const run = useSWR(routeUrl(TOOLS.backupLastRun, {}), () => call(TOOLS.backupLastRun, {}));
  const [busy, setBusy] = useState(false);
  const d = section.draft;
  const backUpNow = async () => {
    setBusy(true);
    try {
      const result = await call(TOOLS.backupRun, {});
      await run.mutate(result, { revalidate: false });
      if (result.lastRun?.error) notify(result.lastRun.error, { type: "error" });
      else notify("Backup written", { type: "success" });
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const last = run.data?.lastRun;
  return (
    <div className="card stack" aria-label="Backups">
      <h3 className="card__title">Backups</h3>
      <p className="muted">
        A copy of the database and hosted files, taken while clicks keep flowing. Restore one with
        {" "}
        <code>deno task rotor restore FOLDER</code> while the server is stopped.
      </p>
      <SectionForm label="Backup settings" {...sectionFormProps(section)}>
        {d && (
          <>
            <F.CheckField path="enabled" label="Back up on a schedule" />
            <div className="form-grid">
              <F.NumberField path="everyHours" label="Every (hours)" min={1} />
              <F.NumberField path="keep" label="Keep the newest" min={1} />
              <F.TextField
                path="folder"
                label="Folder on the server (empty: backups in the data folder)"
                placeholder="/var/backups/rotor"
              />
            </div>
          </>
        )}
      </SectionForm>
      {last
        ? (
          <dl className="facts" data-testid="last-backup">
            <dt>Last backup</dt>
            <dd>{new Date(last.finishedAt).toLocaleString()} ({last.trigger})</dd>
            {last.path && <dt>Folder</dt>}
            {last.path && <dd>{last.path}</dd>}
            {last.error && <dt>Error</dt>}
            {last.error && <dd>{last.error}</dd>}
          </dl>
        )
        : <p className="muted">No backup taken yet.</p>}
      <div>
        <button type="button" className="btn" disabled={busy} onClick={() => void backUpNow()}>
          {busy ? "Backing up…" : "Back up now"}
        </button>
      </div>
    </div>
  );
}
