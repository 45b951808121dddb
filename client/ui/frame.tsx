/** The frame every signed-in screen lives in: brand, tabs, menu and user menu. */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import useSWR from "swr";
import { SESSION_ROUTES } from "../../contracts/api/session.ts";
import { routePath } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { debugSettingsStore } from "../app/debug_settings.ts";
import { checkForUpdates, updateStore } from "../app/update_check.ts";
import { MenuButton } from "./menu_button.tsx";
import { isTabActive, menuEntries, NAV_TABS } from "./nav.ts";
import { UserMenu } from "./user_menu.tsx";
import { useServerPreferences } from "../settings/preferences.ts";
import { NotificationCentre } from "../triggers/notification_centre.tsx";
import { AccountSwitch } from "../app/account_switch.tsx";
import { useStackedTabs } from "./stacked_tabs.ts";

function useMode() {
  const { data } = useSWR(routePath(SESSION_ROUTES.mode), () => call(SESSION_ROUTES.mode, {}));
  return data?.mode;
}

/** The signed-in layout. */
export function Frame() {
  const { pathname } = useLocation();
  const debug = useSyncExternalStore(debugSettingsStore.subscribe, debugSettingsStore.get);
  const update = useSyncExternalStore(updateStore.subscribe, updateStore.get);
  const mode = useMode();
  const header = useRef<HTMLElement>(null);
  const stacked = useStackedTabs(header);
  useServerPreferences();
  useEffect(() => void checkForUpdates(), []);
  useEffect(() => {
    // On a narrow screen the tab strip scrolls: keep the current tab in view.
    document.querySelector(".tabs__tab--active")?.scrollIntoView({
      block: "nearest",
      inline: "nearest",
    });
  }, [pathname]);
  const updateReady = update.status === "value" && update.available;
  const items = menuEntries(debug.isShowMonitorForDevelopersInMenu).map((entry) => ({
    label: entry.label,
    to: entry.to,
    current: isTabActive(entry.to, pathname),
    hint: entry.to === "/update" && updateReady ? "New" : undefined,
  }));
  return (
    <div className="frame">
      <a className="skip-link" href="#main">Skip to content</a>
      <header
        ref={header}
        className={`frame__header${stacked ? " frame__header--stacked" : ""}`}
      >
        <NavLink to="/campaigns" className="brand" title="Campaigns">
          <span className="brand__mark" aria-hidden="true">R</span>
          <span className="brand__name">Rotor</span>
        </NavLink>
        {mode === "demo" && (
          <span className="chip chip--demo" title="Changes are not saved">Demo</span>
        )}
        <nav className="tabs" aria-label="Main">
          {NAV_TABS.map((tab) => (
            <NavLink
              key={tab.to}
              to={tab.to}
              className={() =>
                `tabs__tab${isTabActive(tab.to, pathname) ? " tabs__tab--active" : ""}`}
              aria-current={isTabActive(tab.to, pathname) ? "page" : undefined}
            >
              {tab.label}
            </NavLink>
          ))}
        </nav>
        <div className="frame__tools">
          <MenuButton label="Main menu" items={items} className="main-menu">
            <span className="burger" aria-hidden="true" />
            <span className="main-menu__text">Menu</span>
            {updateReady && <span className="dot" aria-hidden="true" />}
          </MenuButton>
          <NotificationCentre />
          <UserMenu />
        </div>
      </header>
      <main id="main" className="frame__main" tabIndex={-1}>
        <Outlet />
      </main>
      <AccountSwitch />
    </div>
  );
}
