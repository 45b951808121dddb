/**
 * Another account's sign-in link opened where someone is signed in (issue 18
 * item 7): the panel asks; staying keeps the session and drops the value from
 * the address; switching signs in as the link's account.
 */
import assert from "node:assert/strict";
import { PanelClient } from "../../server/tracking/simulate/setup.ts";
import { ADMIN_PASSWORD } from "../helpers/server.ts";
import { browserTest, signIn } from "../helpers/browser.ts";

browserTest(
  "browser: a foreign sign-in link asks before switching accounts",
  async ({ server, browser, t }) => {
    const admin = new PanelClient(server.url);
    await admin.signIn("admin", ADMIN_PASSWORD);
    await admin.call("POST", "/api/users", {
      username: "bob",
      password: "bob-password-123",
      role: "user",
      permissions: { "*": "read" },
    });
    const bob = new PanelClient(server.url);
    await bob.signIn("bob", "bob-password-123");
    const { secret } = await bob.call<{ secret: string }>("GET", "/api/auth/secret");
    const page = await browser.newPage();
    await signIn(page, server);
    const userMenu = page.locator(".frame__tools");

    await t.step("staying keeps the admin and drops the value from the address", async () => {
      await page.goto(`${server.url}/panel/offers?auth=${secret}`);
      const dialog = page.getByRole("dialog", { name: "Switch to bob?" });
      await dialog.getByText("You are signed in as admin").waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.waitForFunction(() => !location.search.includes("auth="));
      await userMenu.getByText("admin", { exact: true }).waitFor();
    });

    await t.step("switching signs the browser in as the link's account", async () => {
      await page.goto(`${server.url}/panel/offers?auth=${secret}`);
      const dialog = page.getByRole("dialog", { name: "Switch to bob?" });
      await dialog.getByRole("button", { name: "Switch to bob" }).click();
      await userMenu.getByText("bob", { exact: true }).waitFor();
      const role = await page.evaluate(() => fetch("/api/user/role").then((r) => r.json()));
      assert.equal(role.username, "bob");
    });
  },
);
