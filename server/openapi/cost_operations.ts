/** Conversions entered by hand or uploaded (issue 13). */
import {
  ConversionEntry,
  ConversionEntryResult,
  ConversionUpload,
  ConversionUploadAnswer,
} from "../../contracts/conversion_entry.ts";
import type { Operation } from "./operation.ts";

/** The conversion-entry operations. */
export function costOperations(): Operation[] {
  return [
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
