/** Currency rates (issue 13 item 2, decision 162): the rates, their history, the ECB fetch. */
import {
  CurrencyRateChangesAnswer,
  CurrencyRateChangesQuery,
  CurrencyRateCsvAnswer,
  CurrencyRateCsvInput,
  CurrencyRateDeleteAnswer,
  CurrencyRateInput,
  CurrencyRateKey,
  CurrencyRatesAnswer,
  CurrencyRateSetAnswer,
  CurrencyRatesQuery,
  EcbRun,
  EcbRunAnswer,
} from "../../contracts/currency_rate.ts";
import type { Operation } from "./operation.ts";

/** Every currency-rate operation. */
export function currencyOperations(): Operation[] {
  const tag = "Currency rates";
  const path = "/api/currency-rates";
  return [
    {
      method: "get",
      path,
      tag,
      summary: "Rates (units of a currency one euro buys, per UTC day), newest day first",
      query: CurrencyRatesQuery,
      response: CurrencyRatesAnswer,
    },
    {
      method: "put",
      path,
      tag,
      summary: "Set one currency's rate on one day by hand (admins)",
      body: CurrencyRateInput,
      response: CurrencyRateSetAnswer,
    },
    {
      method: "delete",
      path,
      tag,
      summary: "Delete one currency's rate on one day (admins)",
      query: CurrencyRateKey,
      response: CurrencyRateDeleteAnswer,
    },
    {
      method: "post",
      path: `${path}/csv`,
      tag,
      summary: "Rates from CSV rows: day, currency, per_eur; checked whole, applied whole (admins)",
      body: CurrencyRateCsvInput,
      response: CurrencyRateCsvAnswer,
    },
    {
      method: "get",
      path: `${path}/changes`,
      tag,
      summary: "Every change of a rate: who, when, before and after; newest first",
      query: CurrencyRateChangesQuery,
      response: CurrencyRateChangesAnswer,
    },
    {
      method: "post",
      path: `${path}/fetch`,
      tag,
      summary:
        "Fetch the ECB feed of Settings → Stats → Currency rates now (admins); 502 when it fails",
      response: EcbRun,
    },
    {
      method: "get",
      path: `${path}/fetch/last-run`,
      tag,
      summary: "The last ECB fetch, scheduled or on demand",
      response: EcbRunAnswer,
    },
  ];
}
