/** The panel's entry: base-path rewrite, theme and appearance, then the router. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { SWRConfig } from "swr";
import { rewriteToBase } from "./app/base_path.ts";
import { startTheme } from "./app/theme.ts";
import { startAppearance } from "./app/appearance_apply.ts";
import { installPreloadErrorBridge } from "./app/preload_error.ts";
import { createPanelRouter } from "./app/router.tsx";
import { ProgressBar } from "./app/progress_bar.tsx";
import { DeferredToastHost } from "./app/deferred_toasts.tsx";
import { PanelMutateBinder, SWR_CONFIG } from "./app/swr_config.ts";

const moved = rewriteToBase(location.pathname, location.search, location.hash);
if (moved !== null) history.replaceState(history.state, "", moved);

startTheme();
startAppearance();
installPreloadErrorBridge();

const router = createPanelRouter();
const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");

createRoot(container).render(
  <StrictMode>
    <SWRConfig value={SWR_CONFIG}>
      <PanelMutateBinder />
      <ProgressBar router={router} />
      <RouterProvider router={router} />
      <DeferredToastHost router={router} />
    </SWRConfig>
  </StrictMode>,
);
