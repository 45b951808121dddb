/** The height that lets an element reach the bottom of the window (the list table scrolls inside). */
import { type RefObject, useLayoutEffect, useState } from "react";

/** The bottom padding of the element's `<main>`: the space the page keeps below its content. */
function mainPaddingBottom(element: HTMLElement | null): number {
  const main = element?.closest("main");
  return main ? parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
}

/**
 * Height from the element's top to the window's bottom, less the page's own bottom padding and
 * `gap`, at least `min`: the element ends where the window does, and the page does not scroll.
 */
export function useFillHeight(
  ref: RefObject<HTMLElement | null>,
  options: { gap?: number; min?: number } = {},
) {
  const { gap = 0, min = 280 } = options;
  const [height, setHeight] = useState(480);
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      const below = gap + mainPaddingBottom(ref.current);
      setHeight(
        Math.max(min, Math.floor(globalThis.innerHeight - top - below + globalThis.scrollY)),
      );
    };
    measure();
    globalThis.addEventListener("resize", measure);
    const observer = new ResizeObserver(measure);
    if (ref.current?.parentElement) observer.observe(ref.current.parentElement);
    return () => {
      globalThis.removeEventListener("resize", measure);
      observer.disconnect();
    };
  }, [ref, gap, min]);
  return height;
}
