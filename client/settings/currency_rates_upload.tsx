/** Settings → Stats → Currency rates: the CSV upload (checked, then applied whole) and the history. */
import { useState } from "react";
import useSWR from "swr";
import { CURRENCY_RATE_ROUTES } from "../../contracts/api/currency_rates.ts";
import type { CurrencyRateCsvAnswer } from "../../contracts/currency_rate.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { notify } from "../app/toasts.tsx";
import { CsvActions, CsvRowErrors, CsvRowsInput, useCsvUpload } from "../ui/csv_rows.tsx";
import { DataState } from "../ui/data_state.tsx";
import { mutatePanel } from "../app/swr_config.ts";

/** Rates, their history and every report that converts with them reload after a change. */
export const refreshRates = () => mutatePanel(() => true);

const CSV_EXAMPLE = "day,currency,per_eur\n2026-11-20,USD,1.0856\n2026-11-20,GBP,0.8612";

/** `1 rate`, `2 rates`. */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** What a checked or applied file does. */
function outcome(answer: CurrencyRateCsvAnswer, refused: number): string {
  const what = `${answer.added} to add, ${answer.changed} to change, ${answer.unchanged} the same`;
  if (answer.applied) {
    return `Applied: ${answer.added} added, ${answer.changed} changed, ${answer.unchanged} the same.`;
  }
  if (refused) {
    return `${refused} of ${count(answer.rows.length, "row")} refused; nothing was applied.`;
  }
  return `${count(answer.rows.length, "row")} right: ${what}.`;
}

/** The CSV upload card (admins). */
export function RatesCsvCard() {
  const upload = useCsvUpload(CURRENCY_RATE_ROUTES.csv, {
    body: {},
    onApplied: async (result) => {
      notify(`${count(result.rows.length, "rate")} stored`, { type: "success" });
      await refreshRates();
    },
  });
  const answer = upload.answer;
  const bad = answer?.rows.filter((r) => !r.ok) ?? [];
  return (
    <section className="card stack" aria-label="Upload rates">
      <h3 className="card__title">Upload a CSV</h3>
      <p className="muted">
        One rate a row: <code>day, currency, per_eur</code>{" "}
        (a header row may name them in another order). Check the file first; it applies only when
        every row is right, and replaces the rates of those days.
      </p>
      <CsvRowsInput value={upload.csv} placeholder={CSV_EXAMPLE} onChange={upload.setCsv} />
      {answer && <p data-testid="rates-csv-outcome" role="status">{outcome(answer, bad.length)}</p>}
      <CsvRowErrors rows={bad} testId="rates-csv-errors" />
      <div className="toolbar">
        <CsvActions upload={upload} refused={bad.length} send={upload.send} />
      </div>
    </section>
  );
}

/** Newer / older buttons of a paged table and where the page is. */
export function Pager(props: {
  offset: number;
  page: number;
  shown: number;
  total?: number;
  onMove: (offset: number) => void;
}) {
  const { offset, page, shown, total } = props;
  const more = total === undefined ? shown === page : offset + page < total;
  return (
    <div className="toolbar">
      <span className="muted">
        {shown ? `${offset + 1}–${offset + shown}` : "none"}
        {total !== undefined && ` of ${total}`}
      </span>
      <span className="toolbar__spacer" />
      <button
        type="button"
        className="btn btn--small"
        disabled={offset === 0}
        onClick={() => props.onMove(Math.max(0, offset - page))}
      >
        Newer
      </button>
      <button
        type="button"
        className="btn btn--small"
        disabled={!more}
        onClick={() => props.onMove(offset + page)}
      >
        Older
      </button>
    </div>
  );
}

const HISTORY_PAGE = 25;

/** Every change of a rate, newest first, a page at a time. */
export function RateChanges() {
  const [offset, setOffset] = useState(0);
  const query = { limit: HISTORY_PAGE, offset };
  const changes = useSWR(
    routeUrl(CURRENCY_RATE_ROUTES.changes, { query }),
    () => call(CURRENCY_RATE_ROUTES.changes, { query }),
    { keepPreviousData: true },
  );
  const items = changes.data?.items ?? [];
  const show = (v: number | null) => v === null ? "—" : String(v);
  return (
    <DataState
      loading={changes.isLoading && !changes.data}
      error={changes.error}
      empty={items.length === 0 && offset === 0}
      emptyText="No rate has changed yet."
    >
      <div className="table-wrap">
        <table className="simple-table rates-table" aria-label="Rate changes">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Currency</th>
              <th scope="col">Day</th>
              <th scope="col" className="num">Before</th>
              <th scope="col" className="num">After</th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.id}>
                <td>{new Date(c.ts).toLocaleString()}</td>
                <td>{c.username} ({c.source})</td>
                <td>{c.currency}</td>
                <td>{c.day}</td>
                <td className="num">{show(c.before)}</td>
                <td className="num">{show(c.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        offset={offset}
        page={HISTORY_PAGE}
        shown={items.length}
        onMove={setOffset}
      />
    </DataState>
  );
}
