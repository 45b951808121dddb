/** The router's error screen: a failed chunk offers a reload; anything else its message. */
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { isChunkLoadError } from "./preload_error.ts";

/** Shown in place of a route that failed to load or render. */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
    ? error.message
    : String(error);
  return (
    <div className="route-error" role="alert">
      <h1>{chunk ? "Part of the panel failed to load" : "Something went wrong"}</h1>
      <p>
        {chunk
          ? "The panel may have been updated, or the connection dropped. Reloading fixes it."
          : message}
      </p>
      <div className="route-error__actions">
        <button type="button" className="btn btn--primary" onClick={() => location.reload()}>
          Reload
        </button>
        <Link className="btn" to="/campaigns">Go to campaigns</Link>
      </div>
    </div>
  );
}
