/**
 * Settings → Beta in a real Chromium: each flag saved there changes the panel
 * after a fresh load (the lists' and the report's rows get shorter, "/" jumps
 * to a list's search box), and switched off they stop.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest } from "../helpers/browser.ts";
import { call, signedInPage } from "./entities_helpers.ts";
import { buildCampaign } from "../../fixtures/builders.ts";

async function setFlags(page: Page, url: string, on: boolean): Promise<void> {
  await page.goto(`${url}/panel/settings/beta`);
  for (const label of [/^Compact tables/, /^Keyboard shortcuts/]) {
    await page.getByLabel(label).setChecked(on);
  }
  const saved = page.waitForResponse((r) =>
    r.url().endsWith("/api/settings/beta") && r.request().method() !== "GET" && r.ok()
  );
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await saved;
}

/** A fresh load of the campaigns list, once the panel has read the beta flags. */
async function openList(page: Page, url: string): Promise<void> {
  const flags = page.waitForResponse((r) =>
    r.url().endsWith("/api/settings/beta") && r.request().method() === "GET"
  );
  await page.goto(`${url}/panel/campaigns`);
  await flags;
  await page.locator("input[type=search]").first().waitFor();
}

/** Height of the campaigns list's first row, and of the report's first body row (px). */
async function rowHeights(page: Page, url: string, campaignId: number): Promise<number[]> {
  const row = page.locator(".dtable__body .dtable__row").first();
  await row.waitFor();
  const list = (await row.boundingBox())!.height;
  await page.goto(`${url}/panel/report/campaign/${campaignId}?groupBy=country`);
  const cell = page.locator("table.report tbody tr").first();
  await cell.waitFor({ timeout: 20_000 });
  return [list, (await cell.boundingBox())!.height];
}

/** Whether "/" outside a field moves focus to the list's search box. */
async function slashFocusesSearch(page: Page): Promise<boolean> {
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("/");
  return await page.evaluate(() => document.activeElement?.matches("input[type=search]") ?? false);
}

browserTest(
  "browser: beta flags saved in Settings change the panel for the next load",
  async ({ server, browser }) => {
    const { page } = await signedInPage(browser, server);
    const campaign = await call(page, server, {
      method: "POST",
      path: "/api/campaigns",
      body: buildCampaign(),
    });
    const campaignId = Number(campaign.body.id);
    // One click, so the report has a row.
    const click = await fetch(`${server.url}/c/${campaign.body.key}`, { redirect: "manual" });
    await click.body?.cancel();
    assert.equal(click.status, 302);
    await openList(page, server.url);
    const normal = await rowHeights(page, server.url, campaignId);
    assert.equal(normal[0], 32);

    await setFlags(page, server.url, true);
    await openList(page, server.url);
    await page.locator("html[data-beta-compact-tables]").waitFor({ state: "attached" });
    assert.equal(await slashFocusesSearch(page), true);
    const compact = await rowHeights(page, server.url, campaignId);
    assert.equal(compact[0], 24, "the list's rows");
    assert.ok(compact[1] <= normal[1] - 4, `the report's rows: ${compact[1]} vs ${normal[1]}`);

    await setFlags(page, server.url, false);
    await openList(page, server.url);
    assert.equal(await page.locator("html[data-beta-compact-tables]").count(), 0);
    assert.equal(await slashFocusesSearch(page), false);
    assert.deepEqual(await rowHeights(page, server.url, campaignId), normal);
  },
);
