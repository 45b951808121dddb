/**
 * The entries of a form's error summary, each field named as the form labels it ("Time zone",
 * not `timezone`): the label of the control bound at that path in the same form, else the
 * path made readable.
 */
import { useLayoutEffect, useRef, useState } from "react";
import { pathLabel } from "./form_errors.ts";

/** The label text of the control bound at `path` inside `scope`, without the required marker. */
function labelAt(scope: ParentNode, path: string): string | undefined {
  const field = scope.querySelector(`[data-path="${CSS.escape(path)}"]`);
  const label = field?.querySelector(".field__label, legend, label");
  if (!label) return undefined;
  const copy = label.cloneNode(true) as Element;
  copy.querySelectorAll("[aria-hidden=true]").forEach((node) => node.remove());
  return copy.textContent?.trim() || undefined;
}

/** A `<ul>` of `Label: message` for the first `limit` errors. */
export function ErrorList(
  props: {
    errors: ReadonlyArray<[string, string]>;
    limit?: number;
    className?: string;
    role?: "alert";
  },
) {
  const shown = props.errors.slice(0, props.limit ?? props.errors.length);
  const list = useRef<HTMLUListElement>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const paths = shown.map(([path]) => path).join("\n");
  useLayoutEffect(() => {
    const scope = list.current?.closest("form, dialog") ?? document;
    const found: Record<string, string> = {};
    for (const [path] of shown) {
      const label = labelAt(scope, path);
      if (label) found[path] = label;
    }
    setNames(found);
  }, [paths]);
  return (
    <ul ref={list} className={props.className} role={props.role}>
      {shown.map(([path, message]) => (
        <li key={path}>{names[path] ?? pathLabel(path)}: {message}</li>
      ))}
    </ul>
  );
}
