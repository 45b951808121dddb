/**
 * The click log and the conversions filter by offer and traffic source, picked
 * by name, and by a date range (issue 17 items 5 and 6), at a desktop and a
 * phone width; the choice lives in the address, so a reload keeps it.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, signIn } from "../helpers/browser.ts";
import { type DirectCampaign, directCampaign } from "../helpers/panel.ts";

/** The rows a screen lists: the click log's virtual rows, or the conversions table's. */
const ROWS = { clicklog: ".clicklog__row", conversions: "table.report__leads tbody tr" };

/** Waits until the screen lists `n` rows. */
async function waitForRows(page: Page, screen: keyof typeof ROWS, n: number) {
  await page.waitForFunction(
    ([selector, want]) => document.querySelectorAll(selector).length === want,
    [ROWS[screen], n] as const,
    { timeout: 20_000 },
  );
}

browserTest(
  "browser: the click log and conversions filter by offer, traffic source and dates, kept in the address",
  async ({ server, browser, t }) => {
    const keto = await directCampaign(server.url, {
      name: "Keto push",
      offer: { name: "Keto offer", url: "https://o.example.com/?c={clickid}", payout: 3 },
      source: "Push source",
    });
    const diet = await directCampaign(server.url, {
      name: "Diet native",
      offer: { name: "Diet offer", url: "https://d.example.com/?c={clickid}", payout: 2 },
      source: "Native source",
    });
    // One Keto click, two Diet clicks, each with a lead.
    const clicks: Array<[DirectCampaign, string]> = [];
    for (const campaign of [keto, diet, diet]) {
      const res = await fetch(`${server.url}/c/${campaign.key}`, { redirect: "manual" });
      await res.body?.cancel();
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("rotor_click="))!;
      clicks.push([campaign, cookie.split(";")[0].slice("rotor_click=".length)]);
    }
    for (const [campaign, clickId] of clicks) {
      await campaign.panel.call("POST", "/api/conversions", { clickId, status: "lead" });
    }

    for (const width of [1440, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, server);
      for (const screen of ["clicklog", "conversions"] as const) {
        await t.step(`${width}px ${screen}: an offer picked by name`, async () => {
          await page.goto(`${server.url}/panel/${screen}`);
          await waitForRows(page, screen, 3);
          const asked = page.waitForRequest((r) => r.url().includes(`offerId=${diet.offerId}`));
          await page.getByRole("combobox", { name: "Offer" }).fill("diet offer");
          await asked;
          await waitForRows(page, screen, 2);
          assert.match(page.url(), new RegExp(`offerId=${diet.offerId}`));
          await page.getByRole("combobox", { name: "Offer" }).fill("");
          await waitForRows(page, screen, 3);
        });

        await t.step(`${width}px ${screen}: a traffic source picked by name`, async () => {
          const source = page.getByRole("combobox", { name: "Traffic source" });
          const asked = page.waitForRequest((r) =>
            r.url().includes(`trafficSourceId=${keto.sourceId}`)
          );
          await source.fill("Push source");
          await asked;
          await waitForRows(page, screen, 1);
          const border = () => source.evaluate((el) => getComputedStyle(el).borderColor);
          const plain = await border();
          await source.fill("No such source");
          assert.equal(await source.getAttribute("aria-invalid"), "true");
          assert.notEqual(await border(), plain, "a name that names nothing is marked");
          await source.fill("Push source");
          await waitForRows(page, screen, 1);
          assert.equal(await border(), plain);
        });

        await t.step(`${width}px ${screen}: a date range, then a reload keeps it all`, async () => {
          await page.getByRole("button", { name: /^Dates: Today/ }).click();
          const asked = page.waitForRequest((r) => /[?&]from=\d{4}-\d{2}-\d{2}&to=/.test(r.url()));
          await page.getByRole("button", { name: "Yesterday" }).click();
          await asked;
          await page.getByText(/No matches/).waitFor();
          assert.match(page.url(), /range=yesterday/);
          await page.reload();
          await page.getByRole("button", { name: /^Dates: Yesterday/ }).waitFor();
          const source = page.getByRole("combobox", { name: "Traffic source" });
          await page.waitForFunction(
            (el) => (el as HTMLInputElement).value === "Push source",
            await source.elementHandle(),
          );
          await page.getByText(/No matches/).waitFor();
          // Custom days: today in the user's zone (the server's, here) brings the rows back.
          const today = await page.evaluate(() => new Date().toLocaleDateString("en-CA"));
          await page.getByRole("button", { name: /^Dates: Yesterday/ }).click();
          await page.getByLabel("From").fill(today);
          await page.getByLabel("To").fill(today);
          await page.getByRole("button", { name: "Apply" }).click();
          await waitForRows(page, screen, 1);
          assert.match(page.url(), new RegExp(`from=${today}&to=${today}`));
          assert.equal(await page.locator(ROWS[screen]).count(), 1);
          const overflow = await page.evaluate(() =>
            document.documentElement.scrollWidth - document.documentElement.clientWidth
          );
          assert.ok(overflow <= 0, `${width}px: the page scrolls sideways by ${overflow}px`);
        });
      }
      await context.close();
    }
  },
);
