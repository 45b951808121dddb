/**
 * The whole sign-in path in a real Chromium against the real server process.
 */
import assert from "node:assert/strict";
import { ADMIN_PASSWORD, startServer } from "../helpers/server.ts";
import { launchBrowser } from "../helpers/browser.ts";

Deno.test({
  name: "browser: signing in through the page lands on the campaigns route",
  // Playwright keeps its own pipes and timers open between calls.
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/panel/login`);
      await page.getByLabel("Username").fill("admin");
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByText("Wrong username or password").waitFor();

      await page.getByLabel("Password").fill(ADMIN_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/panel\/(campaigns)?$/);
      assert.match(new URL(page.url()).pathname, /^\/panel\/(campaigns)?$/);
      assert.match(await page.title(), /Campaigns/);
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
