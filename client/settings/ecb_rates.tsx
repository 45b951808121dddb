/** Settings → Stats → Currency rates → ECB: the daily fetch's settings, its last run and "Fetch now". */
import { useState } from "react";
import useSWR from "swr";
import { CURRENCY_RATE_ROUTES } from "../../contracts/api/currency_rates.ts";
import type { EcbRun } from "../../contracts/currency_rate.ts";
import { call } from "../app/api.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { SectionForm } from "./section_form.tsx";
import { refreshRates } from "./currency_rates_upload.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import { formFields } from "../ui/form_kit.ts";

const F = formFields<SettingsValue<"ecb-rates">>();

/** `3 days: 85 added, 0 changed, 0 the same, 2 kept`. */
function summary(run: EcbRun): string {
  return `${run.days} day${run.days === 1 ? "" : "s"}: ${run.added} added, ${run.changed} ` +
    `changed, ${run.unchanged} the same, ${run.kept} of yours kept`;
}

/** The ECB card; plain users see the settings and the last run, read-only. */
export function EcbRatesCard(props: { admin: boolean }) {
  const section = useSection("ecb-rates");
  const run = useSWR(
    CURRENCY_RATE_ROUTES.lastRun.path,
    () => call(CURRENCY_RATE_ROUTES.lastRun, {}),
  );
  const [busy, setBusy] = useState(false);
  const d = section.draft;
  const fetchNow = async () => {
    setBusy(true);
    try {
      const result = await call(CURRENCY_RATE_ROUTES.fetch, {});
      notify(`ECB rates fetched — ${summary(result)}`, { type: "success" });
      await refreshRates();
    } catch (err) {
      notifyError(err);
      await run.mutate();
    } finally {
      setBusy(false);
    }
  };
  const last = run.data?.lastRun;
  return (
    <section className="card stack" aria-label="ECB rates">
      <h3 className="card__title">European Central Bank</h3>
      <p className="muted">
        Fetches the ECB's euro reference rates once a day (published on working days around 16:00
        CET). Rates you set by hand or by CSV are never overwritten by the fetch.
      </p>
      <SectionForm label="ECB settings" readOnly={!props.admin} {...sectionFormProps(section)}>
        {d && (
          <>
            <F.CheckField path="enabled" label="Fetch the ECB's rates every day" />
            <div className="form-grid">
              <div className="form-grid__wide">
                <F.TextField path="url" label="Feed URL" />
              </div>
              <F.NumberField
                path="hour"
                label="From hour (UTC)"
                min={0}
                max={23}
                hint="The day's fetch runs from this hour on"
              />
            </div>
          </>
        )}
      </SectionForm>
      {last
        ? (
          <dl className="facts" data-testid="ecb-last-run">
            <dt>Last fetch</dt>
            <dd>{new Date(last.finishedAt).toLocaleString()} ({last.trigger})</dd>
            <dt>{last.error ? "Error" : "Result"}</dt>
            <dd>{last.error ?? summary(last)}</dd>
          </dl>
        )
        : <p className="muted">Never fetched yet.</p>}
      {props.admin && (
        <div>
          <button type="button" className="btn" disabled={busy} onClick={() => void fetchNow()}>
            {busy ? "Fetching…" : "Fetch now"}
          </button>
        </div>
      )}
    </section>
  );
}
