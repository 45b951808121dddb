/**
 * The panel shell's rules of SPEC §2, §4 and §8 in a real Chromium against the
 * real server process (issue 3). One server for the file; a fresh browser
 * context (fresh cookies and storage) per step.
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ADMIN_PASSWORD, startServer } from "../helpers/server.ts";
import { launchBrowser, signIn } from "../helpers/browser.ts";

function path(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
}

Deno.test({
  name: "browser: the panel shell follows SPEC's navigation rules",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser: Browser = await launchBrowser();
    const fresh = async (): Promise<[BrowserContext, Page]> => {
      const context = await browser.newContext();
      return [context, await context.newPage()];
    };
    try {
      await t.step(
        "an address outside /panel/ is rewritten under it, query and hash kept",
        async () => {
          const [context, page] = await fresh();
          await signIn(page, server);
          await page.goto(`${server.url}/offers?page=2#top`);
          await page.waitForURL(/\/panel\/offers/);
          assert.equal(path(page), "/panel/offers?page=2#top");
          await context.close();
        },
      );

      await t.step("signed out, a page sends to sign-in with returnTo and back after", async () => {
        const [context, page] = await fresh();
        await page.goto(`${server.url}/panel/offers?page=2`);
        await page.waitForURL(/\/panel\/login/);
        assert.equal(new URL(page.url()).searchParams.get("returnTo"), "/offers?page=2");
        await page.getByLabel("Username").fill("admin");
        await page.getByLabel("Password").fill(ADMIN_PASSWORD);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.waitForURL(/\/panel\/offers\?page=2$/);
        await context.close();
      });

      await t.step("the root gives no returnTo", async () => {
        const [context, page] = await fresh();
        await page.goto(`${server.url}/panel/`);
        await page.waitForURL(/\/panel\/login/);
        assert.equal(new URL(page.url()).searchParams.get("returnTo"), null);
        await context.close();
      });

      await t.step("a signed-in user opening sign-in goes to campaigns", async () => {
        const [context, page] = await fresh();
        await signIn(page, server);
        await page.goto(`${server.url}/panel/login`);
        await page.waitForURL(/\/panel\/campaigns$/);
        await context.close();
      });

      await t.step("titles, redirects and /404", async () => {
        const [context, page] = await fresh();
        await signIn(page, server);
        const cases: [string, RegExp, RegExp][] = [
          ["/panel/offers", /\/panel\/offers$/, /^Offers/],
          ["/panel/landings", /\/panel\/landings$/, /^Landers/],
          ["/panel/affiliate-networks", /\/panel\/affiliate-networks$/, /^Affiliate Networks/],
          ["/panel/settings", /\/panel\/settings\/tracking-links$/, /Tracking links/],
          ["/panel/settings/auto-clearing", /auto-clearing$/, /Auto clearings clicks/],
          ["/panel/monitor/developer", /\/panel\/monitor\/developer\/build-info$/, /Build info/],
          ["/panel/report/lander/1", /\/panel\/404$/, /Not found/],
          ["/panel/report/offer/1a", /\/panel\/404$/, /Not found/],
          ["/panel/offers/edit/mass/x", /\/panel\/404$/, /Not found/],
          ["/panel/no/such/page", /\/panel\/404$/, /Not found/],
        ];
        for (const [from, url, title] of cases) {
          await page.goto(`${server.url}${from}`);
          await page.waitForURL(url);
          await page.waitForFunction((re) => new RegExp(re).test(document.title), title.source);
        }
        await page.goto(`${server.url}/panel/report/offer/1,2`);
        await page.waitForTimeout(300);
        assert.match(path(page), /^\/panel\/report\/offer\/1,2$/, "digit ids are accepted");
        await context.close();
      });

      await t.step("theme persists across a reload", async () => {
        const [context, page] = await fresh();
        await signIn(page, server);
        const before = await page.evaluate(() => document.documentElement.dataset.theme);
        await page.getByRole("button", { name: "User menu" }).click();
        await page.getByRole("menuitem", { name: "Toggle theme" }).click();
        const after = await page.evaluate(() => document.documentElement.dataset.theme);
        assert.notEqual(after, before);
        await page.reload();
        await page.waitForFunction((t) => document.documentElement.dataset.theme === t, after);
        assert.equal(await page.evaluate(() => localStorage.getItem("user-theme")), after);
        await context.close();
      });

      await t.step("toasts are capped at 3", async () => {
        const [context, page] = await fresh();
        await signIn(page, server);
        await page.goto(`${server.url}/panel/monitor/developer/messages`);
        const button = page.getByRole("button", { name: "Show error toast" });
        for (let i = 0; i < 5; i++) await button.click();
        // Wait for the toasts to be on screen (not a fixed time), then check the cap held.
        await page.waitForFunction(() => document.querySelectorAll(".Toastify__toast").length >= 3);
        await page.getByRole("button", { name: "Show error toast" }).waitFor();
        assert.equal(await page.locator(".Toastify__toast").count(), 3);
        await context.close();
      });

      await t.step("the auth value stays in the address without new history entries", async () => {
        const [context, page] = await fresh();
        await signIn(page, server);
        const secret = await page.evaluate(() =>
          fetch("/api/auth/secret").then((r) => r.json()).then((b) => b.secret)
        );
        await page.goto(`${server.url}/panel/campaigns?auth=${secret}`);
        await page.waitForURL(/campaigns\?auth=/);
        const historyBefore = await page.evaluate(() => history.length);
        await page.getByRole("link", { name: "Offers", exact: true }).click();
        await page.waitForURL(/\/panel\/offers\?auth=/);
        await page.getByRole("link", { name: "Conversions", exact: true }).click();
        await page.waitForURL(/\/panel\/conversions\?auth=/);
        assert.equal(new URL(page.url()).searchParams.get("auth"), secret);
        const historyAfter = await page.evaluate(() => history.length);
        assert.equal(
          historyAfter - historyBefore,
          2,
          "one entry per navigation, none for the rewrite",
        );
        await context.close();
      });

      await t.step("a 401 mid-session sends the user to sign-in with returnTo", async () => {
        const [context, page] = await fresh();
        await signIn(page, server);
        await page.goto(`${server.url}/panel/offers`);
        await page.getByRole("heading", { name: "Offers", level: 1 }).waitFor();
        // The list's own calls (rows, stats, caps) must be answered first: one still in flight
        // when the session goes would send the user to sign-in from here, not from Conversions.
        await page.waitForLoadState("networkidle");
        await context.clearCookies();
        await page.getByRole("link", { name: "Conversions", exact: true }).click();
        await page.waitForURL(/\/panel\/login\?returnTo=%2Fconversions$/);
        await context.close();
      });

      await t.step("an expired licence shows its message with the tracker id", async () => {
        const [context, page] = await fresh();
        const set = await server.cli(["licence", "expire"]);
        const trackerId = /tracker id: (\S+)/.exec(set.stdout)![1];
        await page.goto(`${server.url}/panel/offers`);
        const message = page.getByTestId("licence-message");
        await message.waitFor();
        const text = await message.innerText();
        assert.match(text, /License expired/);
        assert.ok(text.includes(trackerId), text);
        await server.cli(["licence", "missing"]);
        await page.reload();
        await page.getByTestId("licence-message").waitFor();
        const missing = await page.getByTestId("licence-message").innerText();
        assert.match(missing, /not found/i);
        assert.ok(missing.includes(trackerId));
        await server.cli(["licence", "valid"]);
        await context.close();
      });

      await t.step("demo mode signs in automatically with the demo account", async () => {
        const [context, page] = await fresh();
        await server.cli(["mode", "demo"]);
        try {
          await page.goto(`${server.url}/panel/offers`);
          await page.waitForURL(/\/panel\/offers$/);
          await page.getByRole("button", { name: "User menu" }).waitFor();
          assert.match(await page.getByRole("button", { name: "User menu" }).innerText(), /demo/);
        } finally {
          await server.cli(["mode", "normal"]);
          await context.close();
        }
      });
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
