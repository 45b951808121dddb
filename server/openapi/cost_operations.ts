/**
 * The money corrections of issue 13: cost updates (Keitaro's cost call among
 * them) and conversions entered by hand or uploaded.
 */
import { z } from "zod";
import {
  CostCsvAnswer,
  CostCsvInput,
  CostUpdateInput,
  CostUpdateRecord,
  CostUpdateResult,
  CostUpdatesAnswer,
  CostUpdatesQuery,
  KeitaroCostInput,
} from "../../contracts/cost_update.ts";
import {
  ConversionEntry,
  ConversionEntryResult,
  ConversionUpload,
  ConversionUploadAnswer,
} from "../../contracts/conversion_entry.ts";
import type { Operation } from "./operation.ts";

/** Every cost-update operation. */
export function costOperations(): Operation[] {
  const tag = "Costs";
  return [
    {
      method: "get",
      path: "/api/cost-updates",
      tag,
      summary: "Recorded cost updates, newest first (of one campaign with campaignId)",
      query: CostUpdatesQuery,
      response: CostUpdatesAnswer,
    },
    {
      method: "post",
      path: "/api/cost-updates",
      tag,
      summary:
        "Set or add the real spend of campaigns over a period, spread over the matching clicks",
      body: CostUpdateInput,
      response: CostUpdateResult,
    },
    {
      method: "post",
      path: "/api/cost-updates/csv",
      tag,
      summary: "Cost updates from CSV rows: campaign, from, to[, token], amount, currency",
      body: CostCsvInput,
      response: CostCsvAnswer,
    },
    {
      method: "post",
      path: "/api/cost-updates/{id}/undo",
      tag,
      summary: "Give the clicks of one cost update their previous cost back",
      response: CostUpdateRecord,
    },
    {
      method: "post",
      path: "/admin_api/v1/campaigns/{id}/update_costs",
      tag,
      summary: "Keitaro Admin API's cost update, accepted unchanged (Api-Key header)",
      body: KeitaroCostInput,
      response: CostUpdateResult.extend({ success: z.literal(true) }),
    },
    {
      method: "post",
      path: "/api/conversions",
      tag: "Conversions",
      summary: "Add one conversion by hand (admins), with a postback's rules",
      body: ConversionEntry,
      response: ConversionEntryResult,
    },
    {
      method: "post",
      path: "/api/conversions/upload",
      tag: "Conversions",
      summary: "Conversions from CSV rows: clickid, status, payout, currency, txid, time",
      body: ConversionUpload,
      response: ConversionUploadAnswer,
    },
  ];
}
