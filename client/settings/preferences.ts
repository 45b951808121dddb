/**
 * Server-kept preferences applied when the signed-in frame starts: the UI
 * section (theme, colour scheme, font, size) follows the user to any browser,
 * beta flags switch panel features on, and the time zones and currency of
 * Settings → User and → Stats drive lists and reports. A theme toggled in the header is
 * written back, so the server's copy never undoes it on the next load.
 */
import { useEffect } from "react";
import { UiSettings } from "../../contracts/settings.ts";
import { SETTINGS_ROUTES as SECTIONS } from "../../contracts/api/settings.ts";
import type { z } from "zod";
import { call } from "../app/api.ts";
import { setAppearance } from "../app/appearance_apply.ts";
import { themeStore, toggleTheme } from "../app/theme.ts";
import { type BetaFlags, betaStore } from "../app/beta_flags.ts";
import { feedPanelSettings } from "../app/panel_settings.ts";

type Ui = z.infer<typeof UiSettings>;
const DEFAULT_UI = JSON.stringify(UiSettings.parse({}));

/** Puts the UI section into effect (a never-saved section leaves this browser's choices alone). */
export function applyUi(ui: Ui): void {
  if (JSON.stringify(ui) === DEFAULT_UI) return;
  setAppearance({ colorScheme: ui.colorScheme, font: ui.font, fontSizeDelta: ui.fontSizeDelta });
  if (ui.theme !== "system" && ui.theme !== themeStore.get()) toggleTheme();
}

/** Puts beta flags on `<html>` (`data-beta-compact-tables`) and in `betaStore`. */
export function applyBetaFlags(flags: BetaFlags): void {
  betaStore.set(flags);
  const root = document.documentElement;
  for (const [flag, on] of Object.entries(flags)) {
    const name = `beta${flag[0].toUpperCase()}${flag.slice(1)}`;
    if (on) root.dataset[name] = "";
    else delete root.dataset[name];
  }
}

function onSlash(event: KeyboardEvent): void {
  if (!betaStore.get().keyboardShortcuts || event.key !== "/") return;
  const target = event.target as HTMLElement | null;
  if (target?.closest("input, textarea, select, [contenteditable]")) return;
  const search = document.querySelector<HTMLInputElement>("input[type=search]");
  if (search) {
    event.preventDefault();
    search.focus();
  }
}

/** Loads and applies the preferences once per signed-in frame. */
export function useServerPreferences(): void {
  useEffect(() => {
    let serverTheme: Ui | undefined;
    void call(SECTIONS.ui.get, {}).then((ui) => {
      serverTheme = ui;
      applyUi(ui);
    }).catch(() => undefined);
    void call(SECTIONS.beta.get, {})
      .then((beta) => applyBetaFlags(beta.flags)).catch(() => undefined);
    // Time zones and currency drive every list and report (their `tz` and money figures).
    void call(SECTIONS.user.get, {})
      .then((user) => feedPanelSettings({ user })).catch(() => undefined);
    void call(SECTIONS.stats.get, {})
      .then((stats) => feedPanelSettings({ stats })).catch(() => undefined);
    const stop = themeStore.subscribe(() => {
      const theme = themeStore.get();
      if (!serverTheme || serverTheme.theme === "system" || serverTheme.theme === theme) return;
      serverTheme = { ...serverTheme, theme };
      void call(SECTIONS.ui.put, { body: serverTheme }).catch(() => undefined);
    });
    addEventListener("keydown", onSlash);
    return () => {
      stop();
      removeEventListener("keydown", onSlash);
    };
  }, []);
}
