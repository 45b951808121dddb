/**
 * Settings → UI in a real Chromium: a colour scheme and a font chosen on the
 * screen apply at once, survive a reload, and follow the user to a fresh
 * browser (they are kept on the server, not only in local storage).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, signIn } from "../helpers/browser.ts";

function applied(page: Page) {
  return page.evaluate(() => ({
    scheme: document.documentElement.dataset.colorScheme,
    font: document.documentElement.dataset.font,
  }));
}

async function waitApplied(page: Page, want: { scheme: string; font: string }) {
  await page.waitForFunction(
    (w) =>
      document.documentElement.dataset.colorScheme === w.scheme &&
      document.documentElement.dataset.font === w.font,
    want,
    { timeout: 10_000 },
  );
}

/** Waits until the header's user menu shows `name`. */
async function waitText(page: Page, name: string) {
  await page.waitForFunction(
    (n) => document.querySelector(".user-menu__name")?.textContent === n,
    name,
    { timeout: 10_000 },
  );
}

browserTest(
  "browser: a font and colour scheme chosen in Settings → UI stay applied after reload",
  async ({ server, browser, t }) => {
    const want = { scheme: "creative", font: "Inter" };
    await t.step("chosen on the screen, they apply at once and after a reload", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, server);
      await page.goto(`${server.url}/panel/settings/ui`);
      assert.deepEqual(await applied(page), { scheme: "default", font: "Vela Sans" });
      // The server copy is written a moment after the last change: waited for from before the
      // changes, so a busy machine's early answer is not missed.
      const saved = page.waitForResponse((r) =>
        r.url().endsWith("/api/settings/ui") &&
        r.request().method() === "PUT" &&
        /creative/.test(r.request().postData() ?? "") &&
        /Inter/.test(r.request().postData() ?? ""), { timeout: 60_000 });
      await page.getByLabel("Color scheme").selectOption("creative");
      await page.getByLabel("Font", { exact: true }).selectOption("Inter");
      await waitApplied(page, want);
      await saved;
      await page.reload();
      await waitApplied(page, want);
      assert.equal(await page.getByLabel("Color scheme").inputValue(), "creative");
      const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      assert.match(family, /Inter/);
      await context.close();
    });
    await t.step("a fresh browser gets them from the server after sign-in", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, server);
      await waitApplied(page, want);
      await page.reload();
      await waitApplied(page, want);
      await context.close();
    });
    await t.step("Settings → User's display name is the name the header shows", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, server);
      const menu = page.getByRole("button", { name: "User menu" });
      assert.match(await menu.innerText(), /admin/);
      await page.goto(`${server.url}/panel/settings/user`);
      await page.getByLabel("Display name").fill("Maria Buyer");
      await page.getByRole("form", { name: "Profile" }).getByRole("button", { name: "Save" })
        .click();
      await page.getByText("Settings saved").first().waitFor();
      await waitText(page, "Maria Buyer");
      await page.reload();
      await waitText(page, "Maria Buyer");
      await context.close();
    });
  },
);
