/**
 * Cost updates over HTTP (decision 160): `/api/cost-updates` for the panel and
 * the public API (who may change campaigns), and Keitaro's Admin API call
 * `POST /admin_api/v1/campaigns/:id/update_costs` and the batch
 * `POST /admin_api/v1/clicks/update_costs`, with an `Api-Key` header.
 */
import type { MiddlewareHandler } from "hono";
import { API_KEY_HEADER } from "../../contracts/api_key.ts";
import { COST_ROUTES } from "../../contracts/api/costs.ts";
import { type AppEnv, userOf } from "../context.ts";
import { unauthorized } from "../errors.ts";
import { implement } from "../route.ts";
import { applyCostUpdate, listCostUpdates, undoCostUpdate } from "./apply.ts";
import { applyCostCsv, applyKeitaroClicks, fromKeitaro } from "./sources.ts";

export const costUpdateRoutes = [
  implement(COST_ROUTES.list, (c, { query }) => ({
    items: listCostUpdates(c.var.deps.db, query),
  })),
  implement(COST_ROUTES.apply, (c, { body }) => {
    const source = c.req.header(API_KEY_HEADER) === undefined ? "panel" : "api";
    return applyCostUpdate(c.var.deps.tracking, body, { user: userOf(c), source });
  }),
  implement(COST_ROUTES.csv, (c, { body }) => {
    const actor = { user: userOf(c), source: "csv" as const };
    return applyCostCsv(c.var.deps.tracking, body, actor);
  }),
  implement(
    COST_ROUTES.undo,
    (c, { params }) => undoCostUpdate(c.var.deps.tracking, params.id, userOf(c)),
  ),
  implement(COST_ROUTES.keitaro, async (c, { params, body }) => {
    const db = c.var.deps.db;
    // Keitaro's default: the campaign's own cost currency.
    const currency = String(
      db.prepare("SELECT cost_currency FROM campaigns WHERE id = ?").get(params.id)
        ?.cost_currency ?? "USD",
    );
    const input = fromKeitaro(db, params.id, body, currency);
    const result = await applyCostUpdate(c.var.deps.tracking, input, {
      user: userOf(c),
      source: "keitaro",
    });
    return { success: true as const, ...result };
  }),
  implement(COST_ROUTES.keitaroClicks, async (c, { body }) => {
    // Keitaro's default currency: the first campaign's own cost currency.
    const currency = String(
      c.var.deps.db.prepare("SELECT cost_currency FROM campaigns WHERE id = ?")
        .get(body.campaign_ids[0])?.cost_currency ?? "USD",
    );
    const actor = { user: userOf(c), source: "keitaro" as const };
    const updates = await applyKeitaroClicks(c.var.deps.tracking, body, currency, actor);
    return { success: true as const, updates };
  }),
];

/** Keitaro's Admin API takes an API key only (`/admin_api/*`). */
export const keitaroKeyOnly: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!c.var.user || c.req.header(API_KEY_HEADER) === undefined) {
    throw unauthorized("Send an API key in the Api-Key header");
  }
  return next();
};
