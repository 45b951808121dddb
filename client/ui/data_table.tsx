/**
 * The virtualised list table (TanStack Virtual, overscan 5): a sticky header
 * with sortable columns, selectable rows, a totals row, and the debug
 * settings' colorization and vertical borders. Only rows in view are in the DOM.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { ColorizationMode } from "../app/debug_settings.ts";
import { VIRTUAL_OVERSCAN } from "../app/helpers.ts";
import type { Tone } from "./format.ts";
import { useRowHeight } from "../app/beta_flags.ts";

/** Height of one body row, px, and with Compact tables on (Settings → Beta). */
const ROW_HEIGHT = 32;
const COMPACT_ROW_HEIGHT = 24;
const HEAD_HEIGHT = 34;

/** One column of a table. */
export interface TableColumn<T> {
  key: string;
  label: string;
  width: number;
  /** When set, the column shrinks down to this many px before the table scrolls sideways. */
  minWidth?: number;
  align?: "start" | "end" | "center";
  /** The server's sort key; absent when the column cannot be sorted. */
  sort?: string;
  render: (item: T) => ReactNode;
  /** Colours the cell in `colored-cells` mode (profit, ROI). */
  tone?: (item: T) => Tone;
  /** The totals row's cell. */
  total?: ReactNode;
  /** What the column holds, shown as its header's tooltip. */
  help?: string;
}

/** Props of `DataTable`. */
export interface DataTableProps<T extends { id: number }> {
  label: string;
  items: readonly T[];
  columns: readonly TableColumn<T>[];
  selected: ReadonlySet<number>;
  onSelect: (ids: Set<number>) => void;
  sort: { key: string; order: "asc" | "desc" };
  onSort: (key: string) => void;
  /** The row's tone in `colored-rows` mode. */
  rowTone: (item: T) => Tone;
  colorization: ColorizationMode;
  verticalBorders: boolean;
  showTotals: boolean;
  height: number;
}

function ariaSort(column: { sort?: string }, sort: { key: string; order: string }) {
  if (!column.sort) return undefined;
  if (column.sort !== sort.key) return "none" as const;
  return sort.order === "asc" ? "ascending" as const : "descending" as const;
}

/** The table. */
export function DataTable<T extends { id: number }>(props: DataTableProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const rowHeight = useRowHeight(ROW_HEIGHT, COMPACT_ROW_HEIGHT);
  const virtualizer = useVirtualizer({
    count: props.items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: VIRTUAL_OVERSCAN,
    scrollMargin: HEAD_HEIGHT,
  });
  // Compact tables switched on or off: the rows' cached sizes are the old height.
  useEffect(() => virtualizer.measure(), [rowHeight]);
  const track = (c: TableColumn<T>) =>
    c.minWidth === undefined ? `${c.width}px` : `minmax(${c.minWidth}px, ${c.width}px)`;
  const template = `36px ${props.columns.map(track).join(" ")} minmax(0, 1fr)`;
  const width = 36 + props.columns.reduce((sum, c) => sum + (c.minWidth ?? c.width), 0);
  const allSelected = props.items.length > 0 && props.items.every((i) => props.selected.has(i.id));
  const toggle = (id: number) => {
    const next = new Set(props.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    props.onSelect(next);
  };
  const classes = [
    "dtable",
    `dtable--${props.colorization}`,
    props.verticalBorders ? "dtable--borders" : "",
  ].join(" ");
  const footerRows = props.showTotals ? 1 : 0;
  return (
    <div
      ref={scroller}
      className={classes}
      style={{ height: props.height }}
      role="table"
      aria-label={props.label}
      aria-rowcount={props.items.length + 1 + footerRows}
      tabIndex={0}
    >
      <div className="dtable__inner" style={{ minWidth: width }}>
        <div className="dtable__head" role="rowgroup">
          <div
            className="dtable__row"
            role="row"
            aria-rowindex={1}
            style={{ gridTemplateColumns: template, height: HEAD_HEIGHT }}
          >
            <div className="dtable__cell dtable__cell--check" role="columnheader">
              <input
                type="checkbox"
                aria-label="Select all rows"
                checked={allSelected}
                onChange={() =>
                  props.onSelect(allSelected ? new Set() : new Set(props.items.map((i) => i.id)))}
              />
            </div>
            {props.columns.map((column) => (
              <div
                key={column.key}
                role="columnheader"
                aria-sort={ariaSort(column, props.sort)}
                title={column.help}
                className={`dtable__cell dtable__cell--${column.align ?? "start"}`}
              >
                {column.sort
                  ? (
                    <button
                      type="button"
                      className="dtable__sort"
                      onClick={() => props.onSort(column.sort!)}
                    >
                      {column.label}
                      <span className="dtable__arrow" aria-hidden="true">
                        {column.sort === props.sort.key
                          ? (props.sort.order === "asc" ? "▲" : "▼")
                          : ""}
                      </span>
                    </button>
                  )
                  : column.label}
              </div>
            ))}
            <div role="columnheader" aria-hidden="true" />
          </div>
        </div>
        <div
          role="rowgroup"
          className="dtable__body"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((row) => {
            const item = props.items[row.index];
            const tone = props.colorization === "colored-rows" ? props.rowTone(item) : "neutral";
            const odd = props.colorization === "even-odd" && row.index % 2 === 1;
            const chosen = props.selected.has(item.id);
            return (
              <div
                key={item.id}
                role="row"
                aria-rowindex={row.index + 2}
                aria-selected={chosen}
                data-id={item.id}
                className={`dtable__row dtable__row--${tone}${odd ? " dtable__row--odd" : ""}${
                  chosen ? " dtable__row--selected" : ""
                }`}
                style={{
                  gridTemplateColumns: template,
                  height: rowHeight,
                  transform: `translateY(${row.start - HEAD_HEIGHT}px)`,
                }}
              >
                <div className="dtable__cell dtable__cell--check" role="cell">
                  <input
                    type="checkbox"
                    aria-label={`Select row ${item.id}`}
                    checked={chosen}
                    onChange={() => toggle(item.id)}
                  />
                </div>
                {props.columns.map((column) => {
                  const cellTone = props.colorization === "colored-cells" && column.tone
                    ? column.tone(item)
                    : "neutral";
                  return (
                    <div
                      key={column.key}
                      role="cell"
                      className={`dtable__cell dtable__cell--${
                        column.align ?? "start"
                      } tone--${cellTone}`}
                    >
                      {column.render(item)}
                    </div>
                  );
                })}
                <div role="cell" aria-hidden="true" />
              </div>
            );
          })}
        </div>
        {props.showTotals && (
          <div className="dtable__foot" role="rowgroup">
            <div
              className="dtable__row"
              role="row"
              aria-rowindex={props.items.length + 2}
              style={{ gridTemplateColumns: template, height: rowHeight }}
            >
              <div className="dtable__cell" role="cell" />
              {props.columns.map((column) => (
                <div
                  key={column.key}
                  role="cell"
                  className={`dtable__cell dtable__cell--${column.align ?? "start"}`}
                >
                  {column.total}
                </div>
              ))}
              <div role="cell" aria-hidden="true" />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
