/** Developer monitor → Messages: shows toasts of each type, to check how they look and stack. */
import { notify } from "../app/toasts.tsx";
import { TOAST_CONFIG, TOAST_TYPES } from "../app/toast_config.ts";

/** Buttons that raise one toast of each type. */
export function MessagesTool() {
  return (
    <div className="stack">
      <p className="muted">
        At most {TOAST_CONFIG.limit} toasts show at once; they close after{" "}
        {TOAST_CONFIG.autoClose / 1000} s, on click, on the close button, or when dragged past{" "}
        {TOAST_CONFIG.draggablePercent}% of their width.
      </p>
      <div className="page-header__actions">
        {TOAST_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className="btn"
            onClick={() => notify(`${type[0].toUpperCase()}${type.slice(1)} message`, { type })}
          >
            Show {type} toast
          </button>
        ))}
      </div>
    </div>
  );
}
