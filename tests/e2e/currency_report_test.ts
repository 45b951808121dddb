/**
 * Currencies in a real Chromium (issue 13 item 2): the ad account's spend
 * entered in euros shows in the report in dollars at the day's rate, the
 * report says which days used an earlier rate, and Settings → Stats turns the
 * whole panel to euros.
 */
import assert from "node:assert/strict";
import { browserTest, signIn } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

const DAY = 86_400_000;
const dayOf = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

browserTest(
  "browser: spend entered in EUR reads in USD at the day's rate, with the rate note; EUR in Settings → Stats",
  async ({ server, browser, t }) => {
    const campaign = await directCampaign(server.url, {
      name: "Euro spend",
      offer: { name: "Keto", url: "https://o.example.com/?c={clickid}", payout: 3 },
    });
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${server.url}/c/${campaign.key}`, { redirect: "manual" });
      await res.body?.cancel();
    }
    // One rate, three days ago: today has none of its own, so the report says it used it.
    const rate = await campaign.panel.call("PUT", "/api/currency-rates", {
      currency: "USD",
      day: dayOf(-3),
      perEur: 1.25,
    });
    assert.ok(rate);
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server);

    await t.step("the update in EUR; the report in USD with its note", async () => {
      await page.goto(`${server.url}/panel/report/campaign/${campaign.id}`);
      await page.getByRole("button", { name: "Update cost" }).click();
      const dialog = page.getByRole("dialog", { name: "Update cost" });
      await dialog.getByLabel(/^Amount/).fill("8");
      await dialog.getByLabel("Currency").fill("EUR");
      await dialog.getByText(/Reports show it in USD/).waitFor();
      await dialog.getByRole("button", { name: "Preview" }).click();
      await dialog.getByTestId("cost-preview").getByText("€8.00").waitFor();
      await dialog.getByRole("button", { name: "Update cost" }).click();
      await dialog.waitFor({ state: "detached" });
      // 8 € at 1.25 $/€.
      const report = page.getByRole("table", { name: "Report" });
      await report.locator("tfoot").getByText("$10.00").first().waitFor();
      await page.getByTestId("rate-notes").getByText(
        /USD has no rate for .*: the rate of .* is used/,
      )
        .waitFor();
      await page.screenshot({ path: "/tmp/currency_report_1440.png" });
    });

    await t.step("Settings → Stats in EUR: the report and the list follow", async () => {
      await campaign.panel.call("PUT", "/api/settings/stats", { currency: "EUR" });
      await page.goto(`${server.url}/panel/report/campaign/${campaign.id}`);
      await page.getByRole("table", { name: "Report" }).locator("tfoot").getByText("€8.00")
        .first().waitFor();
      assert.equal(await page.getByTestId("rate-notes").count(), 0, "nothing to convert");
    });
  },
);
