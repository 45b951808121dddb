/**
 * Currency rates over HTTP (decision 162, `contracts/api/currency_rates.ts`):
 * every signed-in user reads the rates, their history and the last ECB fetch;
 * only admins set, delete, upload or fetch them (the declarations check it).
 */
import { CURRENCY_RATE_ROUTES } from "../../contracts/api/currency_rates.ts";
import { userOf } from "../context.ts";
import { HttpError, notFound } from "../errors.ts";
import { implement } from "../route.ts";
import type { UserRow } from "../users/store.ts";
import { applyRateCsv } from "./csv.ts";
import { ecbFetchRunning, lastEcbRun, runEcbFetch } from "./ecb_schedule.ts";
import { allowlist } from "../triggers/egress.ts";
import { deleteRate, getRate, listChanges, listRates, putRate, type RateActor } from "./store.ts";

/** The admin changing rates, as the author of the change. */
function actor(user: UserRow, source: RateActor["source"]): RateActor {
  return { userId: user.id, username: user.username, source };
}

/** The currency-rate routes (mounted at their full paths). */
export const currencyRateRoutes = [
  implement(CURRENCY_RATE_ROUTES.list, (c, { query }) => listRates(c.var.deps.db, query)),
  implement(CURRENCY_RATE_ROUTES.set, (c, { body: input }) => {
    const db = c.var.deps.db;
    const before = getRate(db, input.currency, input.day)?.perEur ?? null;
    const outcome = putRate(db, input, actor(userOf(c), "manual"));
    return { rate: getRate(db, input.currency, input.day)!, outcome, before };
  }),
  implement(CURRENCY_RATE_ROUTES.remove, (c, { query: key }) => {
    const deleted = deleteRate(c.var.deps.db, key, actor(userOf(c), "manual"));
    if (!deleted) {
      throw notFound(`No ${key.currency} rate on ${key.day}`);
    }
    return { deleted };
  }),
  implement(
    CURRENCY_RATE_ROUTES.csv,
    (c, { body }) => applyRateCsv(c.var.deps.db, body, actor(userOf(c), "csv")),
  ),
  implement(CURRENCY_RATE_ROUTES.changes, (c, { query }) => ({
    items: listChanges(c.var.deps.db, query),
  })),
  implement(CURRENCY_RATE_ROUTES.lastRun, (c) => ({ lastRun: lastEcbRun(c.var.deps.db) })),
  implement(CURRENCY_RATE_ROUTES.fetch, async (c) => {
    const db = c.var.deps.db;
    if (ecbFetchRunning(db)) throw new HttpError(409, "BUSY", "A fetch is running already");
    const allow = allowlist(c.var.deps.config.feedAllow);
    const run = await runEcbFetch(db, { trigger: "manual", allow });
    if (run.error) throw new HttpError(502, "FETCH_FAILED", `ECB rates: ${run.error}`);
    return run;
  }),
];
