/** A virtualised list (SPEC §9: overscan 5 by default), for long tables and logs. */
import { type ReactNode, useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { VIRTUAL_OVERSCAN } from "../app/helpers.ts";

/** Renders only the rows in view, plus `overscan` on each side. */
export function VirtualList<T>(props: {
  items: readonly T[];
  rowHeight: number;
  height: number;
  overscan?: number;
  renderRow: (item: T, index: number) => ReactNode;
  label: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: props.items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => props.rowHeight,
    overscan: props.overscan ?? VIRTUAL_OVERSCAN,
  });
  return (
    <div
      ref={scroller}
      className="virtual-list"
      style={{ height: props.height }}
      role="list"
      aria-label={props.label}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            role="listitem"
            className="virtual-list__row"
            style={{
              position: "absolute",
              top: 0,
              left: 0,
              right: 0,
              height: row.size,
              transform: `translateY(${row.start}px)`,
            }}
          >
            {props.renderRow(props.items[row.index], row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
