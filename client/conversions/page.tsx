/**
 * Conversions (lazy chunk): every conversion of the chosen days with its click,
 * filters (status, campaign, offer, traffic source, a txid or click id) kept in
 * the address with the dates, CSV, and confirmed, recorded status changes by
 * admins (one row or the selected ones).
 */
import { useState, useSyncExternalStore } from "react";
import { ConversionStatus } from "../../contracts/stats.ts";
import { currentUserStore } from "../app/current_user.ts";
import { ENTITY_FILTER_SPEC, EntityFilters } from "../entities/entity_filters.tsx";
import { FilterInput } from "../ui/filter_input.tsx";
import { useFilterParams } from "../ui/use_filter_params.ts";
import { PageHeader, useRouteHandle } from "../ui/page.tsx";
import { CONVERSION_ROUTES } from "../../contracts/api/reports.ts";
import { type ConversionsQueryIn, csvUrl } from "../reports/api.ts";
import { LeadsTable } from "../reports/leads.tsx";
import { useDates } from "../reports/page.tsx";
import { useStatusEdit } from "./status_edit.tsx";
import { ConversionEntryActions } from "./entry.tsx";

/** The conversions' filters in the address. */
const FILTERS = {
  ...ENTITY_FILTER_SPEC,
  status: (v: string) => ConversionStatus.safeParse(v).success,
  search: (v: string) => v.length <= 255,
};

/** The conversions screen. */
export function Page() {
  const handle = useRouteHandle();
  const user = useSyncExternalStore(currentUserStore.subscribe, currentUserStore.get);
  const { timeZone, range, picker } = useDates();
  const [filters, setFilters] = useFilterParams(FILTERS);
  const { edit, bar } = useStatusEdit();
  const [reloads, setReloads] = useState(0);
  const canEdit = user.role === "admin" || user.role === "super-admin";
  const query: ConversionsQueryIn = {
    from: range.from,
    to: range.to,
    tz: timeZone,
    status: ConversionStatus.options.find((s) => s === filters.status),
    search: filters.search.trim() || undefined,
    campaignId: filters.campaignId || undefined,
    offerId: filters.offerId || undefined,
    trafficSourceId: filters.trafficSourceId || undefined,
  };
  const filtered = Boolean(
    query.status || query.search || query.campaignId || query.offerId || query.trafficSourceId,
  );
  return (
    <div className="page">
      <PageHeader
        title={handle.title}
        actions={canEdit && (
          <ConversionEntryActions
            tz={timeZone}
            onChanged={() => setReloads((n) => n + 1)}
          />
        )}
      />
      <div className="report__toolbar">
        {picker}
        <select
          aria-label="Status"
          value={filters.status}
          onChange={(e) => setFilters({ status: e.target.value })}
        >
          <option value="">All statuses</option>
          {ConversionStatus.options.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
        <EntityFilters values={filters} onChange={setFilters} />
        <FilterInput
          aria-label="Search"
          placeholder="Txid or click id"
          value={filters.search}
          onChange={(search) => setFilters({ search })}
        />
        <span className="report__spacer" />
        <a className="btn btn--small" download href={csvUrl(CONVERSION_ROUTES.list, query)}>
          Export CSV
        </a>
      </div>
      {canEdit && bar}
      <LeadsTable
        route={CONVERSION_ROUTES.list}
        query={query}
        timeZone={timeZone}
        edit={canEdit ? edit : undefined}
        reloadKey={reloads}
        emptyText={filtered
          ? "No matches: no conversion in this range fits these filters."
          : "No conversions in this range."}
      />
    </div>
  );
}
