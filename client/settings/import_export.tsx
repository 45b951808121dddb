/** Settings → Import / export: every entity as one file, and a checked import back. */
import { useState } from "react";
import { ExportFile, type ImportSummary } from "../../contracts/import_export.ts";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";
import { call } from "../app/api.ts";
import { notify } from "../app/toasts.tsx";
import { SectionForm } from "./section_form.tsx";
import { BackupsCard } from "./backups.tsx";
import { useIsAdmin } from "./controls.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import { formFields } from "../ui/form_kit.ts";

const F = formFields<SettingsValue<"import-export">>();

async function download(): Promise<void> {
  const file = await call(TOOLS.export, {});
  const blob = new Blob([JSON.stringify(file, null, 2)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `rotor-export-${file.exportedAt.slice(0, 10)}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}

function Summary(props: { summary: ImportSummary }) {
  const { summary } = props;
  return (
    <div className="stack" data-testid="import-summary">
      <p className="outcome">
        {summary.dryRun ? "Checked: importing would create" : "Imported:"}
      </p>
      <dl className="facts">
        {Object.entries(summary.created).map(([table, n]) => (
          <div key={table} style={{ display: "contents" }}>
            <dt>{table.replaceAll("_", " ")}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      {summary.notes.map((note) => <p key={note} className="notice notice--warning">{note}</p>)}
    </div>
  );
}

/** The import / export screen. */
export function ImportExportSettings() {
  const section = useSection("import-export");
  const admin = useIsAdmin();
  const [file, setFile] = useState<ExportFile | undefined>(undefined);
  const [summary, setSummary] = useState<ImportSummary | undefined>(undefined);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const pick = async (picked: File | undefined) => {
    setSummary(undefined);
    setError("");
    setFile(undefined);
    if (!picked) return;
    try {
      const parsed = ExportFile.safeParse(JSON.parse(await picked.text()));
      if (!parsed.success) throw new Error("This is not a Rotor export file");
      setFile(parsed.data);
      await run(parsed.data, true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const run = async (data: ExportFile, dryRun: boolean) => {
    setBusy(true);
    try {
      const result = await call(TOOLS.import, { body: { file: data, dryRun } });
      setSummary(result);
      setError("");
      if (!dryRun) {
        setFile(undefined);
        notify("Import finished", { type: "success" });
      }
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  if (!admin) return <p className="muted">Only admins export and import.</p>;
  return (
    <div className="stack">
      <div className="card stack">
        <h3 className="card__title">Export</h3>
        <p className="muted">
          Groups, domains, traffic sources, affiliate networks, offers, landers, rotations and
          campaigns in one JSON file. Users and clicks are not included.
        </p>
        <SectionForm
          label="Export settings"
          {...sectionFormProps(section)}
        >
          {section.draft && <F.CheckField path="includeArchived" label="Include archived items" />}
        </SectionForm>
        <div>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() =>
              void download().catch((e) => notify(String(e.message ?? e), { type: "error" }))}
          >
            Download export
          </button>
        </div>
      </div>
      <div className="card stack">
        <h3 className="card__title">Import</h3>
        <p className="muted">
          The file is checked first (nothing is written); then apply it in one go. New ids are given
          and references follow them; if anything fails, nothing is imported.
        </p>
        <label className="field">
          <span className="field__label">Export file</span>
          <input
            type="file"
            accept="application/json,.json"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </label>
        {error && <p className="notice notice--error" role="alert">{error}</p>}
        {summary && <Summary summary={summary} />}
        {file && summary?.dryRun && (
          <div>
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void run(file, false)}
            >
              {busy ? "Importing…" : "Apply import"}
            </button>
          </div>
        )}
      </div>
      <BackupsCard />
    </div>
  );
}
