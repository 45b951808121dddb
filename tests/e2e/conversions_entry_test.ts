/**
 * Conversions entered by an admin in a real Chromium (issue 13 item 3): one by
 * hand, then a CSV whose refused row blocks it until fixed.
 */
import assert from "node:assert/strict";
import { browserTest, signIn } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

async function clickOf(url: string, key: string): Promise<string> {
  const res = await fetch(`${url}/c/${key}`, { redirect: "manual" });
  await res.body?.cancel();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("rotor_click="))!;
  return cookie.split(";")[0].split("=")[1];
}

browserTest(
  "browser: an admin adds a conversion by hand and uploads a CSV checked row by row",
  async ({ server, browser, t }) => {
    const campaign = await directCampaign(server.url, {
      name: "Manual entries",
      offer: { name: "Keto", url: "https://o.example.com/?c={clickid}", payout: 3 },
    });
    const [first, second] = [
      await clickOf(server.url, campaign.key),
      await clickOf(server.url, campaign.key),
    ];
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server);
    await page.goto(`${server.url}/panel/conversions`);
    const table = () => page.getByRole("table", { name: "Conversions" });

    await t.step("by hand: the row appears with its txid", async () => {
      await page.getByRole("button", { name: "Add conversion" }).click();
      const dialog = page.getByRole("dialog", { name: "Add conversion" });
      await dialog.getByLabel("Click id").fill(first);
      await dialog.getByLabel(/^Status/).fill("approved");
      await dialog.getByLabel("Transaction id").fill("HAND-1");
      await dialog.getByRole("button", { name: "Add conversion" }).click();
      await dialog.waitFor({ state: "detached" });
      await table().getByText("HAND-1").waitFor();
    });

    await t.step("by CSV: a refused row blocks the file; fixed, it applies", async () => {
      await page.getByRole("button", { name: "Upload conversions" }).click();
      const dialog = page.getByRole("dialog", { name: "Upload conversions" });
      const rows = dialog.getByLabel("Rows");
      await rows.fill(`${second},lead,,,CSV-1,\nnot-a-click,lead,,,CSV-2,`);
      await dialog.getByRole("button", { name: "Check" }).click();
      await dialog.getByTestId("upload-errors").getByText(/Line 2: Unknown click/).waitFor();
      assert.equal(await dialog.getByRole("button", { name: "Apply" }).isDisabled(), true);
      await rows.fill(`${second},lead,,,CSV-1,\n${first},approved,,,HAND-1,`);
      await dialog.getByRole("button", { name: "Check" }).click();
      await dialog.getByText("Checked: 1 to record, 1 already recorded, 0 refused.").waitFor();
      await dialog.getByRole("button", { name: "Apply" }).click();
      await dialog.getByText(/^Applied: 1 to record/).waitFor();
      await page.screenshot({ path: "/tmp/conversions_upload.png" });
      await dialog.getByRole("button", { name: "Close" }).click();
      await table().getByText("CSV-1").waitFor();
      const list = await campaign.panel.call("GET", "/api/conversions");
      assert.equal((list.items as unknown[]).length, 2);
    });

    await t.step("a filter that finds nothing says so, unlike an empty range", async () => {
      await page.getByRole("textbox", { name: "Search" }).fill("NO-SUCH-TX");
      await page.getByText("No matches: no conversion in this range fits these filters.")
        .waitFor();
    });
  },
);
