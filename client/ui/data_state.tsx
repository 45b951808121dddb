/** Loading, error and empty states in one place (STYLE 10). */
import type { ReactNode } from "react";

/** Shows a loading line, an error, an empty note, or the children. */
export function DataState(props: {
  loading: boolean;
  error?: unknown;
  empty?: boolean;
  emptyText?: string;
  children: ReactNode;
}) {
  if (props.error) {
    const message = props.error instanceof Error ? props.error.message : String(props.error);
    return <p className="notice notice--error" role="alert">{message}</p>;
  }
  if (props.loading) {
    return (
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading…
      </p>
    );
  }
  if (props.empty) return <p className="muted">{props.emptyText ?? "Nothing here yet."}</p>;
  return <>{props.children}</>;
}
