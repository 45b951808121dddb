/**
 * The cost-update routes (issue 13, decision 160): the panel's and the public
 * API's calls, and Keitaro's Admin API cost call accepted unchanged.
 */
import { z } from "zod";
import { route } from "../route.ts";
import {
  CostCsvAnswer,
  CostCsvInput,
  CostUpdateInput,
  CostUpdateRecord,
  CostUpdateResult,
  CostUpdatesAnswer,
  CostUpdatesQuery,
  KeitaroClicksCostInput,
  KeitaroCostInput,
} from "../cost_update.ts";

const tag = "Costs";

export const COST_ROUTES = {
  list: route({
    method: "get",
    path: "/api/cost-updates",
    tag,
    summary: "Recorded cost updates, newest first (of one campaign with campaignId)",
    access: ["campaign", "read"],
    query: CostUpdatesQuery,
    answer: CostUpdatesAnswer,
  }),
  apply: route({
    method: "post",
    path: "/api/cost-updates",
    tag,
    summary:
      "Set or add the real spend of campaigns over a period, spread over the matching clicks",
    access: ["campaign", "write"],
    body: CostUpdateInput,
    answer: CostUpdateResult,
  }),
  csv: route({
    method: "post",
    path: "/api/cost-updates/csv",
    tag,
    summary: "Cost updates from CSV rows: campaign, from, to[, token], amount, currency",
    access: ["campaign", "write"],
    body: CostCsvInput,
    answer: CostCsvAnswer,
  }),
  undo: route({
    method: "post",
    path: "/api/cost-updates/{id}/undo",
    tag,
    summary: "Give the clicks of one cost update their previous cost back",
    access: ["campaign", "write"],
    answer: CostUpdateRecord,
  }),
  keitaro: route({
    method: "post",
    path: "/admin_api/v1/campaigns/{id}/update_costs",
    tag,
    summary: "Keitaro Admin API's cost update, accepted unchanged (Api-Key header)",
    access: ["campaign", "write"],
    body: KeitaroCostInput,
    answer: CostUpdateResult.extend({ success: z.literal(true) }),
  }),
  keitaroClicks: route({
    method: "post",
    path: "/admin_api/v1/clicks/update_costs",
    tag,
    summary:
      "Keitaro Admin API's batch cost update (campaign_ids, costs[]), accepted unchanged: all or none",
    access: ["campaign", "write"],
    body: KeitaroClicksCostInput,
    answer: z.object({ success: z.literal(true), updates: z.array(CostUpdateResult) }),
  }),
};
