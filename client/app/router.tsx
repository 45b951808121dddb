/**
 * The panel's data router and the effects that follow it: page titles, the `auth` query
 * value and the session watcher (401 → re-check, 402 → licence message).
 */
import { createBrowserRouter, Outlet, ScrollRestoration } from "react-router";
import { onApiFailure } from "./api.ts";
import { keepAuth, startAuthKeeper } from "./auth_keeper.ts";
import { BASE_PATH } from "./base_path.ts";
import { reactToFailure } from "./guard.ts";
import { titleOf } from "./route_rules.ts";
import { buildRoutes } from "./routes.tsx";
import { guardStateStore, licenceNoticeStore } from "./session.ts";

/** The router type. */
export type PanelRouter = ReturnType<typeof createBrowserRouter>;

/** The top route: every screen renders inside it. */
function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Creates the router and wires its effects. */
export function createPanelRouter(): PanelRouter {
  startAuthKeeper();
  const router = createBrowserRouter(buildRoutes({ Root }), { basename: BASE_PATH });
  router.subscribe((state) => {
    keepAuth();
    if (state.navigation.state === "idle") {
      document.title = titleOf(state.matches.map((match) => match.route.handle));
    }
  });
  onApiFailure((error, call) => {
    const reaction = reactToFailure(error, call, guardStateStore.get());
    if (reaction === "licence") {
      guardStateStore.set("initial");
      licenceNoticeStore.set({ message: error.message, trackerId: error.trackerId });
      void router.navigate("/login");
    } else if (reaction === "recheck") {
      guardStateStore.set("passing");
      void router.revalidate();
    }
  });
  return router;
}
