/**
 * Conversion events in a real Chromium at 1440 px (issue 14 item 3, decision
 * 167): an ftd event type, a postback naming it and a numeric event sent to
 * /click/update show in the campaign's report; the column chooser offers the
 * event columns (Event 1 starts hidden) and the table reads what was sent.
 */
import assert from "node:assert/strict";
import { browserTest, signIn } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

async function click(url: string, key: string): Promise<string> {
  const res = await fetch(`${url}/c/${key}`, {
    redirect: "manual",
    headers: { "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0" },
  });
  await res.body?.cancel();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("rotor_click="));
  return cookie?.split(";")[0].split("=")[1] ?? "";
}

async function ok(res: Promise<Response>): Promise<void> {
  const answer = await res;
  assert.equal(answer.status, 200, await answer.text());
}

browserTest(
  "browser: the report shows an event type's columns and a numeric event at 1440 px",
  async ({ server, browser, t }) => {
    const campaign = await directCampaign(server.url, {
      name: "Casino DE",
      offer: { name: "Slots", url: "https://o.example.com/?c={clickid}", payout: 0 },
    });
    await campaign.panel.call("PATCH", `/api/offers/${campaign.offerId}`, { payoutMode: "auto" });
    await campaign.panel.call("PUT", "/api/settings/events", {
      types: [{ name: "ftd", label: "FTD", status: "sale", revenue: true }],
    });
    const ids = [await click(server.url, campaign.key), await click(server.url, campaign.key)];
    await ok(fetch(`${server.url}/postback?clickid=${ids[0]}&status=ftd&payout=40`));
    await ok(fetch(`${server.url}/click/update?clickid=${ids[1]}&event1=5`));

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server);
    await page.goto(`${server.url}/panel/report/campaign/${campaign.id}?groupBy=day`);
    const table = page.getByRole("table", { name: "Report" });
    await table.waitFor();
    const head = table.locator("thead");
    const totals = table.locator("tfoot tr");

    await t.step("the ftd columns show: count, revenue, CR", async () => {
      await head.getByRole("button", { name: "FTD CR" }).waitFor();
      const names = await head.locator("th").allInnerTexts();
      const cells = await totals.locator("th, td").allInnerTexts();
      const cell = (label: string) => cells[names.findIndex((n) => n.trim() === label)];
      assert.equal(cell("FTD"), "1");
      assert.match(cell("FTD revenue"), /40\.00/);
      assert.match(cell("FTD CR"), /50(\.00)?\s*%/);
      assert.equal(names.some((n) => n.trim() === "Event 1"), false, "Event 1 starts hidden");
    });
    await t.step("the column chooser offers Event 1; shown, it reads 5", async () => {
      await page.getByRole("button", { name: /^Columns/ }).click();
      const group = page.getByRole("group", { name: "Shown columns" });
      assert.equal(await group.getByLabel("FTD revenue").isChecked(), true);
      await group.getByLabel("Event 1", { exact: true }).check();
      await page.keyboard.press("Escape");
      await head.getByRole("button", { name: "Event 1" }).waitFor();
      const names = await head.locator("th").allInnerTexts();
      const cells = await totals.locator("th, td").allInnerTexts();
      assert.equal(cells[names.findIndex((n) => n.trim() === "Event 1")], "5");
      const overflow = await page.evaluate(() =>
        document.documentElement.scrollWidth - document.documentElement.clientWidth
      );
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
    });
  },
);
