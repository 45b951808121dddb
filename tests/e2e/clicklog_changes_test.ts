/**
 * The click log's "Cost changes" column (decision 184): a cost added by
 * `/click/update` shows in the click's row, with who sent it and the cost
 * before and after; a click nobody changed shows nothing.
 */
import assert from "node:assert/strict";
import { browserTest, clickLogPage } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

browserTest(
  "browser: the click log shows a /click/update cost change in the click's row",
  async ({ server, browser }) => {
    const campaign = await directCampaign(server.url, {
      name: "Changes push",
      offer: { name: "Changes offer", url: "https://o.example.com/?c={clickid}", payout: 1 },
    });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}/c/${campaign.key}`, { redirect: "manual" });
      await res.body?.cancel();
      assert.equal(res.status, 302);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("rotor_click="))!;
      ids.push(cookie.split(";")[0].slice("rotor_click=".length));
    }
    const update = await fetch(`${server.url}/click/update?clickid=${ids[0]}&cost=0.75`);
    assert.equal(update.status, 200, await update.text());

    const { context, page } = await clickLogPage(browser, server, 2);
    const header = page.getByRole("columnheader", { name: "Cost changes" });
    await header.scrollIntoViewIfNeeded();
    assert.ok(await header.isVisible());
    const cell = page.getByRole("cell", {
      name: /^cost 0 USD → 0\.75 USD \(\/click\/update from /,
    });
    await cell.scrollIntoViewIfNeeded();
    assert.ok(await cell.isVisible());
    // The row with the change is the updated click's, and its cost column says 0.75.
    const row = page.locator(".clicklog__row", { has: cell });
    assert.match(await row.innerText(), new RegExp(ids[0]));
    assert.equal(await page.getByRole("cell", { name: /click\/update/ }).count(), 1);
    await context.close();
  },
);
