/** Settings → Stats → Currency rates: the form that sets (adds or changes) one rate by hand. */
import { useState } from "react";
import type { z } from "zod";
import { CURRENCY_RATE_ROUTES } from "../../contracts/api/currency_rates.ts";
import { CurrencyRateInput } from "../../contracts/currency_rate.ts";
import { call } from "../app/api.ts";
import { notify } from "../app/toasts.tsx";
import { formFields } from "../ui/form_kit.ts";
import { FormContext } from "../ui/form_state.ts";
import { type LocalForm, useLocalForm } from "../ui/local_form.ts";
import { refreshRates } from "./currency_rates_upload.tsx";
import { showFailure } from "./use_section.ts";

/** The rate form's values (the rate empty while it is NaN, so the contract names it). */
export type Draft = z.input<typeof CurrencyRateInput>;
/** The rate form, kept by the screen so that "Edit" on a row can load it. */
export type RateDraft = LocalForm<typeof CurrencyRateInput, Draft>;

const F = formFields<Draft>();

/** The rate form's state, starting on `day` with no currency or rate. */
export function useRateForm(day: string): RateDraft {
  return useLocalForm(CurrencyRateInput, { currency: "", day, perEur: Number.NaN });
}

/** Add or change one rate. */
export function RateForm(props: { form: RateDraft }) {
  const { form } = props;
  const [busy, setBusy] = useState(false);
  const d = form.values;
  const save = async () => {
    const checked = form.check();
    if (!checked) return;
    setBusy(true);
    try {
      const answer = await call(CURRENCY_RATE_ROUTES.set, { body: checked });
      form.setErrors({});
      const { currency, day, perEur } = answer.rate;
      notify(
        answer.outcome === "unchanged"
          ? `${currency} on ${day} is already ${perEur}`
          : `${currency} on ${day}: 1 EUR = ${perEur} ${currency}`,
        { type: "success" },
      );
      await refreshRates();
    } catch (err) {
      showFailure(err, form.setErrors);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormContext.Provider value={form.api}>
      <form
        className="card stack"
        aria-label="Set a rate"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h3 className="card__title">Set a rate</h3>
        <p className="muted">
          A day without a rate uses the latest earlier one. A rate set here is never overwritten by
          the ECB fetch.
        </p>
        <div className="form-grid">
          <F.TextField
            path="currency"
            label="Currency"
            placeholder="USD"
            clean={(text) => text.toUpperCase()}
          />
          <F.TextField path="day" label="Day (UTC)" type="date" />
          <F.NumberField
            path="perEur"
            label="1 EUR ="
            placeholder="1.0856"
            hint={d.currency ? `How many ${d.currency} one euro buys` : undefined}
          />
        </div>
        <div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? "Saving…" : "Save rate"}
          </button>
        </div>
      </form>
    </FormContext.Provider>
  );
}
