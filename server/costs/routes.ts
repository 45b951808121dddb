/**
 * Cost updates over HTTP (decision 160): `/api/cost-updates` for the panel and
 * the public API (who may change campaigns), and Keitaro's Admin API call
 * `POST /admin_api/v1/campaigns/:id/update_costs` with an `Api-Key` header.
 */
import { Hono } from "hono";
import {
  CostCsvInput,
  CostUpdateInput,
  CostUpdatesQuery,
  KeitaroCostInput,
} from "../../contracts/cost_update.ts";
import { API_KEY_HEADER } from "../../contracts/api_key.ts";
import { type AppEnv, userOf } from "../context.ts";
import { requireUser } from "../auth/middleware.ts";
import { assertAccess } from "../auth/permissions.ts";
import { unauthorized } from "../errors.ts";
import { IdParam, validate } from "../validate.ts";
import { applyCostUpdate, listCostUpdates, undoCostUpdate } from "./apply.ts";
import { applyCostCsv, fromKeitaro } from "./sources.ts";

/** Mounted at `/api/cost-updates`. */
export const costUpdateRoutes = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/", validate("query", CostUpdatesQuery), (c) => {
    assertAccess(userOf(c), "campaign", "read");
    return c.json({ items: listCostUpdates(c.var.deps.db, c.req.valid("query")) });
  })
  .post("/", validate("json", CostUpdateInput), async (c) => {
    const user = userOf(c);
    assertAccess(user, "campaign", "write");
    const source = c.req.header(API_KEY_HEADER) === undefined ? "panel" : "api";
    return c.json(
      await applyCostUpdate(c.var.deps.tracking, c.req.valid("json"), { user, source }),
    );
  })
  .post("/csv", validate("json", CostCsvInput), async (c) => {
    const user = userOf(c);
    assertAccess(user, "campaign", "write");
    const actor = { user, source: "csv" as const };
    return c.json(await applyCostCsv(c.var.deps.tracking, c.req.valid("json"), actor));
  })
  .post("/:id/undo", validate("param", IdParam), async (c) => {
    const user = userOf(c);
    assertAccess(user, "campaign", "write");
    const id = c.req.valid("param").id;
    return c.json(await undoCostUpdate(c.var.deps.tracking, id, user));
  });

/** Mounted at `/admin_api/v1`: Keitaro's cost call, answered as Keitaro does. */
export const keitaroRoutes = new Hono<AppEnv>()
  .use("*", (c, next) => {
    if (!c.var.user || c.req.header(API_KEY_HEADER) === undefined) {
      throw unauthorized("Send an API key in the Api-Key header");
    }
    return next();
  })
  .post(
    "/campaigns/:id/update_costs",
    validate("param", IdParam),
    validate("json", KeitaroCostInput),
    async (c) => {
      const user = userOf(c);
      assertAccess(user, "campaign", "write");
      const db = c.var.deps.db;
      const id = c.req.valid("param").id;
      // Keitaro's default: the campaign's own cost currency.
      const currency = String(
        db.prepare("SELECT cost_currency FROM campaigns WHERE id = ?").get(id)?.cost_currency ??
          "USD",
      );
      const input = fromKeitaro(db, id, c.req.valid("json"), currency);
      const result = await applyCostUpdate(c.var.deps.tracking, input, {
        user,
        source: "keitaro",
      });
      return c.json({ success: true, ...result });
    },
  );
