/**
 * Settings that act on other screens, in a real Chromium: a traffic source
 * created from an integration template, and the user's time zone and the
 * stats currency (kept on the server) driving a list's `tz` and money.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { type RunningServer } from "../helpers/server.ts";
import { browserTest } from "../helpers/browser.ts";
import { call, signedInPage } from "./entities_helpers.ts";

async function putSettings(page: Page, server: RunningServer, section: string, body: unknown) {
  const res = await page.request.fetch(`${server.url}/api/settings/${section}`, {
    method: "PUT",
    data: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: server.url },
  });
  assert.equal(res.status(), 200, await res.text());
}

browserTest(
  "browser: settings templates fill a create form; time zone and currency drive lists",
  async ({ server, browser, t }) => {
    await t.step("a traffic source created from the PropellerAds template", async () => {
      const { context, page } = await signedInPage(browser, server);
      await page.goto(`${server.url}/panel/traffic-sources/create`);
      await page.getByLabel("Start from a template").selectOption({ label: "PropellerAds" });
      await page.getByRole("button", { name: "Apply template" }).click();
      assert.equal(await page.getByLabel("External id param").inputValue(), "subid");
      assert.equal(await page.getByLabel("Name").first().inputValue(), "PropellerAds");
      assert.match(
        await page.getByLabel("Postback URL").inputValue(),
        /visitor_id=\{externalid\}/,
      );
      await page.getByLabel("Name").first().fill("Propeller push");
      await page.getByRole("button", { name: "Create traffic source" }).click();
      await page.waitForURL(/\/traffic-sources\/edit\/\d+$/);
      const id = Number(/\/edit\/(\d+)$/.exec(page.url())![1]);
      const saved = await call(page, server, {
        method: "GET",
        path: `/api/traffic-sources/${id}`,
      });
      assert.equal(saved.body.name, "Propeller push");
      assert.deepEqual(saved.body.externalIdParam, { param: "subid", placeholder: "${SUBID}" });
      assert.deepEqual(saved.body.costParam, { param: "cost", placeholder: "${cost}" });
      assert.deepEqual(
        (saved.body.tokens as Array<{ param: string }>).map((tk) => tk.param),
        ["zone", "campaign"],
      );
      assert.deepEqual(saved.body.postbackStatuses, ["sale"]);
      await context.close();
    });

    await t.step("a network template shows the network's own postback macros", async () => {
      const { context, page } = await signedInPage(browser, server);
      await page.goto(`${server.url}/panel/affiliate-networks/create`);
      await page.getByLabel("Start from a template").selectOption({ label: "Everad" });
      await page.getByRole("button", { name: "Apply template" }).click();
      assert.equal(
        await page.getByLabel("Offer URL template").inputValue(),
        "{offer_url}?sid1={clickid}",
      );
      const hint = await page.getByTestId("postback-hint").textContent();
      assert.match(hint ?? "", /\/postback\?clickid=\{sid1\}&status=\{status\}/);
      await context.close();
    });

    await t.step(
      "the list asks in the user's time zone and shows the stats currency",
      async () => {
        const { context, page } = await signedInPage(browser, server);
        await putSettings(page, server, "user", { timezone: "Pacific/Kiritimati" });
        await putSettings(page, server, "stats", { timezone: "UTC", currency: "EUR" });
        const asked = page.waitForRequest((r) =>
          r.url().includes("/api/traffic-sources?") &&
          new URL(r.url()).searchParams.get("tz") === "Pacific/Kiritimati"
        );
        await page.goto(`${server.url}/panel/traffic-sources`);
        const request = await asked;
        // Kiritimati is UTC+14: "today" there is its own calendar day.
        const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati" })
          .format(new Date());
        assert.equal(new URL(request.url()).searchParams.get("from"), today);
        await page.getByText("€0.00").first().waitFor({ timeout: 10_000 });
        await page.getByRole("button", { name: /Today/ }).first().click();
        await page.getByText("Days in Pacific/Kiritimati").waitFor();
        await context.close();
      },
    );
  },
);
