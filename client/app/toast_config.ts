/** Toast rules of SPEC §3, §4, §9, mapped one to one on react-toastify's options. */

/** Toast types. */
export const TOAST_TYPES = ["success", "error", "warning", "info", "default"] as const;
export type ToastType = typeof TOAST_TYPES[number];

/** The container's settings. */
export const TOAST_CONFIG = {
  limit: 3,
  autoClose: 5000,
  position: "top-right",
  draggablePercent: 60,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
} as const;
