/**
 * Trends read right (issue 17 item 4): a week by default (a line, not a dot),
 * no future hours drawn, and a hover legend naming the bucket under the cursor.
 */
import assert from "node:assert/strict";
import { browserTest, signIn } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

browserTest(
  "browser: trends show a week by default, stop at now, and name the hovered bucket",
  async ({ server, browser, t }) => {
    const campaign = await directCampaign(server.url, {
      name: "Trending",
      offer: { name: "Keto", url: "https://o.example.com/?c={clickid}", payout: 3 },
    });
    const res = await fetch(`${server.url}/c/${campaign.key}`, { redirect: "manual" });
    await res.body?.cancel();
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server);
    await page.goto(`${server.url}/panel/trends`);
    const rows = page.getByRole("table", { name: "Trends table" }).locator("tbody tr");

    await t.step("a week by default, by day", async () => {
      await page.getByText("Last 7 days").first().waitFor();
      await page.waitForFunction(() =>
        document.querySelectorAll("table[aria-label='Trends table'] tbody tr").length === 7
      );
    });

    await t.step("by hour today, the hours after now are not drawn", async () => {
      await page.goto(`${server.url}/panel/trends?range=today`);
      await page.getByRole("combobox", { name: "Interval" }).selectOption("hour");
      const hours = Number(
        await page.evaluate(() =>
          new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: "UTC" })
            .format(new Date())
        ),
      );
      await page.getByRole("columnheader", { name: "Hour" }).waitFor();
      await page.waitForFunction(
        (n) => document.querySelectorAll("table[aria-label='Trends table'] tbody tr").length === n,
        hours + 1,
      );
      assert.equal(await rows.count(), hours + 1);
    });

    await t.step("hovering the chart names the bucket in the legend", async () => {
      const chart = page.getByRole("img", { name: "Trends chart" });
      const box = (await chart.locator(".u-over").boundingBox())!;
      await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
      const legendTime = chart.locator(".u-legend .u-series").first().locator(".u-value");
      await page.waitForFunction(
        (el) => /\d{4}-\d{2}-\d{2}/.test(el?.textContent ?? ""),
        await legendTime.elementHandle(),
      );
      await page.screenshot({ path: "/tmp/trends.png" });
    });

    await t.step(
      "every chosen metric has its own axis (three metrics: four axes with x)",
      async () => {
        const metrics = page.locator("fieldset.trends__metrics input[type=checkbox]");
        const checked = async () =>
          await page.locator("fieldset.trends__metrics input[type=checkbox]:checked").count();
        for (let i = 0; (await checked()) < 3; i++) {
          if (!(await metrics.nth(i).isChecked())) await metrics.nth(i).check();
        }
        // uPlot draws the x axis and one per metric (each named, on canvas).
        await page.waitForFunction(() =>
          document.querySelectorAll("[aria-label='Trends chart'] .u-axis").length === 4
        );
        await page.screenshot({ path: "/tmp/trends3.png" });
      },
    );
  },
);
