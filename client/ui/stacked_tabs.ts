/**
 * Whether the header's tabs fit beside the brand and the tools. Between the narrow layout's
 * breakpoint and a width where every tab fits (about 1100–1320 px for an admin, more with
 * the demo chip, a long name or a larger font), the strip would scroll with its last tabs cut
 * off; then they go on a row of their own, as on a narrow screen.
 */
import { type RefObject, useLayoutEffect, useState } from "react";

/** The tabs' full width against the room the one-row header leaves them. */
export function tabsFit(header: HTMLElement): boolean {
  const tabs = header.querySelector<HTMLElement>(".tabs");
  if (!tabs) return true;
  const width = (el: Element) => el.getBoundingClientRect().width;
  const need = [...tabs.children].reduce((sum, tab) => sum + width(tab), 0);
  const style = getComputedStyle(header);
  const others = [...header.children].filter((el) => el !== tabs);
  const columns = style.gridTemplateColumns.split(" ").length;
  const room = header.clientWidth - parseFloat(style.paddingLeft) -
    parseFloat(style.paddingRight) - others.reduce((sum, el) => sum + width(el), 0) -
    (columns - 1) * (parseFloat(style.columnGap) || 0);
  return need <= room + 0.5;
}

/** True when the header should put its tabs on their own row; re-measured on any resize. */
export function useStackedTabs(header: RefObject<HTMLElement | null>): boolean {
  const [stacked, setStacked] = useState(false);
  useLayoutEffect(() => {
    const node = header.current;
    if (!node) return;
    const measure = () => setStacked(!tabsFit(node));
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    for (const el of node.querySelectorAll(".tabs__tab, .frame__tools, .chip--demo")) {
      observer.observe(el);
    }
    measure();
    return () => observer.disconnect();
  }, [header]);
  return stacked;
}
