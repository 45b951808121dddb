/** The analytics calls of the panel: one fetcher per endpoint, parsed with the contracts. */
import useSWR from "swr";
import {
  ClicksAnswer,
  ConversionsAnswer,
  ReportAnswer,
  TrendsAnswer,
} from "../../contracts/report_query.ts";
import { api, buildUrl } from "../app/api.ts";

/** Query values as the API takes them. */
export type Query = Record<string, string | number | boolean | undefined>;

/** One report level. */
export function fetchReport(query: Query) {
  return api("/api/report", { query, schema: ReportAnswer });
}

/** A report level as an SWR hook (null: not yet). */
export function useReport(query: Query | null) {
  return useSWR(query && ["/api/report", JSON.stringify(query)], () => fetchReport(query!), {
    keepPreviousData: true,
  });
}

/** Trends as an SWR hook. */
export function useTrends(query: Query) {
  return useSWR(
    ["/api/trends", JSON.stringify(query)],
    () => api("/api/trends", { query, schema: TrendsAnswer }),
    { keepPreviousData: true },
  );
}

/** A page of conversions (or of a subject's leads). */
export function fetchConversions(path: "/api/conversions" | "/api/report/leads", query: Query) {
  return api(path, { query, schema: ConversionsAnswer });
}

/** A page of the click log. */
export function fetchClicks(query: Query) {
  return api("/api/clicks", { query, schema: ClicksAnswer });
}

/** The address of a CSV export of `path` with `query` (a plain download link). */
export function csvUrl(path: string, query: Query): string {
  return `${buildUrl(path, { ...query, format: "csv", cursor: undefined })}`;
}
