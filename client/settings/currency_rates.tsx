/**
 * Settings → Stats → Currency rates (decision 162): the rates reports convert with
 * (units of a currency one euro buys, per UTC day), filtered and paged; a
 * form to set one; the CSV upload; the ECB fetch; and every change made.
 */
import { useState } from "react";
import { z } from "zod";
import useSWR from "swr";
import { CURRENCY_RATE_ROUTES } from "../../contracts/api/currency_rates.ts";
import type { CurrencyRate } from "../../contracts/currency_rate.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { DataState } from "../ui/data_state.tsx";
import { useConfirm } from "../ui/confirm.tsx";
import { formFields } from "../ui/form_kit.ts";
import { FormContext } from "../ui/form_state.ts";
import { useLocalForm } from "../ui/local_form.ts";
import { useIsAdmin } from "./controls.tsx";
import { EcbRatesCard } from "./ecb_rates.tsx";
import { Pager, RateChanges, RatesCsvCard, refreshRates } from "./currency_rates_upload.tsx";
import { RateForm, useRateForm } from "./rate_form.tsx";

const PAGE = 25;
const SOURCE: Record<CurrencyRate["source"], string> = {
  manual: "by hand",
  csv: "CSV",
  ecb: "ECB",
};

/** The table's filters as typed: a currency (used once it is three letters) and a period. */
const RateFilter = z.object({ currency: z.string(), from: z.string(), to: z.string() });
const Filter = formFields<z.infer<typeof RateFilter>>();

/** The day today in UTC, `YYYY-MM-DD`. */
const today = () => new Date().toISOString().slice(0, 10);

/** The filters, the table and its pages. */
function RatesTable(props: { admin: boolean; onEdit: (rate: CurrencyRate) => void }) {
  const [offset, setOffset] = useState(0);
  // A changed filter starts again from the first page.
  const filters = useLocalForm(RateFilter, { currency: "", from: "", to: "" }, {
    onChange: () => setOffset(0),
  });
  const { currency, from, to } = filters.values;
  const [confirm, dialog] = useConfirm();
  const query = {
    currency: /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : undefined,
    from: from || undefined,
    to: to || undefined,
    limit: PAGE,
    offset,
  };
  const rates = useSWR(
    routeUrl(CURRENCY_RATE_ROUTES.list, { query }),
    () => call(CURRENCY_RATE_ROUTES.list, { query }),
    { keepPreviousData: true },
  );
  const remove = async (rate: CurrencyRate) => {
    const ok = await confirm({
      title: "Delete rate",
      body:
        `Delete the ${rate.currency} rate of ${rate.day}? That day then uses the latest earlier rate.`,
      action: "Delete",
      danger: true,
    });
    if (!ok) return;
    try {
      const { currency, day } = rate;
      await call(CURRENCY_RATE_ROUTES.remove, { query: { currency, day } });
      notify(`${rate.currency} rate of ${rate.day} deleted`, { type: "success" });
      await refreshRates();
    } catch (err) {
      notifyError(err);
    }
  };
  const total = rates.data?.total ?? 0;
  const items = rates.data?.items ?? [];
  return (
    <div className="card stack">
      <h3 className="card__title">Rates</h3>
      <FormContext.Provider value={filters.api}>
        <div className="form-grid" role="search" aria-label="Filter rates">
          <Filter.TextField path="currency" label="Currency" placeholder="All" />
          <Filter.TextField path="from" label="From" type="date" />
          <Filter.TextField path="to" label="To" type="date" />
        </div>
      </FormContext.Provider>
      <DataState
        loading={rates.isLoading && !rates.data}
        error={rates.error}
        empty={items.length === 0}
        emptyText="No rates. Set one, upload a CSV or fetch the ECB's."
      >
        <div className="table-wrap">
          <table className="simple-table rates-table" aria-label="Currency rates">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Currency</th>
                <th scope="col" className="num">1 EUR =</th>
                <th scope="col">Source</th>
                {props.admin && (
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={`${r.currency} ${r.day}`}>
                  <td>{r.day}</td>
                  <td>{r.currency}</td>
                  <td className="num">{r.perEur} {r.currency}</td>
                  <td>{SOURCE[r.source]}</td>
                  {props.admin && (
                    <td className="simple-table__actions">
                      <button
                        type="button"
                        className="btn btn--small"
                        aria-label={`Edit ${r.currency} ${r.day}`}
                        onClick={() => props.onEdit(r)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn--small btn--danger-ghost"
                        aria-label={`Delete ${r.currency} ${r.day}`}
                        onClick={() => void remove(r)}
                      >
                        Delete
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager
          offset={offset}
          page={PAGE}
          shown={items.length}
          total={total}
          onMove={setOffset}
        />
      </DataState>
      {dialog}
    </div>
  );
}

/** The Currency rates screen. */
export function CurrencyRatesSettings() {
  const admin = useIsAdmin();
  const rate = useRateForm(today());
  const edit = (row: CurrencyRate) => {
    rate.setValues({ currency: row.currency, day: row.day, perEur: row.perEur });
    document.querySelector("[aria-label='Set a rate']")?.scrollIntoView({ block: "start" });
  };
  return (
    <div className="stack">
      <p className="muted">
        Reports, lists and trends show every amount in your currency (above), converted with the
        rate of the amount's own day. Rates are how many units of a currency one euro buys, as the
        European Central Bank publishes them.
      </p>
      <RatesTable admin={admin} onEdit={edit} />
      {admin && <RateForm form={rate} />}
      {admin && <RatesCsvCard />}
      <EcbRatesCard admin={admin} />
      <div className="card stack">
        <h3 className="card__title">History</h3>
        <RateChanges />
      </div>
    </div>
  );
}
