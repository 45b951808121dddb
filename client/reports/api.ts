/** The analytics calls of the panel: one fetcher per declared route, typed and parsed by it. */
import useSWR from "swr";
import { CLICK_ROUTES, CONVERSION_ROUTES, REPORT_ROUTES } from "../../contracts/api/reports.ts";
import { type CallInput, type RouteDecl, routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";

/** A route's query as the panel sends it. */
export type QueryFor<D extends RouteDecl> = NonNullable<CallInput<D>["query"]>;
export type ReportQueryIn = QueryFor<typeof REPORT_ROUTES.report>;
export type TrendsQueryIn = QueryFor<typeof REPORT_ROUTES.trends>;
export type ConversionsQueryIn = QueryFor<typeof CONVERSION_ROUTES.list>;
export type ClicksQueryIn = QueryFor<typeof CLICK_ROUTES.list>;

/** The two lists of conversions: all of them, or a report's leads. */
export type LeadsRoute = typeof CONVERSION_ROUTES.list | typeof REPORT_ROUTES.leads;

/** One report level. */
export function fetchReport(query: ReportQueryIn) {
  return call(REPORT_ROUTES.report, { query });
}

/** A report level as an SWR hook (null: not yet). */
export function useReport(query: ReportQueryIn | null) {
  return useSWR(query && ["/api/report", JSON.stringify(query)], () => fetchReport(query!), {
    keepPreviousData: true,
  });
}

/** Trends as an SWR hook. */
export function useTrends(query: TrendsQueryIn) {
  return useSWR(
    ["/api/trends", JSON.stringify(query)],
    () => call(REPORT_ROUTES.trends, { query }),
    { keepPreviousData: true },
  );
}

/** A page of conversions (or of a subject's leads). */
export function fetchConversions(decl: LeadsRoute, query: ConversionsQueryIn) {
  return call(decl, { query });
}

/** A page of the click log. */
export function fetchClicks(query: ClicksQueryIn) {
  return call(CLICK_ROUTES.list, { query });
}

/** The address of a CSV export of a list that answers CSV (a plain download link). */
export function csvUrl<D extends RouteDecl & { csv: true }>(decl: D, query: QueryFor<D>): string {
  return routeUrl(decl, { query: { ...query, format: "csv", cursor: undefined } });
}
