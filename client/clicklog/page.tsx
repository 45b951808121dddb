/**
 * Click Log (lazy chunk): every stored click of the chosen days (in the
 * user's time zone, the one its times show in), newest first, in a virtualised
 * table whose columns the Columns menu chooses (and saved sets, as on the other
 * lists), filtered by campaign, offer, traffic source, country, bots or an id;
 * the dates and filters live in the address like the other screens'. Pages of 200 are fetched as the scroll nears the end (the cursor is
 * the last click id), so a million clicks scroll like a hundred: only the
 * rows in view are in the page, and only the pages seen are loaded.
 */
import { useEffect, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { VIRTUAL_OVERSCAN } from "../app/helpers.ts";
import { DataState } from "../ui/data_state.tsx";
import { formatStamp } from "../ui/format.ts";
import { ENTITY_FILTER_SPEC, EntityFilters } from "../entities/entity_filters.tsx";
import { FilterInput } from "../ui/filter_input.tsx";
import { useFilterParams } from "../ui/use_filter_params.ts";
import { PageHeader, useRouteHandle } from "../ui/page.tsx";
import { CLICK_ROUTES } from "../../contracts/api/reports.ts";
import { type ClicksQueryIn, csvUrl, fetchClicks } from "../reports/api.ts";
import { useDates } from "../reports/page.tsx";
import { clickColumnLabel, NAMED_ID_COLUMNS } from "../../contracts/click_columns.ts";
import { ColumnChooser } from "../ui/column_chooser.tsx";
import { useColumnPrefs } from "../ui/use_column_prefs.ts";
import { useRowHeight } from "../app/beta_flags.ts";

type Cell = string | number | null;
const ROW = 30;
/** With Compact tables on (Settings → Beta). */
const COMPACT_ROW = 22;
const FIRST = [
  "ts",
  "id",
  "campaignId",
  "offerId",
  "landingId",
  "ruleName",
  "pathName",
  "country",
  "ip",
  "deviceType",
  "os",
  "browser",
  "isBot",
  "botReason",
  "isUnique",
  "cost",
  "changes",
  "externalId",
];

/**
 * The pages of clicks for `query`. A new query supersedes the running request: its answer is
 * dropped when it lands late, so the table always shows what the filters say now.
 */
function useClickPages(query: ClicksQueryIn) {
  const [items, setItems] = useState<Record<string, Cell>[]>([]);
  const [columns, setColumns] = useState<string[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [state, setState] = useState<{ loading: boolean; error?: unknown }>({ loading: true });
  const generation = useRef(0);
  const busy = useRef(false);
  const key = JSON.stringify(query);
  const load = async (after: string | undefined, reset: boolean) => {
    if (busy.current && !reset) return;
    const mine = reset ? ++generation.current : generation.current;
    busy.current = true;
    try {
      const page = await fetchClicks({ ...query, cursor: after, limit: 200 });
      if (mine !== generation.current) return;
      setColumns(page.columns);
      setItems((old) => reset ? page.items : [...old, ...page.items]);
      setCursor(page.nextCursor);
      setState({ loading: false });
    } catch (error) {
      if (mine === generation.current) setState({ loading: false, error });
    } finally {
      if (mine === generation.current) busy.current = false;
    }
  };
  useEffect(() => {
    setState({ loading: true });
    void load(undefined, true);
  }, [key]);
  return { items, columns, more: cursor ? () => load(cursor, false) : undefined, state };
}

const NAME_COLUMNS = new Set(Object.values(NAMED_ID_COLUMNS));

/** A cell's tooltip: a named entity's name and id ("Keto push US #1"), else the value. */
function tooltip(key: string, item: Record<string, Cell>): string {
  const value = item[key] ?? "";
  return NAMED_ID_COLUMNS[key] && value !== ""
    ? `${item[NAMED_ID_COLUMNS[key]] ?? ""} #${value}`
    : String(value);
}

/** The click log's filters in the address; a country may be half typed. */
const FILTERS = {
  ...ENTITY_FILTER_SPEC,
  country: (v: string) => /^[A-Za-z]{1,2}$/.test(v),
  bot: (v: string) => v === "true" || v === "false",
  search: (v: string) => v.length <= 255,
};

/** The bot filter's values (any other value in the address: no filter). */
const BOT_VALUES = ["true", "false"] as const;

/** The click log screen. */
export function Page() {
  const handle = useRouteHandle();
  const { timeZone, range, picker } = useDates("today", { zone: "user" });
  const [filters, setFilters] = useFilterParams(FILTERS);
  const query: ClicksQueryIn = {
    from: range.from,
    to: range.to,
    tz: timeZone,
    campaignId: filters.campaignId || undefined,
    offerId: filters.offerId || undefined,
    trafficSourceId: filters.trafficSourceId || undefined,
    country: /^[A-Za-z]{2}$/.test(filters.country) ? filters.country : undefined,
    bot: BOT_VALUES.find((b) => b === filters.bot),
    search: filters.search.trim() || undefined,
  };
  const { items, columns, more, state } = useClickPages(query);
  const filtered = Boolean(
    query.campaignId || query.offerId || query.trafficSourceId || query.country || query.bot ||
      query.search,
  );
  const ordered = [
    ...FIRST.filter((c) => columns.includes(c)),
    ...columns.filter((c) => !FIRST.includes(c) && !NAME_COLUMNS.has(c)),
  ];
  // The Columns menu (and Settings → Columns' sets): the click id always shows.
  const { hidden, chooser } = useColumnPrefs({
    list: "clicklog",
    known: ordered,
    hiddenByDefault: [],
    pinned: "id",
  });
  const shown = ordered.filter((c) => !hidden.includes(c));
  const scroller = useRef<HTMLDivElement>(null);
  const rowHeight = useRowHeight(ROW, COMPACT_ROW);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: VIRTUAL_OVERSCAN,
  });
  useEffect(() => virtualizer.measure(), [rowHeight]);
  const visible = virtualizer.getVirtualItems();
  const last = visible[visible.length - 1]?.index ?? 0;
  useEffect(() => {
    if (more && last > items.length - 50) void more();
  }, [last, items.length, more]);
  const cell = (key: string, item: Record<string, Cell>) => {
    const value = item[key];
    if ((key === "ts" || key === "lpClickTs") && typeof value === "number") {
      return formatStamp(value, timeZone);
    }
    return (NAMED_ID_COLUMNS[key] ? item[NAMED_ID_COLUMNS[key]] : null) ?? value ?? "";
  };
  const width = (key: string) =>
    key === "id"
      ? 230
      : key === "changes"
      ? 440
      : key === "userAgent" || key === "referrer"
      ? 320
      : key === "botReason"
      ? 250
      : NAMED_ID_COLUMNS[key] || key === "ruleName" || key === "pathName"
      ? 170
      : key === "ts" || key === "lpClickTs"
      ? 140
      : 110;
  const total = shown.reduce((sum, k) => sum + width(k), 0);
  return (
    <div className="page clicklog">
      <PageHeader title={handle.title} />
      <div className="report__toolbar">
        {picker}
        <EntityFilters values={filters} onChange={setFilters} />
        <FilterInput
          aria-label="Country"
          placeholder="Country (US)"
          maxLength={2}
          value={filters.country}
          onChange={(country) => setFilters({ country })}
        />
        <select
          aria-label="Bots"
          value={filters.bot}
          onChange={(e) => setFilters({ bot: e.target.value })}
        >
          <option value="">Bots and humans</option>
          <option value="false">Humans only</option>
          <option value="true">Bots only</option>
        </select>
        <FilterInput
          aria-label="Search"
          placeholder="Click id, IP or external id"
          value={filters.search}
          onChange={(search) => setFilters({ search })}
        />
        <span className="report__spacer" />
        <ColumnChooser
          columns={ordered.map((k) => ({ key: k, label: clickColumnLabel(k) }))}
          {...chooser}
        />
        <a
          className="btn btn--small"
          download
          href={csvUrl(CLICK_ROUTES.list, { ...query, columns: shown.join(",") })}
        >
          Export CSV
        </a>
      </div>
      <DataState
        loading={state.loading}
        error={state.error}
        empty={items.length === 0}
        emptyText={filtered
          ? "No matches: no click in these days fits these filters."
          : "No clicks in these days."}
      >
        <div
          ref={scroller}
          className="clicklog__scroller"
          tabIndex={0}
          role="table"
          aria-label="Click log"
          aria-rowcount={items.length}
        >
          <div className="clicklog__head" role="row" style={{ width: total }}>
            {shown.map((k) => (
              <span key={k} role="columnheader" style={{ width: width(k) }} title={k}>
                {clickColumnLabel(k)}
              </span>
            ))}
          </div>
          <div style={{ height: virtualizer.getTotalSize(), width: total, position: "relative" }}>
            {visible.map((row) => {
              const item = items[row.index];
              return (
                <div
                  key={row.key}
                  role="row"
                  className={`clicklog__row${row.index % 2 ? " clicklog__row--odd" : ""}`}
                  style={{ transform: `translateY(${row.start}px)`, height: rowHeight }}
                >
                  {shown.map((k) => (
                    <span
                      key={k}
                      role="cell"
                      style={{ width: width(k) }}
                      title={tooltip(k, item)}
                    >
                      {cell(k, item)}
                    </span>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
        <p className="muted">
          {items.length} clicks loaded{more ? ", more load as you scroll" : ""}.
        </p>
      </DataState>
    </div>
  );
}
