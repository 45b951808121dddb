/**
 * The campaign form (issue 17 item 7): before the first save it says when the
 * tracking link comes; the cost value follows the cost model, its label says
 * what it is, and "auto" (the source sends the cost) shows a note instead.
 */
import { browserTest, signIn } from "../helpers/browser.ts";

browserTest(
  "browser: the new-campaign form says when its link comes, labels the cost value by model and hides it for auto",
  async ({ server, browser }) => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server);
    await page.goto(`${server.url}/panel/campaigns/create`);
    await page.getByTestId("tracking-link-pending").getByText(
      /appears here when the campaign is saved/,
    )
      .waitFor();
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
