/**
 * Currency rates (issue 13 item 2, decision 162): every signed-in user reads
 * the rates, their history and the last ECB fetch; only admins set, delete,
 * upload or fetch them.
 */
import { route } from "../route.ts";
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
} from "../currency_rate.ts";

const tag = "Currency rates";
const admins = ["user", "write"] as const;
const refusal = "Only admins change currency rates";

export const CURRENCY_RATE_ROUTES = {
  list: route({
    method: "get",
    path: "/api/currency-rates",
    tag,
    summary: "Rates (units of a currency one euro buys, per UTC day), newest day first",
    access: "user",
    query: CurrencyRatesQuery,
    answer: CurrencyRatesAnswer,
  }),
  set: route({
    method: "put",
    path: "/api/currency-rates",
    tag,
    summary: "Set one currency's rate on one day by hand (admins)",
    access: admins,
    refusal,
    body: CurrencyRateInput,
    answer: CurrencyRateSetAnswer,
  }),
  remove: route({
    method: "delete",
    path: "/api/currency-rates",
    tag,
    summary: "Delete one currency's rate on one day (admins)",
    access: admins,
    refusal,
    query: CurrencyRateKey,
    answer: CurrencyRateDeleteAnswer,
  }),
  csv: route({
    method: "post",
    path: "/api/currency-rates/csv",
    tag,
    summary: "Rates from CSV rows: day, currency, per_eur; checked whole, applied whole (admins)",
    access: admins,
    refusal,
    body: CurrencyRateCsvInput,
    answer: CurrencyRateCsvAnswer,
  }),
  changes: route({
    method: "get",
    path: "/api/currency-rates/changes",
    tag,
    summary: "Every change of a rate: who, when, before and after; newest first",
    access: "user",
    query: CurrencyRateChangesQuery,
    answer: CurrencyRateChangesAnswer,
  }),
  fetch: route({
    method: "post",
    path: "/api/currency-rates/fetch",
    tag,
    summary:
      "Fetch the ECB feed of Settings → Stats → Currency rates now (admins); 502 when it fails",
    access: admins,
    refusal,
    answer: EcbRun,
  }),
  lastRun: route({
    method: "get",
    path: "/api/currency-rates/fetch/last-run",
    tag,
    summary: "The last ECB fetch, scheduled or on demand",
    access: "user",
    answer: EcbRunAnswer,
  }),
};
