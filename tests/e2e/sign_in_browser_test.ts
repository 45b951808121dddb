/**
 * The whole sign-in path in a real Chromium against the real server process.
 */
import assert from "node:assert/strict";
import { ADMIN_PASSWORD } from "../helpers/server.ts";
import { browserTest } from "../helpers/browser.ts";

browserTest(
  "browser: signing in through the page lands on the campaigns route",
  async ({ server, browser }) => {
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
  },
);

browserTest(
  "browser: a fresh visit to sign-in makes no failing call and logs no console error",
  async ({ server, browser }) => {
    const page = await (await browser.newContext()).newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("requestfailed", (r) => problems.push(`failed: ${r.url()}`));
    page.on("response", (r) => {
      requests.push(new URL(r.url()).pathname);
      if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${server.url}/panel/login`);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    // The page's own session check has answered (it is what could have failed).
    await page.waitForLoadState("networkidle");
    assert.deepEqual(problems, []);
    assert.equal(new URL(page.url()).pathname, "/panel/login");
    // It still asked whether a session exists (a signed-in visitor goes on to campaigns).
    assert.ok(requests.includes("/api/user/session"), requests.join("\n"));
  },
);
