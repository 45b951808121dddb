/**
 * Screens that read right (issue 17), in Chromium at 1440 and 390 px on the demo data: lists
 * fit without cut columns, a name opens its report (Edit is a button there and in the row),
 * rows copy their link, filtered lists say "No matches", the click log shows what is typed
 * last even when an earlier answer is slow, and an install without an update manifest shows
 * its version with checks off and no failed request.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { startServer } from "../helpers/server.ts";
import { launchBrowser, signIn } from "../helpers/browser.ts";

async function noSidewaysScroll(page: Page): Promise<{ scroll: number; client: number }> {
  const table = page.getByRole("table", { name: "Campaigns" });
  await table.waitFor();
  return await table.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
}

Deno.test({
  name: "panel screens: lists, reports, click log and update read right at 1440 and 390 px",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer({ args: ["--seed"] });
    const browser: Browser = await launchBrowser();
    try {
      await t.step("campaign columns all fit from 1280 to 1920 px", async () => {
        for (const width of [1280, 1440, 1920]) {
          const context = await browser.newContext({ viewport: { width, height: 900 } });
          const page = await context.newPage();
          await signIn(page, server);
          const { scroll, client } = await noSidewaysScroll(page);
          assert.ok(scroll <= client, `${width}px: table ${scroll} wider than its box ${client}`);
          await context.close();
        }
      });

      for (const width of [1440, 390]) {
        const context = await browser.newContext({
          viewport: { width, height: width > 800 ? 900 : 844 },
          permissions: ["clipboard-read", "clipboard-write"],
        });
        const page = await context.newPage();
        const failed: string[] = [];
        page.on("response", (res) => {
          if (res.status() >= 500) failed.push(`${res.status()} ${res.url()}`);
        });
        await signIn(page, server);

        await t.step(`${width}px: a campaign's name opens its report, titled by name`, async () => {
          await page.getByRole("link", { name: "Keto push US", exact: true }).click();
          await page.waitForURL(/\/panel\/report\/campaign\/\d+$/);
          await page.locator(".report__subject", { hasText: "Keto push US" }).waitFor();
          assert.equal(await page.title(), "Report");
          await page.getByRole("link", { name: "Edit", exact: true }).click();
          await page.waitForURL(/\/panel\/campaigns\/edit\/\d+$/);
        });

        await t.step(`${width}px: a row copies its tracking link`, async () => {
          await page.goto(`${server.url}/panel/campaigns`);
          await page.getByRole("button", { name: "Copy link of Keto push US" }).click();
          await page.getByText("Link copied").first().waitFor();
          const copied = await page.evaluate(() => navigator.clipboard.readText());
          assert.match(copied, /\/c\/[^/?]+/);
          await page.getByRole("link", { name: "Edit Keto push US" }).waitFor();
        });

        await t.step(`${width}px: a filter that matches nothing says No matches`, async () => {
          await page.goto(`${server.url}/panel/clicklog?range=last7`);
          await page.getByRole("table", { name: "Click log" }).waitFor();
          await page.getByRole("columnheader", { name: "Campaign" }).waitFor();
          await page.getByLabel("Search").fill("no-such-click-anywhere");
          await page.getByText("No matches").waitFor();
        });

        await t.step(
          `${width}px: the click log shows the last query under a slow server`,
          async () => {
            await page.goto(`${server.url}/panel/clicklog?range=last7`);
            const firstId =
              (await page.locator(".clicklog__row").first().locator("[role=cell]").nth(1)
                .getAttribute("title"))!;
            assert.ok(firstId);
            // The first query's answer is held back until the last one has landed.
            let release!: () => void;
            const held = new Promise<void>((resolve) => release = resolve);
            await page.route(/\/api\/clicks\?.*search=slow/, async (route) => {
              await held;
              await route.continue();
            });
            const search = page.getByLabel("Search");
            const sent = page.waitForRequest(/search=slow/);
            await search.fill("slow");
            await sent;
            await search.fill(firstId);
            await page.locator(".clicklog__row").first().waitFor();
            await page.waitForFunction(
              (id) =>
                document.querySelectorAll(".clicklog__row").length === 1 &&
                document.querySelector(".clicklog__row [role=cell]:nth-child(2)")?.getAttribute(
                    "title",
                  ) === id,
              firstId,
              { timeout: 30_000 },
            );
            const late = page.waitForResponse(/search=slow/);
            release();
            await late;
            await page.waitForTimeout(300); // a late render would land within a frame or two
            const rows = await page.locator(".clicklog__row").count();
            assert.equal(rows, 1, "the slow, older answer replaced the last query's results");
            assert.equal(await search.inputValue(), firstId);
            await page.unroute(/\/api\/clicks\?.*search=slow/);
          },
        );

        await t.step(
          `${width}px: without a manifest, update shows the version, checks off`,
          async () => {
            await page.goto(`${server.url}/panel/update`);
            await page.getByText("Update checks are off").waitFor();
            await page.getByText("Installed version").waitFor();
            assert.equal(await page.locator(".notice--error").count(), 0);
            assert.deepEqual(failed, []);
          },
        );
        await context.close();
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
