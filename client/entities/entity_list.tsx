/**
 * The list screen every entity shares: filters, a virtualised table with
 * stats, selection and bulk actions (archive, restore, mass edit, report).
 * Read-only users see no create, edit or archive controls.
 */
import { type ComponentType, useRef, useState, useSyncExternalStore } from "react";
import { Link, Outlet } from "react-router";
import type { GroupType } from "../../contracts/group.ts";
import { MAX_PAGE } from "../../contracts/list.ts";
import { currentUserStore } from "../app/current_user.ts";
import { debugSettingsStore } from "../app/debug_settings.ts";
import type { ReportSubjectType } from "../app/route_rules.ts";
import { DataTable, type TableColumn } from "../ui/data_table.tsx";
import { DataState } from "../ui/data_state.tsx";
import { usePanelSettings } from "../app/panel_settings.ts";
import {
  type ListItemOf,
  refreshResource,
  type ResourceName,
  useEntityList,
  useMyAccount,
  useOptions,
} from "./entity_api.ts";
import { toneOf } from "../ui/format.ts";
import { listQuery, stateRange } from "../ui/list_state.ts";
import { ListToolbar } from "./list_toolbar.tsx";
import { PageHeader } from "../ui/page.tsx";
import { canWrite, type Subject } from "../../contracts/rights.ts";
import { ENTITY_BASE_COLUMNS, type OwnColumnKey } from "../../contracts/list_columns.ts";
import { accountOrRole } from "../app/rights.ts";
import { RowActions, type RowLink } from "./row_actions.tsx";
import { RateNotes } from "../reports/rate_notes.tsx";
import { SelectionBar } from "./selection_bar.tsx";
import { statColumns, STATS_HIDDEN_BY_DEFAULT } from "./stat_columns.tsx";
import { useFillHeight } from "../ui/use_fill_height.ts";
import { useColumnPrefs } from "../ui/use_column_prefs.ts";
import { useListState } from "../ui/use_list_state.ts";

/**
 * What an entity feature tells the shared list: `R` is its resource, whose
 * declared schema types the rows its columns render.
 */
export interface ListConfig<R extends ResourceName> {
  resource: R;
  /** The list path: "/offers". */
  path: string;
  title: string;
  /** Singular, lower case: "offer". */
  noun: string;
  subject: Subject;
  groupType?: GroupType;
  reportType?: ReportSubjectType;
  massEdit?: boolean;
  /** The row's copy-link button, where rows have a link. */
  CopyLink?: RowLink<ListItemOf<R>>;
  /** Whether items carry stats (and the list a date range). */
  stats: boolean;
  /**
   * The entity's own columns, shown after id and name; a list that saves column sets names
   * them in `contracts/list_columns.ts`, which the server checks saved sets against.
   */
  columns: (TableColumn<ListItemOf<R>> & { key: OwnColumnKey<R> })[];
  hiddenByDefault?: OwnColumnKey<R>[];
  /** More bulk actions for the selected rows (writable users only). */
  SelectionActions?: ComponentType<SelectionActionProps>;
  /** More actions in the list's header. */
  HeaderActions?: ComponentType<{ writable: boolean; timeZone: string }>;
  /** A panel of the list's own between the filters and the table (the table makes room). */
  Panel?: ComponentType<{ writable: boolean }>;
}

/** What a list's own bulk action gets: the rows, the list's period, and a way to say it is done. */
export type SelectionActionProps = {
  ids: number[];
  range?: { from: string; to: string };
  timeZone: string;
  onDone: () => void;
};

function baseColumns<R extends ResourceName>(
  config: ListConfig<R>,
  groupName: (id: number | null) => string,
) {
  type Base = TableColumn<ListItemOf<R>> & { key: typeof ENTITY_BASE_COLUMNS[number] };
  const columns: Base[] = [
    { key: "id", label: "ID", width: 56, align: "end", sort: "id", render: (i) => i.id },
    {
      key: "name",
      label: "Name",
      width: 260,
      minWidth: 104,
      sort: "name",
      total: config.stats ? "Total" : undefined,
      render: (item) => (
        <Link
          className="dtable__name"
          to={config.reportType
            ? `/report/${config.reportType}/${item.id}`
            : `${config.path}/edit/${item.id}`}
          title={item.name}
        >
          {item.name}
          {item.archived && <span className="chip chip--muted">archived</span>}
        </Link>
      ),
    },
  ];
  if (config.groupType) {
    columns.push({
      key: "group",
      label: "Group",
      width: 100,
      minWidth: 72,
      render: (i) => groupName(i.groupId),
    });
  }
  return columns;
}

/** Edit (when the name opens the report) and Copy link, last in every row. */
function actionColumn<R extends ResourceName>(
  config: ListConfig<R>,
  writable: boolean,
): TableColumn<ListItemOf<R>>[] {
  const edit = writable && config.reportType !== undefined;
  if (!edit && !config.CopyLink) return [];
  return [{
    key: "actions",
    label: "Actions",
    // The cell's padding (16) and its buttons (Edit 36 + gap, Copy link 68), at least the width
    // of its heading, so a lone Edit button leaves "Actions" whole and a lone Copy link fits.
    width: Math.max(72, 16 + (edit ? 40 : 0) + (config.CopyLink ? 70 : 0)),
    render: (item) => (
      <RowActions
        item={item}
        editTo={edit ? `${config.path}/edit/${item.id}` : undefined}
        CopyLink={config.CopyLink}
      />
    ),
  }];
}

/** The list page; a mass-edit modal renders over it through the outlet. */
export function EntityListPage<R extends ResourceName>({ config }: { config: ListConfig<R> }) {
  const [state, update] = useListState();
  const debug = useSyncExternalStore(debugSettingsStore.subscribe, debugSettingsStore.get);
  const user = useSyncExternalStore(currentUserStore.subscribe, currentUserStore.get);
  const account = useMyAccount();
  const hideProfit = account.data?.hideProfit ?? user.isHideProfit;
  const writable = canWrite(accountOrRole(account.data, user.role), config.subject);
  const { timeZone, currency } = usePanelSettings();
  const range = config.stats ? stateRange(state, { timeZone, now: new Date() }) : undefined;
  const query = listQuery(state, { timeZone, now: new Date(), limit: MAX_PAGE });
  if (!config.stats) {
    delete query.from;
    delete query.to;
  }
  const list = useEntityList(config.resource, query);
  const groups = useOptions("groups", Boolean(config.groupType));
  const items: readonly ListItemOf<R>[] = list.data?.items ?? [];
  const groupNames = new Map((groups.data?.items ?? []).map((g) => [g.id, g.name]));
  const groupName = (id: number | null) => (id === null ? "—" : groupNames.get(id) ?? `#${id}`);
  const allColumns = [
    ...baseColumns(config, groupName),
    ...config.columns,
    ...(config.stats ? statColumns(items, { hideProfit, currency }) : []),
  ];
  const { hidden, chooser } = useColumnPrefs({
    // Settings → Columns names the lists as the API does ("affiliate-networks").
    list: config.resource,
    known: allColumns.map((c) => c.key),
    hiddenByDefault: [
      ...(config.hiddenByDefault ?? []),
      ...(config.stats ? STATS_HIDDEN_BY_DEFAULT : []),
    ],
    pinned: "name",
  });
  const shown = [
    ...allColumns.filter((c) => !hidden.includes(c.key)),
    ...actionColumn(config, writable),
  ];
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const visibleSelection = new Set(items.filter((i) => selected.has(i.id)).map((i) => i.id));
  const tableBox = useRef<HTMLDivElement>(null);
  const height = useFillHeight(tableBox);
  const onSort = (key: string) => {
    const order = state.sort === key
      ? (state.order === "asc" ? "desc" : "asc")
      : (key === "name" || !config.stats ? "asc" : "desc");
    update({ sort: key, order });
  };
  return (
    <div className="page page--list">
      <PageHeader
        title={config.title}
        actions={
          <>
            {config.HeaderActions && (
              <config.HeaderActions writable={writable} timeZone={timeZone} />
            )}
            {writable && (
              <Link className="btn btn--primary" to={`${config.path}/create`}>
                + Create {config.noun}
              </Link>
            )}
          </>
        }
      >
        {/* The count's line is kept while the list loads, so nothing below moves when it comes. */}
        {!list.data && <span className="muted" aria-hidden="true">&nbsp;</span>}
        {list.data && (
          <span className="muted" data-testid="list-count">
            {list.data.total === items.length
              ? `${items.length.toLocaleString("en-US")} ${config.noun}${
                items.length === 1 ? "" : "s"
              }`
              : `First ${items.length.toLocaleString("en-US")} of ${
                list.data.total.toLocaleString("en-US")
              }`}
          </span>
        )}
      </PageHeader>
      <ListToolbar
        state={state}
        onChange={(patch) => {
          setSelected(new Set());
          update(patch);
        }}
        groupType={config.groupType}
        range={range}
        timeZone={timeZone}
        noun={config.noun}
        onRefresh={() => void list.mutate()}
        columns={{ columns: allColumns, ...chooser }}
      />
      <SelectionBar
        config={config}
        ids={[...visibleSelection]}
        writable={writable}
        archivedView={state.archived === "true"}
        range={range}
        timeZone={timeZone}
        onDone={() => {
          setSelected(new Set());
          void refreshResource(config.resource);
        }}
      />
      {config.Panel && <config.Panel writable={writable} />}
      <RateNotes notes={list.data?.rateNotes} />
      <div ref={tableBox} className="list-box">
        <DataState loading={!list.data && !list.error} error={list.error}>
          {items.length === 0
            ? (
              <p className="empty muted">
                {state.search || state.groupId !== null || state.archived !== "false"
                  ? `No ${config.noun}s match these filters.`
                  : `No ${config.noun}s yet.`}
              </p>
            )
            : (
              <DataTable
                label={config.title}
                items={items}
                columns={shown}
                selected={visibleSelection}
                onSelect={setSelected}
                sort={{ key: state.sort, order: state.order }}
                onSort={onSort}
                rowTone={(item) => toneOf((item.stats as { profit?: number } | undefined)?.profit)}
                colorization={debug.colorizationMode}
                verticalBorders={debug.isWithVerticalBorders}
                showTotals={config.stats}
                height={height}
              />
            )}
        </DataState>
      </div>
      <Outlet />
    </div>
  );
}
