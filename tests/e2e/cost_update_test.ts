/**
 * Cost updates in a real Chromium (issue 13 item 1): from the campaign list's
 * selection (preview, then update; the list's cost follows), from the report
 * (its range), and the CSV upload (a bad row blocks the file; then undo).
 */
import assert from "node:assert/strict";
import { browserTest, signIn } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

const today = () => new Date().toISOString().slice(0, 10);

browserTest(
  "browser: a buyer sets a campaign's real spend from the list, the report and a CSV, and undoes it",
  async ({ server, browser, t }) => {
    const campaign = await directCampaign(server.url, {
      name: "Meta spend",
      offer: { name: "Keto", url: "https://o.example.com/?c={clickid}", payout: 3 },
    });
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${server.url}/c/${campaign.key}`, { redirect: "manual" });
      await res.body?.cancel();
    }
    const costOf = async () => {
      const list = await campaign.panel.call("GET", "/api/campaigns");
      const items = list.items as Array<{ id: number; stats: { cost: number } }>;
      return items.find((c) => c.id === campaign.id)!.stats.cost;
    };
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server);

    await t.step(
      "from the list: select, preview, update; the list's cost column follows",
      async () => {
        await page.goto(`${server.url}/panel/campaigns`);
        const table = page.getByRole("table", { name: "Campaigns" });
        await table.getByRole("checkbox", { name: `Select row ${campaign.id}` }).check();
        await page.getByRole("toolbar", { name: "Selected rows" })
          .getByRole("button", { name: "Update cost" }).click();
        const dialog = page.getByRole("dialog", { name: "Update cost" });
        await dialog.getByLabel(/^Amount/).fill("12.40");
        const update = dialog.getByRole("button", { name: "Update cost" });
        assert.equal(await update.isDisabled(), true, "preview comes first");
        await dialog.getByRole("button", { name: "Preview" }).click();
        await dialog.getByTestId("cost-preview").getByText(/4 clicks/).waitFor();
        await update.click();
        await dialog.waitFor({ state: "detached" });
        assert.equal(await costOf(), 12.4);
        await table.getByText("$12.40").first().waitFor();
      },
    );

    await t.step("from the report: its range, added on top", async () => {
      await page.goto(`${server.url}/panel/report/campaign/${campaign.id}`);
      await page.getByRole("button", { name: "Update cost" }).click();
      const dialog = page.getByRole("dialog", { name: "Update cost" });
      assert.equal(await dialog.getByLabel("From").inputValue(), today());
      await dialog.getByLabel(/^Amount/).fill("1.60");
      await dialog.getByLabel("Mode").selectOption("add");
      await dialog.getByRole("button", { name: "Preview" }).click();
      await dialog.getByTestId("cost-preview").getByText("$14.00").waitFor();
      await dialog.getByRole("button", { name: "Update cost" }).click();
      await dialog.waitFor({ state: "detached" });
      assert.equal(await costOf(), 14);
    });

    await t.step(
      "the CSV: a bad row blocks the file; a good one applies; undo restores",
      async () => {
        await page.goto(`${server.url}/panel/campaigns`);
        await page.getByRole("button", { name: "Cost updates" }).click();
        const dialog = page.getByRole("dialog", { name: "Cost updates" });
        const rows = dialog.getByLabel("Rows");
        await rows.fill(
          `Meta spend,${today()},${today()},20,USD\nNowhere,${today()},${today()},1,USD`,
        );
        await dialog.getByRole("button", { name: "Check" }).click();
        await dialog.getByTestId("csv-errors").getByText("Line 2: no campaign 'Nowhere'")
          .waitFor();
        assert.equal(await dialog.getByRole("button", { name: "Apply" }).isDisabled(), true);
        await rows.fill(`Meta spend,${today()},${today()},20,USD`);
        await dialog.getByRole("button", { name: "Check" }).click();
        await dialog.getByText("The row is right.").waitFor();
        await dialog.getByRole("button", { name: "Apply" }).click();
        await dialog.getByText("Applied 1 row.").waitFor();
        assert.equal(await costOf(), 20);
        const history = dialog.getByRole("table", { name: "Cost updates" });
        await history.locator("tr", { hasText: "(csv)" }).getByRole("button", { name: "Undo" })
          .click();
        await history.getByText("undone by admin").waitFor();
        assert.equal(await costOf(), 14);
        await page.screenshot({ path: "/tmp/cost_updates.png" });
      },
    );
  },
);
