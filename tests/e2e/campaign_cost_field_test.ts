/**
 * The campaign form's cost value follows the cost model (issue 17 item 7): its
 * label says what it is, and "auto" (the source sends the cost) shows a note instead.
 */
import { browserTest, signIn } from "../helpers/browser.ts";

browserTest(
  "browser: the campaign form labels the cost value by model and hides it for auto",
  async ({ server, browser }) => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server);
    await page.goto(`${server.url}/panel/campaigns/create`);
    const model = page.getByLabel("Cost model");
    await page.getByLabel("Cost per click").waitFor();
    await model.selectOption("cpa");
    await page.getByLabel("Cost per conversion").waitFor();
    await model.selectOption("revshare");
    await page.getByLabel("Share of revenue, %").waitFor();
    await model.selectOption("auto");
    await page.getByTestId("cost-value-note").waitFor();
    await page.getByLabel(/^Cost per|^Share of revenue/).waitFor({ state: "detached" });
  },
);
