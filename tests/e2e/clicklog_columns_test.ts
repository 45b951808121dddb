/**
 * The click log's Columns menu: a column unticked leaves the table and stays
 * gone after a reload (this browser's choice); a set saved from the menu is
 * in Settings → Columns under "Click log"; Export CSV writes the shown
 * columns; on a phone the menu opens inside the window.
 */
import assert from "node:assert/strict";
import { browserTest, clickLogPage } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

browserTest(
  "browser: the click log's Columns menu hides a column, keeps the choice, and saves a set",
  async ({ server, browser }) => {
    const campaign = await directCampaign(server.url, {
      name: "Columns push",
      offer: { name: "Columns offer", url: "https://o.example.com/?c={clickid}", payout: 1 },
    });
    const res = await fetch(`${server.url}/c/${campaign.key}`, { redirect: "manual" });
    await res.body?.cancel();
    assert.equal(res.status, 302);

    const { context, page } = await clickLogPage(browser, server, 1);
    const rows = page.locator(".clicklog__row");
    const heads = () => page.getByRole("columnheader").allTextContents();
    assert.ok((await heads()).includes("Offer"));

    const menu = page.getByRole("button", { name: "Columns" });
    await menu.click();
    const shown = page.getByRole("group", { name: "Shown columns" });
    await shown.getByRole("checkbox", { name: "Offer", exact: true }).uncheck();
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll("[role=columnheader]")].some((h) =>
          h.textContent === "Offer"
        ),
      null,
      { timeout: 20_000 },
    );
    assert.ok((await heads()).includes("Click id"), "the click id stays");

    await page.reload();
    await rows.first().waitFor({ timeout: 20_000 });
    assert.ok(!(await heads()).includes("Offer"), "the choice outlives a reload");
    assert.ok((await heads()).includes("Campaign"));

    // Export CSV writes the columns the table shows, in its order.
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    const csv = await page.evaluate((url) => fetch(url!).then((r) => r.text()), href);
    const header = csv.split("\r\n")[0].split(",");
    const table = await heads();
    assert.equal(header[0], table[0]);
    assert.ok(!header.includes("Offer") && !header.includes("Offer id"), header.join(","));
    assert.ok(header.includes("Campaign") && header.includes("Campaign id"), header.join(","));

    await menu.click();
    await page.getByLabel("Column set name").fill("No offer");
    await page.getByRole("button", { name: "Save set" }).click();
    await page.goto(`${server.url}/panel/settings/columns`);
    const saved = page.locator("tbody tr").filter({ hasText: "No offer" });
    await saved.waitFor({ timeout: 20_000 });
    assert.match(await saved.innerText(), /Click log/);

    // On a phone the menu opens inside the window, not past its left edge.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${server.url}/panel/clicklog`);
    await rows.first().waitFor({ timeout: 20_000 });
    await menu.click();
    const panel = page.locator(".popover__panel");
    await panel.waitFor();
    const box = (await panel.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
    await context.close();
  },
);
