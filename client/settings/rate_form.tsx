/** Settings → Stats → Currency rates: the form that sets (adds or changes) one rate by hand. */
import { useState } from "react";
import { CURRENCY_RATE_ROUTES } from "../../contracts/api/currency_rates.ts";
import { CurrencyRateInput } from "../../contracts/currency_rate.ts";
import { call } from "../app/api.ts";
import { notify } from "../app/toasts.tsx";
import { checkWith, type FieldErrors } from "../ui/form_errors.ts";
import { Input, toNumber } from "./controls.tsx";
import { refreshRates } from "./currency_rates_upload.tsx";
import { showFailure } from "./use_section.ts";

/** The form's values as typed. */
export type Draft = { currency: string; day: string; perEur: string };

/** Add or change one rate. */
export function RateForm(props: { draft: Draft; onChange: (draft: Draft) => void }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const d = props.draft;
  const save = async () => {
    const checked = checkWith(CurrencyRateInput, { ...d, perEur: toNumber(d.perEur) });
    if (!checked.ok) return setErrors(checked.errors);
    setBusy(true);
    try {
      const answer = await call(CURRENCY_RATE_ROUTES.set, { body: checked.value });
      setErrors({});
      const { currency, day, perEur } = answer.rate;
      notify(
        answer.outcome === "unchanged"
          ? `${currency} on ${day} is already ${perEur}`
          : `${currency} on ${day}: 1 EUR = ${perEur} ${currency}`,
        { type: "success" },
      );
      await refreshRates();
    } catch (err) {
      showFailure(err, setErrors);
    } finally {
      setBusy(false);
    }
  };
  const set = (key: keyof Draft) => (value: string) => props.onChange({ ...d, [key]: value });
  return (
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
        <Input
          label="Currency"
          path="currency"
          value={d.currency}
          placeholder="USD"
          errors={errors}
          onChange={(v) => set("currency")(v.toUpperCase())}
        />
        <Input
          label="Day (UTC)"
          type="date"
          path="day"
          value={d.day}
          errors={errors}
          onChange={set("day")}
        />
        <Input
          label="1 EUR ="
          type="number"
          path="perEur"
          value={d.perEur}
          placeholder="1.0856"
          errors={errors}
          hint={d.currency ? `How many ${d.currency} one euro buys` : undefined}
          onChange={set("perEur")}
        />
      </div>
      <div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? "Saving…" : "Save rate"}
        </button>
      </div>
    </form>
  );
}
