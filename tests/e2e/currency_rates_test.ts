/**
 * Settings → Stats → Currency rates in a real Chromium (issue 13 item 2): an admin
 * sets a rate, uploads a CSV (a bad row blocks it), fetches the ECB's feed
 * from a local copy, and sees every change in the history; at 1440 and 390 px.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { PanelClient } from "../../server/tracking/simulate/setup.ts";
import { browserTest, signIn } from "../helpers/browser.ts";
import { ADMIN_PASSWORD } from "../helpers/server.ts";
import { ecbFixture, ecbServer } from "../../server/currency/testing.ts";

async function sideways(page: Page): Promise<number> {
  return await page.evaluate(() =>
    document.documentElement.scrollWidth - document.documentElement.clientWidth
  );
}

browserTest(
  "browser: an admin sets a rate, uploads a CSV, fetches the ECB and reads the history",
  async ({ server, browser, t }) => {
    await using feed = ecbServer({ "/ecb.xml": { body: ecbFixture("eurofxref-hist-90d.xml") } });
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server, { returnTo: "/settings/stats" });
    const table = page.getByRole("table", { name: "Currency rates" });
    const history = page.getByRole("table", { name: "Rate changes" });

    await t.step("set a rate by hand", async () => {
      await page.getByRole("heading", { name: "Currency rates" }).first().waitFor();
      await page.getByText("No rates. Set one").waitFor();
      const form = page.getByRole("form", { name: "Set a rate" });
      await form.getByLabel("Currency").fill("usd");
      await form.getByLabel("Day (UTC)").fill("2026-11-23");
      await form.getByLabel("1 EUR =").fill("0");
      await form.getByRole("button", { name: "Save rate" }).click();
      await form.getByText("must be above 0").waitFor();
      await form.getByLabel("1 EUR =").fill("1.2");
      await form.getByRole("button", { name: "Save rate" }).click();
      await table.locator("tr", { hasText: "2026-11-23" }).getByText("1.2 USD").waitFor();
      await table.getByText("by hand").waitFor();
    });

    await t.step("upload a CSV: a bad row blocks the file, a good file applies", async () => {
      const card = page.getByLabel("Upload rates");
      const rows = card.getByLabel("Rows");
      await rows.fill("day,currency,per_eur\n2026-11-24,GBP,0.8612\n2026-11-24,EUR,1");
      await card.getByRole("button", { name: "Check" }).click();
      await card.getByTestId("rates-csv-errors").getByText(
        "Line 3: currency EUR is always 1 and takes no rate",
      ).waitFor();
      assert.equal(await card.getByRole("button", { name: "Apply" }).isDisabled(), true);
      await rows.fill("day,currency,per_eur\n2026-11-24,GBP,0.8612\n2026-11-24,CHF,0.9312");
      await card.getByRole("button", { name: "Check" }).click();
      await card.getByText("2 rows right: 2 to add, 0 to change, 0 the same.").waitFor();
      await card.getByRole("button", { name: "Apply" }).click();
      await card.getByText("Applied: 2 added, 0 changed, 0 the same.").waitFor();
      await table.locator("tr", { hasText: "GBP" }).getByText("0.8612 GBP").waitFor();
    });

    await t.step("fetch the ECB's feed: the operator's rates are kept", async () => {
      const card = page.getByLabel("ECB rates");
      await card.getByLabel("Feed URL").fill(feed.url("/ecb.xml"));
      await card.getByRole("button", { name: "Save" }).click();
      await page.getByText("Settings saved").waitFor();
      await card.getByRole("button", { name: "Fetch now" }).click();
      await card.getByTestId("ecb-last-run").getByText(
        "3 days: 84 added, 0 changed, 0 the same, 3 of yours kept",
      ).waitFor();
      assert.deepEqual(feed.asked, ["/ecb.xml"]);
      await page.getByRole("search", { name: "Filter rates" }).getByLabel("Currency").fill("usd");
      await table.locator("tr", { hasText: "2026-11-23" }).getByText("by hand").waitFor();
      await table.locator("tr", { hasText: "2026-11-24" }).getByText("1.1523 USD").waitFor();
    });

    await t.step(
      "the history names who changed what, before and after, a page at a time",
      async () => {
        const ecb = history.locator("tr", { hasText: "ecb (ecb)" });
        await ecb.first().waitFor();
        assert.equal(await ecb.count(), 25);
        const card = page.getByRole("heading", { name: "History" }).locator("..");
        for (let i = 0; i < 3; i++) await card.getByRole("button", { name: "Older" }).click();
        await card.getByText("76–87").waitFor();
        const manual = history.locator("tr", { hasText: "admin (manual)" });
        assert.deepEqual(await manual.locator("td").allInnerTexts().then((c) => c.slice(2)), [
          "USD",
          "2026-11-23",
          "—",
          "1.2",
        ]);
        assert.equal(await history.locator("tr", { hasText: "admin (csv)" }).count(), 2);
        await page.screenshot({ path: "/tmp/currency_rates_1440.png", fullPage: true });
      },
    );

    await t.step("390 px: nothing scrolls sideways but the tables", async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await table.getByText("180.12 JPY").waitFor();
      assert.ok(
        (await sideways(page)) <= 0,
        `the page scrolls sideways by ${await sideways(page)}px`,
      );
      const save = (await page.getByRole("button", { name: "Save rate" }).boundingBox())!;
      assert.ok(save.x >= 0 && save.x + save.width <= 390, "the form's button is on screen");
      await page.screenshot({ path: "/tmp/currency_rates_390.png", fullPage: true });
    });

    await t.step(
      "a plain user reads the rates and history, with no control to change them",
      async () => {
        const admin = new PanelClient(server.url);
        await admin.signIn("admin", ADMIN_PASSWORD);
        await admin.call("POST", "/api/users", {
          username: "bob",
          password: "bob-password-123",
          role: "user",
          permissions: { "*": "read" },
        });
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const bob = await context.newPage();
        await signIn(bob, server, {
          user: "bob",
          password: "bob-password-123",
          returnTo: "/settings/stats",
        });
        const rates = bob.getByRole("table", { name: "Currency rates" });
        await rates.getByText("180.12 JPY").waitFor();
        await bob.getByRole("table", { name: "Rate changes" }).getByText("ecb (ecb)").first()
          .waitFor();
        await bob.getByText("Only admins change these settings.").waitFor();
        for (const name of ["Edit", "Delete", "Save rate", "Check", "Fetch now"]) {
          assert.equal(await bob.getByRole("button", { name, exact: true }).count(), 0, name);
        }
        assert.equal(await bob.getByLabel("Upload rates").count(), 0);
        await context.close();
      },
    );
  },
);
