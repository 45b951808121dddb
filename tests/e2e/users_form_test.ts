/**
 * The users screen and the password change in a real Chromium (issue 11 item
 * 1: the panel saves them through the declared routes): what the form saves
 * is what signs in and what the API answers, an empty password on edit keeps
 * the old one, a clone keeps the rights under its own name and password.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, signIn } from "../helpers/browser.ts";
import { call, signedInPage } from "./entities_helpers.ts";

const passwordBox = (page: Page) => page.getByRole("textbox", { name: "Password", exact: true });

function idIn(page: Page): number {
  const match = /\/edit\/(\d+)$/.exec(new URL(page.url()).pathname);
  assert.ok(match, `not on an edit page: ${page.url()}`);
  return Number(match[1]);
}

/** Whether `username` signs in with `password` (a session of its own). */
async function signsIn(url: string, username: string, password: string): Promise<boolean> {
  const res = await fetch(`${url}/api/user/sign_in`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ login: username, password }),
  });
  await res.body?.cancel();
  return res.status === 200;
}

browserTest(
  "browser: an admin creates, edits and clones a user; a user changes their password",
  async ({ server, browser, t }) => {
    const { context, page } = await signedInPage(browser, server);
    const api = (method: "GET", path: string) => call(page, server, { method, path });
    let buyer = 0;
    try {
      await t.step(
        "create: the name, password, hide-profit flag and rights are saved",
        async () => {
          await page.goto(`${server.url}/panel/users/create`);
          await page.getByLabel("Username").fill("buyer");
          await passwordBox(page).fill("buyer-password-1");
          await page.getByLabel("Hide profit (revenue, profit, ROI, EPC)").check();
          await page.getByRole("button", { name: "Create user" }).click();
          await page.waitForURL(/\/users\/edit\/\d+$/);
          buyer = idIn(page);
          const saved = await api("GET", `/api/users/${buyer}`);
          assert.equal(saved.status, 200);
          assert.equal(saved.body.username, "buyer");
          assert.equal(saved.body.hideProfit, true);
          assert.equal(await signsIn(server.url, "buyer", "buyer-password-1"), true);
        },
      );

      await t.step(
        "edit with the password left empty: the notes change, the password stays",
        async () => {
          await page.getByRole("textbox", { name: "Notes" }).fill("media buyer");
          await page.getByRole("button", { name: "Save", exact: true }).click();
          await page.getByText("User saved").first().waitFor();
          const saved = await api("GET", `/api/users/${buyer}`);
          assert.equal(saved.body.notes, "media buyer");
          assert.equal(await signsIn(server.url, "buyer", "buyer-password-1"), true);
        },
      );

      await t.step("clone: its own name and password, the source's flags", async () => {
        await page.goto(`${server.url}/panel/users/clone/${buyer}`);
        await page.getByLabel("Username").fill("buyer-two");
        await passwordBox(page).fill("buyer-password-2");
        await page.getByRole("button", { name: "Create user" }).click();
        await page.waitForURL(/\/users\/edit\/\d+$/);
        const copy = idIn(page);
        assert.notEqual(copy, buyer);
        const saved = await api("GET", `/api/users/${copy}`);
        assert.equal(saved.body.username, "buyer-two");
        assert.equal(saved.body.hideProfit, true);
        assert.equal(saved.body.notes, "media buyer");
        assert.equal(await signsIn(server.url, "buyer-two", "buyer-password-2"), true);
      });
    } finally {
      await context.close();
    }

    await t.step("Settings → User: the new password signs in, the old one no longer", async () => {
      const own = await browser.newContext();
      const ownPage = await own.newPage();
      try {
        await signIn(ownPage, server, {
          user: "buyer",
          password: "buyer-password-1",
          returnTo: "/settings/user",
        });
        const form = ownPage.getByRole("form", { name: "Change password" });
        await form.getByLabel("Current password").fill("buyer-password-1");
        // The label carries the contract's required marker ("New password*"); "Repeat new…" is another.
        await form.getByLabel(/^New password/).fill("buyer-password-9");
        await form.getByLabel("Repeat new password").fill("buyer-password-9");
        await form.getByRole("button", { name: "Change password" }).click();
        await ownPage.getByText("Password changed").first().waitFor();
        assert.equal(await signsIn(server.url, "buyer", "buyer-password-9"), true);
        assert.equal(await signsIn(server.url, "buyer", "buyer-password-1"), false);
      } finally {
        await own.close();
      }
    });
  },
);
