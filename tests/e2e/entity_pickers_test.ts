/**
 * Filters by campaign name (issue 17 items 5 and 6): the click log, the
 * conversions and Settings → Tracking links pick a campaign by typing its name.
 */
import assert from "node:assert/strict";
import { browserTest, signIn } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

browserTest(
  "browser: the click log, conversions and tracking links pick a campaign by its name",
  async ({ server, browser, t }) => {
    const first = await directCampaign(server.url, {
      name: "Alpha search",
      offer: { name: "Keto", url: "https://o.example.com/?c={clickid}", payout: 3 },
    });
    const second = await directCampaign(server.url, {
      name: "Beta social",
      offer: { name: "Diet", url: "https://d.example.com/?c={clickid}", payout: 2 },
    });
    for (const key of [first.key, second.key, second.key]) {
      const res = await fetch(`${server.url}/c/${key}`, { redirect: "manual" });
      await res.body?.cancel();
    }
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server);

    await t.step("click log: typing a name shows only that campaign's clicks", async () => {
      await page.goto(`${server.url}/panel/clicklog`);
      const asked = page.waitForRequest((r) => r.url().includes(`campaignId=${first.id}`));
      await page.getByRole("combobox", { name: "Campaign" }).fill("alpha search");
      await asked;
    });

    await t.step("conversions: the same picker", async () => {
      await page.goto(`${server.url}/panel/conversions`);
      const asked = page.waitForRequest((r) => r.url().includes(`campaignId=${second.id}`));
      await page.getByRole("combobox", { name: "Campaign" }).fill("Beta social");
      await asked;
      const unknown = page.getByRole("combobox", { name: "Campaign" });
      await unknown.fill("Gamma");
      assert.equal(await unknown.getAttribute("aria-invalid"), "true");
    });

    await t.step("tracking links: a campaign chosen by name gets its link", async () => {
      await page.goto(`${server.url}/panel/settings/tracking-links`);
      await page.getByLabel(/^Campaign \(type to search/).fill("Beta social");
      await page.getByText(new RegExp(`/c/${second.key}`)).first().waitFor();
    });
  },
);
