/** A button that opens a small panel below it; Escape or a click outside closes it. */
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";

/** The least room kept between an open panel and the window's edge (px). */
const EDGE = 8;

/** Props of `Popover`. */
export interface PopoverProps {
  label: ReactNode;
  /** The button's accessible name when `label` is not plain text. */
  ariaLabel?: string;
  className?: string;
  align?: "start" | "end";
  children: (close: () => void) => ReactNode;
}

/** The popover. */
export function Popover(props: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  // A panel aligned to its button can reach past the window on a phone: it is moved back in.
  useLayoutEffect(() => {
    const el = panel.current;
    if (!open || !el) return;
    el.style.transform = "";
    const { left, right } = el.getBoundingClientRect();
    const room = document.documentElement.clientWidth - EDGE;
    const shift = left < EDGE
      ? EDGE - left
      : right > room
      ? Math.max(room - right, EDGE - left)
      : 0;
    if (shift !== 0) el.style.transform = `translateX(${shift}px)`;
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [open]);
  return (
    <div ref={root} className={`popover ${props.className ?? ""}`}>
      <button
        type="button"
        className="btn btn--small"
        aria-expanded={open}
        aria-controls={id}
        aria-label={props.ariaLabel}
        onClick={() => setOpen(!open)}
      >
        {props.label}
        <span className="caret" aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={panel}
          id={id}
          className={`popover__panel popover__panel--${props.align ?? "start"}`}
        >
          {props.children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
