/**
 * The click log's "Quality reason" column (issue 14 item 5) at a desktop width:
 * a flagged click shows why, whole, beside the bot flag; a person's shows nothing.
 */
import assert from "node:assert/strict";
import { browserTest, clickLogPage } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

const BROWSER_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36";

browserTest(
  "browser: the click log shows each click's quality reason at 1440 px",
  async ({ server, browser }) => {
    const campaign = await directCampaign(server.url, {
      name: "Quality push",
      offer: { name: "Quality offer", url: "https://o.example.com/?c={clickid}", payout: 1 },
    });
    await campaign.panel.call("PATCH", `/api/campaigns/${campaign.id}`, { botPolicy: "flag" });
    const click = async (headers: Record<string, string>) => {
      const res = await fetch(`${server.url}/c/${campaign.key}`, { redirect: "manual", headers });
      await res.body?.cancel();
      assert.equal(res.status, 302);
    };
    // Deno's fetch sends `Accept-Language: *`, as HTTP libraries do and no browser does.
    await click({ "user-agent": BROWSER_UA });
    await click({ "user-agent": BROWSER_UA, "accept-language": "en-US,en;q=0.9" });

    const { context, page } = await clickLogPage(browser, server, 2);
    const header = page.getByRole("columnheader", { name: "Quality reason" });
    await header.scrollIntoViewIfNeeded();
    assert.ok(await header.isVisible());
    const cell = page.getByRole("cell", { name: 'Accept-Language "*"' });
    await cell.scrollIntoViewIfNeeded();
    assert.ok(await cell.isVisible());
    // The reason fits its column: nothing of it is cut off.
    const fits = await cell.evaluate((el) => el.scrollWidth <= el.clientWidth);
    assert.ok(fits, "the reason is shown whole");
    const box = (await cell.boundingBox())!;
    const head = (await header.boundingBox())!;
    assert.ok(Math.abs(box.x - head.x) < 2, "the reason sits under its header");
    assert.ok(box.x >= 0 && box.x + box.width <= 1440, "inside the 1440 px window");
    await context.close();
  },
);
