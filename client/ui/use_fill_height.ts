/** The height that lets an element reach the bottom of the window (the list table scrolls inside). */
import { type RefObject, useLayoutEffect, useState } from "react";

/** Height from the element's top to the window's bottom, less `gap`, at least `min`. */
export function useFillHeight(
  ref: RefObject<HTMLElement | null>,
  options: { gap?: number; min?: number } = {},
) {
  const { gap = 16, min = 280 } = options;
  const [height, setHeight] = useState(480);
  useLayoutEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(min, Math.floor(globalThis.innerHeight - top - gap + globalThis.scrollY)));
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
