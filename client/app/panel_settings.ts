/**
 * The server-kept settings that shape every list and report: the user's
 * time zone (Settings → User) for list date ranges, and the report time zone
 * and currency (Settings → Stats). The signed-in frame loads them at start
 * and the settings screens feed them on save; a copy in local storage makes
 * the next start right before the server answers.
 */
import { useSyncExternalStore } from "react";
import { isTimeZone } from "../../contracts/list.ts";
import { createExternalStore } from "./external_store.ts";
import { browserStore, type KeyValueStore } from "./storage.ts";
import { TIME_ZONE_KEY, userTimeZone } from "../ui/date_range.ts";
import { currentUserStore } from "./current_user.ts";

/** Where the report time zone and currency are kept (the user's zone: `TIME_ZONE_KEY`). */
export const REPORT_TIME_ZONE_KEY = "settings.reportTimeZone";
export const CURRENCY_KEY = "settings.currency";

/** What lists and reports read. */
export interface PanelSettings {
  /** List date ranges (presets) and the `tz` of list calls. */
  timeZone: string;
  /** The `tz` of report calls and their date ranges. */
  reportTimeZone: string;
  /** The currency money figures are shown in. */
  currency: string;
}

/** The settings as stored in this browser (the user's zone, else the browser's; USD). */
export function storedPanelSettings(store: KeyValueStore = browserStore()): PanelSettings {
  const timeZone = userTimeZone(store);
  const report = store.getItem(REPORT_TIME_ZONE_KEY);
  const currency = store.getItem(CURRENCY_KEY);
  return {
    timeZone,
    reportTimeZone: report && isTimeZone(report) ? report : timeZone,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : "USD",
  };
}

/** The settings in force, observable. */
export const panelSettingsStore = createExternalStore<PanelSettings>(storedPanelSettings());

/**
 * Settings → User's display name, with the id of the user it belongs to (the header shows it
 * only for that user; another account signed in here shows its username until its own arrives).
 * Kept in memory only: the profile is loaded with every signed-in frame.
 */
export const displayNameStore = createExternalStore<{ userId: string; name: string }>({
  userId: "",
  name: "",
});

/** The name the header shows for `user`: the display name when set, else the username. */
export function shownUserName(
  user: { id: string; username: string },
  display: { userId: string; name: string } = displayNameStore.get(),
): string {
  const name = display.userId === user.id ? display.name.trim() : "";
  return name || user.username;
}

/** Takes in the server's `user` or `stats` section (as loaded or just saved). */
export function feedPanelSettings(
  section: {
    user?: { timezone: string; displayName?: string };
    stats?: { timezone: string; currency: string };
  },
  store: KeyValueStore = browserStore(),
  userId: string = currentUserStore.get().id,
): void {
  if (section.user) {
    store.setItem(TIME_ZONE_KEY, section.user.timezone);
    const name = section.user.displayName ?? "";
    const shown = displayNameStore.get();
    if (shown.userId !== userId || shown.name !== name) displayNameStore.set({ userId, name });
  }
  if (section.stats) {
    store.setItem(REPORT_TIME_ZONE_KEY, section.stats.timezone);
    store.setItem(CURRENCY_KEY, section.stats.currency);
  }
  const next = storedPanelSettings(store);
  const now = panelSettingsStore.get();
  if (JSON.stringify(next) !== JSON.stringify(now)) panelSettingsStore.set(next);
}

/** The settings, re-rendering when the server's copy arrives or changes. */
export function usePanelSettings(): PanelSettings {
  return useSyncExternalStore(panelSettingsStore.subscribe, panelSettingsStore.get);
}
