/** The thin navigation progress bar, driven by the router's navigation state. */
import { useEffect, useState } from "react";
import { createProgress, IDLE, type ProgressView } from "./progress.ts";
import type { PanelRouter } from "./router.tsx";

/** Shows navigation progress for `router` (also during the first load). */
export function ProgressBar({ router }: { router: PanelRouter }) {
  const [view, setView] = useState<ProgressView>(IDLE);
  useEffect(() => {
    const progress = createProgress(setView);
    const sync = (state: PanelRouter["state"]) => {
      if (!state.initialized || state.navigation.state !== "idle") progress.start();
      else progress.done();
    };
    sync(router.state);
    const stop = router.subscribe(sync);
    return () => {
      stop();
      progress.done();
    };
  }, [router]);
  return (
    <div
      className="nav-progress"
      data-testid="nav-progress"
      data-phase={view.phase}
      role="progressbar"
      aria-label="Page loading"
      aria-hidden={view.phase === "idle"}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={view.value}
      style={{ width: `${view.value}%`, transitionDuration: `${view.transitionMs}ms` }}
    />
  );
}
