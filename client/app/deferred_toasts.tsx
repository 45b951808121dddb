/**
 * The toast host, loaded with the first screen past sign-in: the sign-in page shows its
 * messages inline and so skips react-toastify's weight. Toasts sent earlier wait in
 * react-toastify's queue until the host mounts.
 */
import { lazy, Suspense, useRef, useSyncExternalStore } from "react";
import type { PanelRouter } from "./router.tsx";

const ToastHost = lazy(async () => ({ default: (await import("./toast_host.tsx")).ToastHost }));

/** Whether a pathname is the sign-in page (with or without the base path). */
export function isSignInPath(pathname: string): boolean {
  return /(^|\/)login\/?$/.test(pathname);
}

/** Mounts the toast host once the router has shown any page but sign-in. */
export function DeferredToastHost({ router }: { router: PanelRouter }) {
  const pathname = useSyncExternalStore(
    (notify) => router.subscribe(notify),
    () => router.state.location.pathname,
  );
  const wanted = useRef(false);
  if (!isSignInPath(pathname)) wanted.current = true;
  if (!wanted.current) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
