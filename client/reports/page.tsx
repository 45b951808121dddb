/**
 * Report screens: `/report/:subjectType/:subjectIds` (up to three grouping
 * levels with drill-down, dates, filters, sorting, totals, columns and CSV)
 * and `/report/leads/:subjectType/:subjectIds` (the subjects' conversions).
 * The screen's state lives in the address, so a report can be shared.
 */
import { useMemo, useState, useSyncExternalStore } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { DIMENSION_BY_NAME, DIMENSIONS } from "../../contracts/report.ts";
import {
  type FormulaColumn,
  isTimeDimension,
  type ReportFilter,
} from "../../contracts/report_query.ts";
import { debugSettingsStore } from "../app/debug_settings.ts";
import { ColumnChooser } from "../ui/column_chooser.tsx";
import { useColumnPrefs } from "../ui/use_column_prefs.ts";
import { DataState } from "../ui/data_state.tsx";
import { DateRangePicker } from "../ui/date_range_picker.tsx";
import { type DatePreset, isDatePreset, presetRange } from "../ui/date_range.ts";
import { usePanelSettings } from "../app/panel_settings.ts";
import { PageHeader, useRouteHandle } from "../ui/page.tsx";
import { ReportCostAction } from "../campaigns/cost_update.tsx";
import { REPORT_ROUTES } from "../../contracts/api/reports.ts";
import { type ConversionsQueryIn, csvUrl, type ReportQueryIn, useReport } from "./api.ts";
import { isReportSubjectType } from "../app/route_rules.ts";
import { ReportFilters } from "./filters.tsx";
import { metricLabel } from "./format.ts";
import { ReportTable } from "./report_table.tsx";
import { LeadsTable } from "./leads.tsx";
import { FormulaEditor, readFormulas } from "./formulas.tsx";
import { type ResourceName, useEntity } from "../entities/entity_api.ts";
import { NUMERIC_EVENTS, numericEventColumn } from "../../contracts/conversion_events.ts";

/** Event 1…10 start hidden: most reports have none. */
const NUMERIC_EVENT_COLUMNS = Array.from(
  { length: NUMERIC_EVENTS },
  (_, i) => numericEventColumn(i + 1),
);

/**
 * Dates of the screen from the address: a preset (the screen's default, else today) or custom
 * days, counted in the report time zone (Settings → Stats) or, for `zone: "user"`, in the
 * user's own (Settings → User), the zone the click log shows its times in.
 */
export function useDates(
  defaultPreset: DatePreset = "today",
  options: { zone?: "report" | "user" } = {},
) {
  const [params, setParams] = useSearchParams();
  const settings = usePanelSettings();
  const timeZone = options.zone === "user" ? settings.timeZone : settings.reportTimeZone;
  const preset: DatePreset | "custom" = params.get("range") === "custom"
    ? "custom"
    : isDatePreset(params.get("range"))
    ? params.get("range") as DatePreset
    : defaultPreset;
  const range = preset === "custom"
    ? { from: params.get("from") ?? "", to: params.get("to") ?? "" }
    : presetRange(preset, { timeZone, now: new Date() });
  const picker = (
    <DateRangePicker
      preset={preset}
      range={range}
      timeZone={timeZone}
      onChange={(choice) =>
        setParams((p) => {
          p.set("range", choice.range);
          if (choice.range === "custom") {
            p.set("from", choice.from);
            p.set("to", choice.to);
          } else {
            p.delete("from");
            p.delete("to");
          }
          return p;
        })}
    />
  );
  return { timeZone, range, picker, params, setParams };
}

/** One subject by name ("#id" until its name arrives). */
function SubjectName(props: { type: string; id: number }) {
  const resource = `${props.type}s` as ResourceName;
  const entity = useEntity(resource, props.id);
  if ((entity.error as { status?: number } | undefined)?.status === 404) {
    return <strong className="field__error">#{props.id} (not found)</strong>;
  }
  return <strong>{entity.data?.name ?? `#${props.id}`}</strong>;
}

/** The report's subjects by name: "Campaign Keto push US", "Offers A, B". */
function Subject() {
  const { subjectType = "", subjectIds = "" } = useParams();
  const ids = subjectIds.split(",").map(Number);
  // The panel calls landings landers everywhere else (SPEC: the list is titled Landers).
  const noun = subjectType === "landing" ? "lander" : subjectType.replace("-", " ");
  return (
    <span className="report__subject">
      {noun.charAt(0).toUpperCase() + noun.slice(1)}
      {ids.length > 1 ? "s" : ""} {ids.map((id, i) => (
        <span key={id}>
          {i > 0 && ", "}
          <SubjectName type={subjectType} id={id} />
        </span>
      ))}
    </span>
  );
}

/** Edit, for a report of one subject. */
function EditSubject() {
  const { subjectType = "", subjectIds = "" } = useParams();
  if (subjectIds.includes(",")) return null;
  return <Link className="btn" to={`/${subjectType}s/edit/${subjectIds}`}>Edit</Link>;
}

/** The route's subject type and ids (the router admits only report subjects, see `routes.tsx`). */
function useSubjectParams() {
  const { subjectType, subjectIds = "" } = useParams();
  if (!isReportSubjectType(subjectType)) throw new Error(`No report of ${subjectType}`);
  return { subjectType, subjectIds };
}

/** The report of one or more subjects, grouped by up to three dimensions. */
export function Page() {
  const { subjectType, subjectIds } = useSubjectParams();
  const handle = useRouteHandle();
  const { timeZone, range, picker, params, setParams } = useDates();
  const debug = useSyncExternalStore(debugSettingsStore.subscribe, debugSettingsStore.get);
  const [formulas, setFormulas] = useState<FormulaColumn[]>(() => readFormulas());
  const groupBy = (params.get("groupBy") ?? "day").split(",").filter((d) =>
    DIMENSION_BY_NAME.has(d)
  ).slice(0, 3);
  const filters = useFiltersParam(params);
  const attribution = params.get("attribution") === "click" ? "click" : "conversion";
  // Unsorted, a report by a time (day, hour…) reads in time order; any other by clicks.
  const inTime = isTimeDimension(groupBy[0] ?? "");
  const sort = params.get("sort") ?? (inTime ? "name" : "clicks");
  const order = (params.get("order") ?? (inTime ? "asc" : "desc")) === "asc" ? "asc" : "desc";
  const query: ReportQueryIn = {
    subjectType,
    subjectIds,
    groupBy: groupBy.join(","),
    from: range.from,
    to: range.to,
    tz: timeZone,
    // The server's default when none is chosen: each level's own (a time level in time order).
    sort: params.get("sort") ?? undefined,
    order: params.get("sort") === null ? undefined : order,
    filters: filters.length ? JSON.stringify(filters) : undefined,
    formulas: formulas.length ? JSON.stringify(formulas) : undefined,
    attribution: attribution === "click" ? "click" : undefined,
  };
  const answer = useReport(query);
  const all = answer.data?.metrics ?? [];
  // Formula columns and the event columns the answer describes (decision 167).
  const described = [...formulas, ...(answer.data?.columns ?? [])];
  const { hidden, chooser } = useColumnPrefs({
    list: "report",
    known: all,
    hiddenByDefault: ["bots", "rejected", "hold", "cpc", ...NUMERIC_EVENT_COLUMNS],
  });
  const shown = all.filter((m) => !hidden.includes(m));
  const set = (key: string, value: string | undefined) =>
    setParams((p) => {
      if (value === undefined) p.delete(key);
      else p.set(key, value);
      return p;
    });
  const setLevel = (i: number, dim: string) => {
    const next = [...groupBy];
    if (dim === "") next.splice(i);
    else next[i] = dim;
    set("groupBy", next.join(","));
  };
  return (
    <div className="page report-page">
      <PageHeader
        title={handle.title}
        actions={
          <>
            <EditSubject />
            <Link
              className="btn"
              to={`/report/leads/${subjectType}/${subjectIds}${carried(params)}`}
            >
              Leads
            </Link>
            {subjectType === "campaign" && (
              <ReportCostAction
                scope={{
                  campaignIds: subjectIds.split(",").map(Number),
                  from: range.from,
                  to: range.to,
                  tz: timeZone,
                  filters,
                }}
              />
            )}
          </>
        }
      >
        <Subject />
      </PageHeader>
      <div className="report__toolbar">
        {picker}
        {[0, 1, 2].map((i) => (
          <label key={i} className="report__level">
            <span className="sr-only">Grouping level {i + 1}</span>
            <select
              aria-label={`Grouping level ${i + 1}`}
              value={groupBy[i] ?? ""}
              disabled={i > groupBy.length}
              onChange={(e) => setLevel(i, e.target.value)}
            >
              {i > 0 && <option value="">—</option>}
              {DIMENSIONS.map((d) => <option key={d.name} value={d.name}>{d.label}</option>)}
            </select>
          </label>
        ))}
        <label className="report__level">
          <span className="sr-only">Count conversions at</span>
          <select
            aria-label="Count conversions at"
            title="Count each conversion on the day of the conversion, or on the day of its click"
            value={attribution}
            onChange={(e) => set("attribution", e.target.value === "click" ? "click" : undefined)}
          >
            <option value="conversion">Conversions at conversion time</option>
            <option value="click">Conversions at click time</option>
          </select>
        </label>
        <span className="report__spacer" />
        <ColumnChooser
          columns={all.map((m) => ({ key: m, label: metricLabel(m, described) }))}
          {...chooser}
        />
        <FormulaEditor formulas={formulas} onChange={setFormulas} />
        <a
          className="btn btn--small"
          download
          href={csvUrl(REPORT_ROUTES.report, { ...query, columns: shown.join(",") })}
        >
          Export CSV
        </a>
      </div>
      <ReportFilters
        filters={filters}
        onChange={(f) => set("filters", f.length ? JSON.stringify(f) : undefined)}
      />
      <DataState
        loading={!answer.data}
        error={answer.error}
        empty={answer.data?.rows.length === 0}
        emptyText={filters.length
          ? "No clicks match these filters in this range."
          : "No clicks in this range."}
      >
        {answer.data && (
          <ReportTable
            answer={answer.data}
            title={groupBy.map((d) => DIMENSION_BY_NAME.get(d)?.label).join(" › ")}
            ctx={{
              query,
              levels: groupBy.length,
              columns: shown,
              formulas: described,
              colorization: debug.colorizationMode,
              sort,
              order,
              onSort: (c) => {
                const column = c === "name" ? groupBy[0] : c;
                setParams((p) => {
                  p.set("order", sort === column && order === "desc" ? "asc" : "desc");
                  p.set("sort", column);
                  return p;
                });
              },
            }}
          />
        )}
      </DataState>
    </div>
  );
}

/** The report's filters in the address (`filters`, JSON); none when it is not a list. */
function useFiltersParam(params: URLSearchParams): ReportFilter[] {
  return useMemo(() => {
    try {
      const parsed = JSON.parse(params.get("filters") ?? "[]");
      return Array.isArray(parsed) ? parsed as ReportFilter[] : [];
    } catch {
      return [];
    }
  }, [params]);
}

/**
 * The address's query, passed between a report and its leads: the leads take its days and
 * filters, and the way back finds the report as it was (grouping, sort).
 */
function carried(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The leads report of one or more subjects: the report's days and filters. */
export function LeadsPage() {
  const { subjectType, subjectIds } = useSubjectParams();
  const handle = useRouteHandle();
  const { timeZone, range, picker, params, setParams } = useDates();
  const filters = useFiltersParam(params);
  const query: ConversionsQueryIn = {
    subjectType,
    subjectIds,
    from: range.from,
    to: range.to,
    tz: timeZone,
    filters: filters.length ? JSON.stringify(filters) : undefined,
  };
  const back = carried(params);
  return (
    <div className="page">
      <PageHeader
        title={handle.title}
        actions={
          <Link className="btn" to={`/report/${subjectType}/${subjectIds}${back}`}>Report</Link>
        }
      >
        <Subject />
      </PageHeader>
      <div className="report__toolbar">
        {picker}
        <span className="report__spacer" />
        <a className="btn btn--small" download href={csvUrl(REPORT_ROUTES.leads, query)}>
          Export CSV
        </a>
      </div>
      <ReportFilters
        filters={filters}
        onChange={(f) =>
          setParams((p) => {
            if (f.length) p.set("filters", JSON.stringify(f));
            else p.delete("filters");
            return p;
          })}
      />
      <LeadsTable route={REPORT_ROUTES.leads} query={query} timeZone={timeZone} />
    </div>
  );
}
