/**
 * A keyboard-usable menu button (WAI-ARIA menu button pattern): Enter/Space/ArrowDown open
 * it, arrows move, Escape closes and returns focus, a click outside closes.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";

/** One item: a link (`to`) or an action (`onSelect`). */
export interface MenuItem {
  label: string;
  to?: string;
  onSelect?: () => void;
  hint?: ReactNode;
  current?: boolean;
}

/** Props of `MenuButton`. */
export interface MenuButtonProps {
  /** The accessible name of the menu (and of the button, unless `buttonLabel`). */
  label: string;
  /** Name the button by its visible content plus `label` for screen readers (not aria-label). */
  labelInside?: boolean;
  children: ReactNode;
  items: MenuItem[];
  className?: string;
  align?: "start" | "end";
}

/** A button that opens a menu of links and actions. */
export function MenuButton(
  { label, labelInside, children, items, className, align = "end" }: MenuButtonProps,
) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();

  const itemNodes = () =>
    Array.from(root.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? []);
  const focusItem = (index: number) => {
    const nodes = itemNodes();
    nodes[(index + nodes.length) % nodes.length]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    focusItem(0);
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const select = (item: MenuItem) => {
    close(true);
    if (item.to) void navigate(item.to);
    item.onSelect?.();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const index = itemNodes().indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: -1,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      close(false);
    }
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <div className={`menu ${className ?? ""}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="menu__button"
        aria-label={labelInside ? undefined : label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={onButtonKey}
      >
        {children}
        {labelInside && <span className="sr-only">{label}</span>}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className={`menu__list menu__list--${align}`}
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`menu__item${item.current ? " menu__item--current" : ""}`}
              aria-current={item.current ? "page" : undefined}
              onClick={() => select(item)}
            >
              <span>{item.label}</span>
              {item.hint && <span className="menu__hint" aria-hidden="true">{item.hint}</span>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
