/**
 * The network form's long values stay readable (issue 17 item 7): the postback
 * token and the status mapping get room at 1440 px and never overflow at 390.
 */
import assert from "node:assert/strict";
import { browserTest, signIn } from "../helpers/browser.ts";

browserTest(
  "browser: the network's token and status mapping are wide enough to read",
  async ({ server, browser, t }) => {
    const page = await browser.newPage();
    await signIn(page, server);
    for (const width of [1440, 390]) {
      await t.step(`${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}/panel/affiliate-networks/create`);
        await page.getByRole("button", { name: "+ Add status" }).click();
        const token = (await page.getByLabel("Postback token").boundingBox())!;
        const status = (await page.getByLabel("Network status 1").boundingBox())!;
        const least = width === 1440 ? 320 : 150;
        assert.ok(token.width >= least, `token ${token.width}px`);
        assert.ok(status.width >= least, `status ${status.width}px`);
        const overflow = await page.evaluate(() =>
          document.documentElement.scrollWidth - document.documentElement.clientWidth
        );
        assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      });
    }
  },
);
