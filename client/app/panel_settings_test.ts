import assert from "node:assert/strict";
import { memoryStore } from "./storage.ts";
import {
  CURRENCY_KEY,
  displayNameStore,
  feedPanelSettings,
  panelSettingsStore,
  REPORT_TIME_ZONE_KEY,
  shownUserName,
  storedPanelSettings,
} from "./panel_settings.ts";
import { TIME_ZONE_KEY } from "../ui/date_range.ts";
import { DEFAULT_LIST_STATE, listQuery } from "../ui/list_state.ts";
import { presetRange } from "../ui/date_range.ts";
import { formatMoney, formatPrice } from "../ui/format.ts";
import { statColumns } from "../entities/stat_columns.tsx";

Deno.test("panel settings: the server's user and stats sections drive time zones and currency", async (t) => {
  const store = memoryStore();
  await t.step("fed from the server, kept for the next start", () => {
    let told = 0;
    const stop = panelSettingsStore.subscribe(() => told++);
    feedPanelSettings({ user: { timezone: "Asia/Tokyo" } }, store);
    feedPanelSettings({ stats: { timezone: "America/New_York", currency: "EUR" } }, store);
    stop();
    assert.deepEqual(panelSettingsStore.get(), {
      timeZone: "Asia/Tokyo",
      reportTimeZone: "America/New_York",
      currency: "EUR",
    });
    assert.ok(told >= 1, "lists and reports re-render");
    assert.equal(store.getItem(TIME_ZONE_KEY), "Asia/Tokyo");
    assert.deepEqual(storedPanelSettings(store), panelSettingsStore.get());
  });
  await t.step("a list's presets and tz follow the user's zone", () => {
    // 2024-03-01 02:30 UTC is still February 29 in New York, March 1 in Tokyo.
    const now = new Date("2024-03-01T02:30:00Z");
    const { timeZone, reportTimeZone } = panelSettingsStore.get();
    assert.deepEqual(presetRange("today", { timeZone, now }), {
      from: "2024-03-01",
      to: "2024-03-01",
    });
    assert.deepEqual(presetRange("today", { timeZone: reportTimeZone, now }).from, "2024-02-29");
    const query = listQuery(DEFAULT_LIST_STATE, { timeZone, now, limit: 10 });
    assert.equal(query.tz, "Asia/Tokyo");
  });
  await t.step("bad stored values fall back (browser zone, the user's zone, USD)", () => {
    const bad = memoryStore({
      [TIME_ZONE_KEY]: "UTC",
      [REPORT_TIME_ZONE_KEY]: "Mars/Base",
      [CURRENCY_KEY]: "dollars",
    });
    assert.deepEqual(storedPanelSettings(bad), {
      timeZone: "UTC",
      reportTimeZone: "UTC",
      currency: "USD",
    });
  });
});

Deno.test("money: list stats and reports show the stats currency", () => {
  assert.equal(formatMoney(1234.5), "1,234.50", "without a currency, a plain amount");
  assert.equal(formatMoney(1234.5, "USD"), "$1,234.50");
  assert.equal(formatMoney(1234.5, "EUR"), "€1,234.50");
  assert.equal(formatPrice(0.0125, "GBP"), "£0.0125", "prices keep 4 decimals");
  const columns = statColumns([{ id: 1, stats: { revenue: 12.5, clicks: 3 } as never }], {
    hideProfit: false,
    currency: "EUR",
  });
  const revenue = columns.find((c) => c.key === "revenue")!;
  assert.equal(revenue.render({ id: 1, stats: { revenue: 12.5 } as never }), "€12.50");
  assert.equal(revenue.total, "€12.50");
  const clicks = columns.find((c) => c.key === "clicks")!;
  assert.equal(clicks.total, "3", "counts carry no currency");
});

Deno.test("settings → user: the display name is what the header shows for its user", () => {
  const store = memoryStore();
  const admin = { id: "1", username: "admin" };
  assert.equal(shownUserName(admin, { userId: "", name: "" }), "admin", "none set: the username");
  feedPanelSettings({ user: { timezone: "UTC", displayName: "Maria Buyer" } }, store, "1");
  assert.deepEqual(displayNameStore.get(), { userId: "1", name: "Maria Buyer" });
  assert.equal(shownUserName(admin), "Maria Buyer");
  assert.equal(
    shownUserName({ id: "2", username: "demo" }),
    "demo",
    "another account signed in here shows its own username, not the previous user's name",
  );
  feedPanelSettings({ user: { timezone: "UTC", displayName: "  " } }, store, "1");
  assert.equal(shownUserName(admin), "admin", "a blank name falls back to the username");
  feedPanelSettings({ stats: { timezone: "UTC", currency: "USD" } }, store, "2");
  assert.equal(displayNameStore.get().userId, "1", "the stats section leaves the name alone");
});
