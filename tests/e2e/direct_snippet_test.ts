/**
 * Issue 14 item 1 in the panel: the direct-tracking snippet with a Copy button
 * on the campaign form and in Settings → Tracking links. With
 * `ROTOR_SCREENSHOT` set, the campaign form is saved there as a PNG.
 */
import assert from "node:assert/strict";
import { browserTest } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";
import { signedInPage } from "./entities_helpers.ts";

browserTest(
  "direct tracking: the campaign form and Settings → Tracking links show the snippet with Copy",
  async ({ server, browser, t }) => {
    const { context, page } = await signedInPage(browser, server);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const campaign = await directCampaign(server.url, {
      name: "Direct lander",
      offer: { name: "O", url: "https://o.example.com/?c={clickid}", payout: 1 },
    });
    const snippet =
      `<script async src="${server.url}/rt.js" data-campaign="${campaign.key}"></script>`;
    await t.step("the campaign form: the snippet, and Copy puts it on the clipboard", async () => {
      await page.goto(`${server.url}/panel/campaigns/edit/${campaign.id}`);
      const shown = page.getByTestId("direct-script");
      await shown.filter({ hasText: "rt.js" }).waitFor();
      assert.equal(await shown.textContent(), snippet);
      await page.getByRole("button", { name: "Copy direct tracking script" }).click();
      await page.getByText("Direct tracking script copied").waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), snippet);
      const file = Deno.env.get("ROTOR_SCREENSHOT");
      if (file) await page.screenshot({ path: file, fullPage: true });
    });
    await t.step("Settings → Tracking links: the snippet of the chosen campaign", async () => {
      await page.goto(`${server.url}/panel/settings/tracking-links`);
      await page.getByLabel(/^Campaign \(type to search/).fill("Direct lander");
      const shown = page.getByTestId("link-direct-script");
      await shown.filter({ hasText: "rt.js" }).waitFor();
      assert.equal(await shown.textContent(), snippet);
      assert.ok(
        await page.getByRole("button", { name: "Copy direct tracking script" }).isEnabled(),
      );
    });
  },
);
