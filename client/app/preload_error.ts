/**
 * Chunk preload failures (SPEC §8): Vite reports them as `vite:preloadError`; the panel raises
 * its own `preload-error` event, and the error is rethrown unless a listener handles it by
 * calling `preventDefault()`. The route error screen then offers a reload.
 */

/** The panel's event name. */
export const PRELOAD_ERROR_EVENT = "preload-error";
const VITE_EVENT = "vite:preloadError";

/** Forwards Vite's event as `preload-error`; returns a function that stops forwarding. */
export function installPreloadErrorBridge(target: EventTarget = globalThis): () => void {
  const forward = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const raised = new CustomEvent(PRELOAD_ERROR_EVENT, { cancelable: true, detail: payload });
    const unhandled = target.dispatchEvent(raised);
    if (!unhandled) event.preventDefault();
  };
  target.addEventListener(VITE_EVENT, forward);
  return () => target.removeEventListener(VITE_EVENT, forward);
}

/** Whether an error looks like a chunk that failed to load. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|preload|Unable to preload/i
    .test(message);
}
