/** The toast host and the `notify` helper (react-toastify with SPEC's settings). */
import type { ReactNode } from "react";
import { cssTransition, type Id, toast, ToastContainer, type ToastPosition } from "react-toastify";
import { useSyncExternalStore } from "react";
import { TOAST_CONFIG, type ToastType } from "./toast_config.ts";
import { themeStore } from "./theme.ts";
import "react-toastify/dist/ReactToastify.css";
import "../styles/toasts.css";

/** The fade transition (keyframes in `styles/toasts.css`). */
const Fade = cssTransition({ enter: "toast-fade-in", exit: "toast-fade-out" });

/** A toast of SPEC §3: id, type, content, position. */
export interface Toast {
  id: Id;
  type: ToastType;
  content: ReactNode;
  position: ToastPosition;
}

/** Shows a toast and returns it. */
export function notify(
  content: ReactNode,
  options: { type?: ToastType; position?: ToastPosition } = {},
): Toast {
  const type = options.type ?? "default";
  const position = options.position ?? TOAST_CONFIG.position;
  const id = toast(content, { type, position });
  return { id, type, content, position };
}

/** Shows a failure as an error toast (its message, or the thrown value as text). */
export function notifyError(err: unknown): Toast {
  return notify(err instanceof Error ? err.message : String(err), { type: "error" });
}

/** The container, themed with the panel. */
export function ToastHost() {
  const theme = useSyncExternalStore(themeStore.subscribe, themeStore.get);
  return <ToastContainer {...TOAST_CONFIG} transition={Fade} theme={theme} />;
}
