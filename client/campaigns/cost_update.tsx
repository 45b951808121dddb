/**
 * Cost updates in the panel (decision 160): the dialog that sets or adds the
 * real spend of the selected campaigns (or of the report shown) over a
 * period, with a preview first; the history with undo; the CSV upload.
 */
import { useId, useState } from "react";
import useSWR from "swr";
import type { z } from "zod";
import { CostUpdateInput, type CostUpdateResult } from "../../contracts/cost_update.ts";
import type { ReportFilter } from "../../contracts/report_query.ts";
import { call } from "../app/api.ts";
import { COST_ROUTES } from "../../contracts/api/costs.ts";
import { routeUrl } from "../../contracts/route.ts";
import { usePanelSettings } from "../app/panel_settings.ts";
import { mutatePanel } from "../app/swr_config.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { formatMoney } from "../ui/format.ts";
import { Modal } from "../ui/modal.tsx";
import { CsvActions, CsvRowErrors, CsvRowsInput, useCsvUpload } from "../ui/csv_rows.tsx";
import { showDialogError } from "../ui/form_errors.ts";
import { formFields } from "../ui/form_kit.ts";
import { FormContext } from "../ui/form_state.ts";
import { useLocalForm } from "../ui/local_form.ts";
import type { SelectionActionProps } from "../entities/entity_list.tsx";
import { useMyAccount, useOptions } from "../entities/entity_api.ts";
import { canWrite } from "../../contracts/rights.ts";

/** `1 row`, `2 rows`. */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** Every list, report and trend shows cost: after a change, all of them reload. */
const refreshAll = () => mutatePanel(() => true);

const F = formFields<z.input<typeof CostUpdateInput>>();
/** The dialog's fields: an issue at one of them shows under it, not in a toast too. */
const DIALOG_FIELDS = ["from", "to", "amount", "currency", "mode", "token", "uniqueOnly"];

/** What the dialog starts from: the campaigns, and the period and filters on screen. */
export type CostScope = {
  campaignIds: number[];
  from: string;
  to: string;
  tz: string;
  filters?: ReportFilter[];
};

/** The cost-update dialog. */
export function CostUpdateDialog(props: { scope: CostScope; onClose: () => void }) {
  const shown = usePanelSettings().currency;
  const titleId = useId();
  const [preview, setPreview] = useState<CostUpdateResult | null>(null);
  const filters = props.scope.filters ?? [];
  // Any change drops the preview: "Update cost" waits for a new one.
  const form = useLocalForm(CostUpdateInput, () => ({
    campaignIds: props.scope.campaignIds,
    from: props.scope.from,
    to: props.scope.to,
    tz: props.scope.tz,
    filters,
    token: "",
    amount: Number.NaN,
    // The ad account's currency; reports convert it to the one they show (decision 163).
    currency: shown,
    mode: "replace" as const,
    uniqueOnly: false,
  }), { onChange: () => setPreview(null) });
  const currency = form.values.currency ?? "";
  const [busy, setBusy] = useState(false);
  const send = async (dryRun: boolean) => {
    setBusy(true);
    try {
      // The server checks the whole update; its field issues come back under the fields.
      const result = await call(COST_ROUTES.apply, {
        body: { ...form.values, currency: currency.trim().toUpperCase(), dryRun },
      });
      form.setErrors({});
      if (dryRun) return setPreview(result);
      notify(`Cost of ${result.clicks} clicks set: ${formatMoney(result.costAfter, currency)}`, {
        type: "success",
      });
      await refreshAll();
      props.onClose();
    } catch (err) {
      setPreview(null);
      showDialogError(err, DIALOG_FIELDS, form.setErrors);
    } finally {
      setBusy(false);
    }
  };
  const campaigns = props.scope.campaignIds.length;
  return (
    <Modal titleId={titleId} title="Update cost" onCancel={props.onClose}>
      <div className="modal__body stack" data-testid="cost-update">
        <p className="muted">
          The real spend of {campaigns === 1 ? "this campaign" : `these ${campaigns} campaigns`}
          {" "}
          over the period, spread equally over its clicks (bots stay free). Reports, lists and
          trends show it at once; the update can be undone.
          {filters.length > 0 && ` Only clicks matching the report's ${filters.length} filter(s).`}
        </p>
        <FormContext.Provider value={form.api}>
          <div className="form-grid">
            <F.TextField path="from" label="From" type="date" />
            <F.TextField path="to" label="To (inclusive)" type="date" />
            <F.NumberField path="amount" label="Amount" min={0} />
            <F.TextField
              path="currency"
              label="Currency"
              hint={currency.trim().toUpperCase() === shown
                ? undefined
                : `Reports show it in ${shown}, at each day's rate (Settings → Stats → Currency rates).`}
            />
            <F.SelectField
              path="mode"
              label="Mode"
              options={[["replace", "Replace the period's cost"], [
                "add",
                "Add to the period's cost",
              ]]}
            />
            <F.TextField path="token" label="Only a token value (optional), e.g. zone=123" />
          </div>
          <F.CheckField path="uniqueOnly" label="Spread over unique clicks only" />
        </FormContext.Provider>
        {preview && (
          <p data-testid="cost-preview">
            {preview.clicks} clicks: cost {formatMoney(preview.costBefore, currency)} →{" "}
            <strong>{formatMoney(preview.costAfter, currency)}</strong>
          </p>
        )}
      </div>
      <div className="modal__actions">
        <button type="button" className="btn" onClick={props.onClose}>Cancel</button>
        <button type="button" className="btn" disabled={busy} onClick={() => void send(true)}>
          Preview
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy || !preview}
          title={preview ? undefined : "Preview first"}
          onClick={() => void send(false)}
        >
          Update cost
        </button>
      </div>
    </Modal>
  );
}

/** Recorded cost updates (of one campaign, or all), with undo. */
export function CostHistory(props: { campaignId?: number; writable: boolean }) {
  const query = { campaignId: props.campaignId };
  const history = useSWR(
    routeUrl(COST_ROUTES.list, { query }),
    () => call(COST_ROUTES.list, { query }),
  );
  const names = useOptions("campaigns");
  const nameOf = (id: number) => names.data?.items.find((c) => c.id === id)?.name ?? `#${id}`;
  const undo = async (id: number) => {
    try {
      await call(COST_ROUTES.undo, { params: { id } });
      notify(`Cost update #${id} undone`, { type: "success" });
      await refreshAll();
    } catch (err) {
      notifyError(err);
    }
  };
  const items = history.data?.items ?? [];
  if (items.length === 0) return <p className="muted">No cost updates yet.</p>;
  return (
    <table className="simple-table" aria-label="Cost updates">
      <thead>
        <tr>
          <th>#</th>
          <th>When</th>
          <th>Who</th>
          <th>Campaigns</th>
          <th>Period</th>
          <th>Clicks</th>
          <th>Cost before → after</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {items.map((u) => (
          <tr key={u.id}>
            <td>{u.id}</td>
            <td>{new Date(u.ts).toLocaleString()}</td>
            <td>{u.username} ({u.source})</td>
            <td>{u.campaignIds.map(nameOf).join(", ")}</td>
            <td>
              {u.from === u.to ? u.from : `${u.from} – ${u.to}`} {u.mode === "add" ? "(added)" : ""}
            </td>
            <td>{u.clicks}</td>
            <td>
              {formatMoney(u.costBefore, u.currency)} → {formatMoney(u.costAfter, u.currency)}
            </td>
            <td>
              {u.state === "failed"
                ? <span className="muted">failed, changed nothing</span>
                : u.state !== "done"
                ? <span className="muted">{u.state}…</span>
                : u.undoneAt
                ? <span className="muted">undone by {u.undoneBy}</span>
                : props.writable && (
                  <button
                    type="button"
                    className="btn btn--small"
                    onClick={() => void undo(u.id)}
                  >
                    Undo
                  </button>
                )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const CSV_EXAMPLE =
  "campaign,from,to,token,amount,currency\nSummer push,2026-11-20,2026-11-20,zone=123,48.50,USD";

/** The cost CSV upload (checked first, applied whole) and the history of every campaign. */
export function CostCsvDialog(props: { writable: boolean; tz: string; onClose: () => void }) {
  const titleId = useId();
  const upload = useCsvUpload(COST_ROUTES.csv, {
    body: { tz: props.tz },
    onApplied: async (result) => {
      notify(`${count(result.rows.length, "cost update")} applied`, { type: "success" });
      await refreshAll();
    },
  });
  const answer = upload.answer;
  const bad = answer?.rows.filter((r) => !r.ok) ?? [];
  return (
    <Modal titleId={titleId} title="Cost updates" onCancel={props.onClose} wide>
      <div className="modal__body stack" data-testid="cost-csv">
        {props.writable && (
          <>
            <p className="muted">
              One row per spend:{" "}
              <code>campaign, from, to[, token], amount, currency</code>. The campaign is its name
              or id; the token is optional (<code>zone=123</code>). Check the file first; it applies
              only when every row is right.
            </p>
            <CsvRowsInput value={upload.csv} placeholder={CSV_EXAMPLE} onChange={upload.setCsv} />
            {answer && (
              <p data-testid="csv-outcome" role="status">
                {answer.applied
                  ? `Applied ${count(answer.rows.length, "row")}.`
                  : bad.length
                  ? `${bad.length} of ${
                    count(answer.rows.length, "row")
                  } with errors; nothing was applied.`
                  : `${
                    answer.rows.length === 1 ? "The row is" : `All ${answer.rows.length} rows are`
                  } right.`}
              </p>
            )}
            <CsvRowErrors rows={bad} testId="csv-errors" />
          </>
        )}
        <h3 className="card__title">History</h3>
        <CostHistory writable={props.writable} />
      </div>
      <div className="modal__actions">
        <button type="button" className="btn" onClick={props.onClose}>Close</button>
        {props.writable && <CsvActions upload={upload} refused={bad.length} send={upload.send} />}
      </div>
    </Modal>
  );
}

/** The campaign list's bulk action: the selected campaigns' cost over the list's period. */
export function UpdateCostAction(props: SelectionActionProps) {
  const [open, setOpen] = useState(false);
  const today = new Date().toISOString().slice(0, 10);
  const scope = {
    campaignIds: props.ids,
    from: props.range?.from ?? today,
    to: props.range?.to ?? today,
    tz: props.timeZone,
  };
  return (
    <>
      <button type="button" className="btn btn--small" onClick={() => setOpen(true)}>
        Update cost
      </button>
      {open && (
        <CostUpdateDialog
          scope={scope}
          onClose={() => {
            setOpen(false);
            props.onDone();
          }}
        />
      )}
    </>
  );
}

/** The campaign list's header button: the CSV upload and every recorded update. */
export function CostUpdatesAction(props: { writable: boolean; timeZone: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>Cost updates</button>
      {open && (
        <CostCsvDialog
          writable={props.writable}
          tz={props.timeZone}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** The report's button: the campaigns' cost over the range and filters the report shows. */
export function ReportCostAction(props: { scope: CostScope }) {
  const [open, setOpen] = useState(false);
  const account = useMyAccount();
  if (!canWrite(account.data, "campaign")) return null;
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>Update cost</button>
      {open && <CostUpdateDialog scope={props.scope} onClose={() => setOpen(false)} />}
    </>
  );
}
