/**
 * The analytics calls: reports, trends, leads, conversions, the click log and
 * offer caps.
 */
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
} from "../../contracts/report_query.ts";
import type { Operation } from "./operation.ts";

function analytics(): Operation[] {
  return [
    {
      method: "get",
      path: "/api/report",
      tag: "Reports",
      summary: "A grouped report with drill-down, filters and formula columns",
      query: ReportQuery,
      response: ReportAnswer,
      csv: true,
    },
    {
      method: "get",
      path: "/api/report/leads",
      tag: "Reports",
      summary: "The conversions of a report's subjects",
      query: ConversionsQuery,
      response: ConversionsAnswer,
      csv: true,
    },
    {
      method: "get",
      path: "/api/trends",
      tag: "Reports",
      summary: "Figures over time, with the previous period",
      query: TrendsQuery,
      response: TrendsAnswer,
      csv: true,
    },
    {
      method: "get",
      path: "/api/conversions",
      tag: "Conversions",
      summary: "Conversions, newest first",
      query: ConversionsQuery,
      response: ConversionsAnswer,
      csv: true,
    },
    {
      method: "patch",
      path: "/api/conversions/{id}",
      tag: "Conversions",
      summary: "Change a conversion's status (recorded; S2S as the source's rules say)",
      body: ConversionPatch,
      response: ConversionStatusAnswer.shape.items.element,
    },
    {
      method: "patch",
      path: "/api/conversions/mass",
      tag: "Conversions",
      summary: "Change the status of several conversions",
      body: ConversionMassPatch,
      response: ConversionStatusAnswer,
    },
    {
      method: "get",
      path: "/api/clicks",
      tag: "Clicks",
      summary: "The raw click log, a page at a time",
      query: ClicksQuery,
      response: ClicksAnswer,
      csv: true,
    },
  ];
}

/** Every analytics call. */
export function dataOperations(): Operation[] {
  return analytics();
}
