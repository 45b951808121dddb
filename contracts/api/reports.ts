/**
 * The analytics calls (DESIGN §5): the grouped report and its leads, trends,
 * the conversions (with their manual status changes, hand entry and CSV
 * upload) and the click log. Lists answer CSV with `format=csv`.
 */
import {
  ConversionEntry,
  ConversionEntryResult,
  ConversionUpload,
  ConversionUploadAnswer,
} from "../conversion_entry.ts";
import {
  ClicksAnswer,
  ClicksQuery,
  ConversionMassPatch,
  ConversionPatch,
  ConversionsAnswer,
  ConversionsQuery,
  ConversionStatusAnswer,
  ReportAnswer,
  ReportQuery,
  TrendsAnswer,
  TrendsQuery,
} from "../report_query.ts";
import { route } from "../route.ts";

const admins = ["user", "write"] as const;

export const REPORT_ROUTES = {
  /** Read on the subject's entity type, checked by the handler (it depends on the query). */
  report: route({
    method: "get",
    path: "/api/report",
    tag: "Reports",
    summary:
      "A grouped report with drill-down, filters and formula columns (read on the subject's type)",
    access: "user",
    query: ReportQuery,
    answer: ReportAnswer,
    csv: true,
  }),
  leads: route({
    method: "get",
    path: "/api/report/leads",
    tag: "Reports",
    summary: "The conversions of a report's subjects (read on the subject's type)",
    access: "user",
    query: ConversionsQuery,
    answer: ConversionsAnswer,
    csv: true,
  }),
  trends: route({
    method: "get",
    path: "/api/trends",
    tag: "Reports",
    summary: "Figures over time, with the previous period",
    access: ["campaign", "read"],
    query: TrendsQuery,
    answer: TrendsAnswer,
    csv: true,
  }),
};

export const CONVERSION_ROUTES = {
  list: route({
    method: "get",
    path: "/api/conversions",
    tag: "Conversions",
    summary: "Conversions, newest first",
    access: ["campaign", "read"],
    query: ConversionsQuery,
    answer: ConversionsAnswer,
    csv: true,
  }),
  enter: route({
    method: "post",
    path: "/api/conversions",
    tag: "Conversions",
    summary: "Add one conversion by hand (admins), with a postback's rules",
    access: admins,
    refusal: "Only admins change conversions",
    body: ConversionEntry,
    answer: ConversionEntryResult,
  }),
  upload: route({
    method: "post",
    path: "/api/conversions/upload",
    tag: "Conversions",
    summary: "Conversions from CSV rows: clickid, status, payout, currency, txid, time",
    access: admins,
    refusal: "Only admins change conversions",
    body: ConversionUpload,
    answer: ConversionUploadAnswer,
  }),
  /** `/mass` comes before `/{id}`: the router tries them in this order. */
  mass: route({
    method: "patch",
    path: "/api/conversions/mass",
    tag: "Conversions",
    summary: "Change the status of several conversions",
    access: admins,
    refusal: "Only admins change conversions",
    body: ConversionMassPatch,
    answer: ConversionStatusAnswer,
  }),
  patch: route({
    method: "patch",
    path: "/api/conversions/{id}",
    tag: "Conversions",
    summary: "Change a conversion's status (recorded; S2S as the source's rules say)",
    access: admins,
    refusal: "Only admins change conversions",
    body: ConversionPatch,
    answer: ConversionStatusAnswer.shape.items.element,
  }),
};

export const CLICK_ROUTES = {
  list: route({
    method: "get",
    path: "/api/clicks",
    tag: "Clicks",
    summary: "The raw click log, a page at a time",
    access: ["campaign", "read"],
    query: ClicksQuery,
    answer: ClicksAnswer,
    csv: true,
  }),
};
