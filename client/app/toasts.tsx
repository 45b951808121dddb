/** The `notify` helper (react-toastify with SPEC's settings); the container is in toast_host.tsx. */
import type { ReactNode } from "react";
import { type Id, toast, type ToastPosition } from "react-toastify";
import { TOAST_CONFIG, type ToastType } from "./toast_config.ts";

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
