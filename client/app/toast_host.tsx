/**
 * The toast container with react-toastify's styles and SPEC's settings. Kept apart from
 * `notify` (toasts.tsx) so code that only sends toasts imports no stylesheet: tests load
 * that code in Deno, which cannot import CSS.
 */
import { useSyncExternalStore } from "react";
import { cssTransition, ToastContainer } from "react-toastify";
import { TOAST_CONFIG } from "./toast_config.ts";
import { themeStore } from "./theme.ts";
import "react-toastify/dist/ReactToastify.css";
import "../styles/toasts.css";

/** The fade transition (keyframes in `styles/toasts.css`). */
const Fade = cssTransition({ enter: "toast-fade-in", exit: "toast-fade-out" });

/** The container, themed with the panel. */
export function ToastHost() {
  const theme = useSyncExternalStore(themeStore.subscribe, themeStore.get);
  return <ToastContainer {...TOAST_CONFIG} transition={Fade} theme={theme} />;
}
