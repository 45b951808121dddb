/**
 * Currency rates over HTTP (decision 162), mounted at `/api/currency-rates`:
 * every signed-in user reads the rates, their history and the last ECB fetch;
 * only admins set, delete, upload or fetch them.
 */
import { Hono } from "hono";
import {
  CurrencyRateChangesQuery,
  CurrencyRateCsvInput,
  CurrencyRateInput,
  CurrencyRateKey,
  CurrencyRatesQuery,
} from "../../contracts/currency_rate.ts";
import { type AppEnv, userOf } from "../context.ts";
import { requireUser } from "../auth/middleware.ts";
import { canManageUsers } from "../auth/permissions.ts";
import { forbidden, HttpError, notFound } from "../errors.ts";
import type { UserRow } from "../users/store.ts";
import { validate } from "../validate.ts";
import { applyRateCsv } from "./csv.ts";
import { ecbFetchRunning, lastEcbRun, runEcbFetch } from "./ecb_schedule.ts";
import { deleteRate, getRate, listChanges, listRates, putRate, type RateActor } from "./store.ts";

/** The admin changing rates, as the author of the change; 403 for anyone else. */
function adminActor(user: UserRow, source: RateActor["source"]): RateActor {
  if (!canManageUsers(user)) {
    throw forbidden("Only admins change currency rates");
  }
  return { userId: user.id, username: user.username, source };
}

export const currencyRateRoutes = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/", validate("query", CurrencyRatesQuery), (c) => {
    return c.json(listRates(c.var.deps.db, c.req.valid("query")));
  })
  .put("/", validate("json", CurrencyRateInput), (c) => {
    const input = c.req.valid("json");
    const actor = adminActor(userOf(c), "manual");
    const db = c.var.deps.db;
    const before = getRate(db, input.currency, input.day)?.perEur ?? null;
    const outcome = putRate(db, input, actor);
    return c.json({ rate: getRate(db, input.currency, input.day)!, outcome, before });
  })
  .delete("/", validate("query", CurrencyRateKey), (c) => {
    const key = c.req.valid("query");
    const deleted = deleteRate(c.var.deps.db, key, adminActor(userOf(c), "manual"));
    if (!deleted) {
      throw notFound(`No ${key.currency} rate on ${key.day}`);
    }
    return c.json({ deleted });
  })
  .post("/csv", validate("json", CurrencyRateCsvInput), (c) => {
    const actor = adminActor(userOf(c), "csv");
    return c.json(applyRateCsv(c.var.deps.db, c.req.valid("json"), actor));
  })
  .get("/changes", validate("query", CurrencyRateChangesQuery), (c) => {
    return c.json({ items: listChanges(c.var.deps.db, c.req.valid("query")) });
  })
  .get("/fetch/last-run", (c) => c.json({ lastRun: lastEcbRun(c.var.deps.db) }))
  .post("/fetch", async (c) => {
    adminActor(userOf(c), "ecb");
    const db = c.var.deps.db;
    if (ecbFetchRunning(db)) throw new HttpError(409, "BUSY", "A fetch is running already");
    const run = await runEcbFetch(db, { trigger: "manual" });
    if (run.error) throw new HttpError(502, "FETCH_FAILED", `ECB rates: ${run.error}`);
    return c.json(run);
  });
