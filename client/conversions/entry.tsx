/**
 * Conversions entered by admins (issue 13 item 3): one by hand, or a CSV of
 * `clickid, status, payout, currency, txid, time` checked row by row first.
 * Both follow the postback's rules on the server.
 */
import { useId, useState } from "react";
import type { z } from "zod";
import { CONVERSION_ROUTES } from "../../contracts/api/reports.ts";
import { ConversionEntry } from "../../contracts/conversion_entry.ts";
import { call } from "../app/api.ts";
import { mutatePanel } from "../app/swr_config.ts";
import { notify } from "../app/toasts.tsx";
import { formFields } from "../ui/form_kit.ts";
import { showDialogError } from "../ui/form_errors.ts";
import { FormContext } from "../ui/form_state.ts";
import { useLocalForm } from "../ui/local_form.ts";
import { Modal } from "../ui/modal.tsx";
import { CsvActions, CsvRowErrors, CsvRowsInput, useCsvUpload } from "../ui/csv_rows.tsx";

/** Lists, reports and trends count conversions: after a change, all of them reload. */
const refreshAll = () => mutatePanel(() => true);

const EMPTY = { clickId: "", status: "lead", payout: "", currency: "", txid: "", time: "" };
const F = formFields<z.input<typeof ConversionEntry>>();

type DialogProps = { tz: string; onClose: () => void; onChanged: () => void };

function AddDialog(props: DialogProps) {
  const titleId = useId();
  const form = useLocalForm(ConversionEntry, EMPTY);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      // The server checks the entry (the offer's payout, the click's time); its issues come back.
      const body = { ...form.values, tz: props.tz };
      const result = await call(CONVERSION_ROUTES.enter, { body });
      notify(
        result.outcome === "recorded"
          ? `Conversion recorded as ${result.status}`
          : `Already recorded: this click has a ${result.status} with this txid`,
        { type: result.outcome === "recorded" ? "success" : "info" },
      );
      await refreshAll();
      props.onChanged();
      props.onClose();
    } catch (err) {
      showDialogError(err, Object.keys(EMPTY), form.setErrors);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal titleId={titleId} title="Add conversion" onCancel={props.onClose}>
      <div className="modal__body stack">
        <p className="muted">
          Recorded as a postback would be: the network's status words, the offer's payout when it is
          fixed, and once per click, txid and status.
        </p>
        <FormContext.Provider value={form.api}>
          <div className="form-grid">
            {(
              [
                ["clickId", "Click id"],
                ["status", "Status (lead, sale, rejected, hold or the network's word)"],
                ["payout", "Payout (empty: the offer's)"],
                ["currency", "Currency (empty: the offer's)"],
                ["txid", "Transaction id"],
                ["time", `Time, ${props.tz} (empty: now), e.g. 2026-11-20 14:30`],
              ] as const
            ).map(([key, label]) => <F.TextField key={key} path={key} label={label} />)}
          </div>
        </FormContext.Provider>
      </div>
      <div className="modal__actions">
        <button type="button" className="btn" onClick={props.onClose}>Cancel</button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          onClick={() => void save()}
        >
          Add conversion
        </button>
      </div>
    </Modal>
  );
}

const EXAMPLE =
  "clickid,status,payout,currency,txid,time\n0P7…,sale,25.00,USD,TX-1,2026-11-20 14:30";

function UploadDialog(props: DialogProps) {
  const titleId = useId();
  const upload = useCsvUpload(CONVERSION_ROUTES.upload, {
    body: { tz: props.tz },
    onApplied: async () => {
      await refreshAll();
      props.onChanged();
    },
  });
  const answer = upload.answer;
  const tally = (outcome: string) => answer?.rows.filter((r) => r.outcome === outcome).length ?? 0;
  const refused = answer?.rows.filter((r) => r.outcome === "refused") ?? [];
  return (
    <Modal titleId={titleId} title="Upload conversions" onCancel={props.onClose} wide>
      <div className="modal__body stack">
        <p className="muted">
          One row per conversion: <code>clickid, status, payout, currency, txid, time</code>{" "}
          (time in{" "}
          {props.tz}; empty payout or currency: the offer's). Check the file first: it applies only
          when no row is refused, and rows already recorded count once.
        </p>
        <CsvRowsInput value={upload.csv} placeholder={EXAMPLE} onChange={upload.setCsv} />
        {answer && (
          <p role="status" data-testid="upload-outcome">
            {answer.applied ? "Applied: " : "Checked: "}
            {tally("recorded")} to record, {tally("duplicate")} already recorded, {refused.length}
            {" "}
            refused{refused.length > 0 && "; nothing was applied"}.
          </p>
        )}
        <CsvRowErrors rows={refused} testId="upload-errors" />
      </div>
      <div className="modal__actions">
        <button type="button" className="btn" onClick={props.onClose}>Close</button>
        <CsvActions upload={upload} refused={refused.length} send={upload.send} />
      </div>
    </Modal>
  );
}

/** The Conversions screen's buttons for admins. */
export function ConversionEntryActions(props: { tz: string; onChanged: () => void }) {
  const [open, setOpen] = useState<"add" | "upload" | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen("upload")}>
        Upload conversions
      </button>
      <button type="button" className="btn btn--primary" onClick={() => setOpen("add")}>
        Add conversion
      </button>
      {open === "add" && <AddDialog {...props} onClose={close} />}
      {open === "upload" && <UploadDialog {...props} onClose={close} />}
    </>
  );
}
