/**
 * Conversions (lazy chunk): every conversion with its click, filters, CSV, and
 * confirmed, recorded status changes by admins (one row or the selected ones).
 */
import { useState, useSyncExternalStore } from "react";
import { ConversionStatus } from "../../contracts/stats.ts";
import { currentUserStore } from "../app/current_user.ts";
import { EntityPicker } from "../ui/entity_picker.tsx";
import { PageHeader, useRouteHandle } from "../ui/page.tsx";
import { csvUrl, type Query } from "../reports/api.ts";
import { LeadsTable } from "../reports/leads.tsx";
import { useDates } from "../reports/page.tsx";
import { useStatusEdit } from "./status_edit.tsx";
import { ConversionEntryActions } from "./entry.tsx";

/** The conversions screen. */
export function Page() {
  const handle = useRouteHandle();
  const user = useSyncExternalStore(currentUserStore.subscribe, currentUserStore.get);
  const { timeZone, range, picker } = useDates();
  const [status, setStatus] = useState("");
  const [search, setSearch] = useState("");
  const [campaignId, setCampaignId] = useState("");
  const { edit, bar } = useStatusEdit();
  const [reloads, setReloads] = useState(0);
  const canEdit = user.role === "admin" || user.role === "super-admin";
  const query: Query = {
    from: range.from,
    to: range.to,
    tz: timeZone,
    status: status || undefined,
    search: search.trim() || undefined,
    campaignId: /^\d+$/.test(campaignId) ? campaignId : undefined,
  };
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
        <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All statuses</option>
          {ConversionStatus.options.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
        <EntityPicker
          resource="campaigns"
          label="Campaign"
          placeholder="Campaign (name or id)"
          onChange={(id) => setCampaignId(id === null ? "" : String(id))}
        />
        <input
          aria-label="Search"
          placeholder="Txid or click id"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span className="report__spacer" />
        <a className="btn btn--small" download href={csvUrl("/api/conversions", query)}>
          Export CSV
        </a>
      </div>
      {canEdit && bar}
      <LeadsTable
        path="/api/conversions"
        query={query}
        timeZone={timeZone}
        edit={canEdit ? edit : undefined}
        reloadKey={reloads}
        emptyText={status || search.trim() || campaignId.trim()
          ? "No matches: no conversion in this range fits these filters."
          : "No conversions in this range."}
      />
    </div>
  );
}
