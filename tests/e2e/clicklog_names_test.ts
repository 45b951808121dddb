/**
 * The click log names what a click went through (issue 17): the Campaign and Offer columns
 * read the entity names, whole, with the id in the tooltip, at 1440 and at 390 px, and the
 * page itself never scrolls sideways (the table scrolls in its own box).
 */
import assert from "node:assert/strict";
import { browserTest, signIn } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

browserTest(
  "browser: the click log shows campaign and offer names, not ids, at 1440 and 390 px",
  async ({ server, browser, t }) => {
    const campaign = await directCampaign(server.url, {
      name: "Keto push US",
      offer: { name: "Keto Diet US", url: "https://o.example.com/?c={clickid}", payout: 1 },
    });
    const res = await fetch(`${server.url}/c/${campaign.key}`, { redirect: "manual" });
    await res.body?.cancel();
    assert.equal(res.status, 302);

    for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
      await t.step(`${viewport.width} px`, async () => {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        await signIn(page, server);
        await page.goto(`${server.url}/panel/clicklog`);
        await page.locator(".clicklog__row").first().waitFor({ timeout: 20_000 });
        for (
          const [column, name, id] of [
            ["Campaign", "Keto push US", campaign.id],
            ["Offer", "Keto Diet US", campaign.offerId],
          ] as const
        ) {
          const header = page.getByRole("columnheader", { name: column, exact: true });
          const cell = page.getByRole("cell", { name, exact: true });
          await cell.scrollIntoViewIfNeeded();
          assert.ok(await cell.isVisible(), `${column} shows ${name}`);
          assert.equal(await cell.getAttribute("title"), `${name} #${id}`);
          const fits = await cell.evaluate((el) => el.scrollWidth <= el.clientWidth);
          assert.ok(fits, `${name} is shown whole`);
          const [box, head] = [(await cell.boundingBox())!, (await header.boundingBox())!];
          assert.ok(Math.abs(box.x - head.x) < 2, `${name} sits under ${column}`);
        }
        const sideways = await page.evaluate(() =>
          document.documentElement.scrollWidth - globalThis.innerWidth
        );
        assert.equal(sideways, 0, "the page does not scroll sideways");
        await context.close();
      });
    }
  },
);
