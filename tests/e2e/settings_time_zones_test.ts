/**
 * Each time zone setting says which screens it applies to (issue 17 item 6),
 * tied to its field for screen readers.
 */
import { browserTest, signIn } from "../helpers/browser.ts";

browserTest(
  "browser: the two time zone settings say which screens each one rules",
  async ({ server, browser }) => {
    const page = await browser.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/panel/settings/user`);
    const user = page.getByLabel("Time zone", { exact: true });
    await user.waitFor();
    await page.getByText(/Lists: their date presets/).waitFor();
    await page.waitForFunction(
      (el) =>
        /Lists/.test(
          document.getElementById(el!.getAttribute("aria-describedby")!)?.textContent ?? "",
        ),
      await user.elementHandle(),
    );
    await page.goto(`${server.url}/panel/settings/stats`);
    await page.getByLabel("Report time zone").waitFor();
    await page.getByText(/Reports, trends and conversions: where their days and hours start/)
      .waitFor();
  },
);
