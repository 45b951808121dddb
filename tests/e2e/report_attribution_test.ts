/**
 * The report's attribution toggle in a real Chromium (issue 13 item 4): choosing
 * click time asks the server for it, keeps it in the address, and survives a reload.
 * (The figures of each choice are proven in server/reports/attribution_test.ts.)
 */
import assert from "node:assert/strict";
import { browserTest, signIn } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

browserTest(
  "browser: the report counts conversions at click time when asked, and keeps the choice",
  async ({ server, browser }) => {
    const campaign = await directCampaign(server.url, {
      name: "Attribution",
      offer: { name: "Keto", url: "https://o.example.com/?c={clickid}", payout: 3 },
    });
    const page = await browser.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/panel/report/campaign/${campaign.id}`);
    const select = page.getByRole("combobox", { name: "Count conversions at" });
    assert.equal(await select.inputValue(), "conversion");
    const asked = page.waitForRequest((r) =>
      r.url().includes("/api/report?") && r.url().includes("attribution=click")
    );
    await select.selectOption("click");
    await asked;
    assert.match(page.url(), /attribution=click/);
    await page.reload();
    await page.getByRole("combobox", { name: "Count conversions at" }).waitFor();
    assert.equal(
      await page.getByRole("combobox", { name: "Count conversions at" }).inputValue(),
      "click",
    );
  },
);
