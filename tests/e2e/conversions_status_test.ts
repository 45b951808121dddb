/**
 * Conversion status changes in a real Chromium (issue 12 item 9): a change asks
 * first (cancel changes nothing), a confirmed one shows in the row's history with
 * its author, and the selected rows change together from the bulk bar.
 */
import assert from "node:assert/strict";
import { browserTest, signIn } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

async function leadFor(url: string, key: string, txid: string): Promise<string> {
  const res = await fetch(`${url}/c/${key}`, { redirect: "manual" });
  await res.body?.cancel();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("rotor_click="))!;
  const clickId = cookie.split(";")[0].split("=")[1];
  const pb = await fetch(`${url}/postback?clickid=${clickId}&status=lead&txid=${txid}`);
  assert.equal(pb.status, 200, await pb.text());
  return clickId;
}

browserTest(
  "browser: conversion status changes are confirmed, recorded on the row, and done in bulk",
  async ({ server, browser, t }) => {
    const campaign = await directCampaign(server.url, {
      name: "Status edits",
      offer: { name: "Keto", url: "https://o.example.com/?c={clickid}", payout: 3 },
    });
    await leadFor(server.url, campaign.key, "TX-A");
    await leadFor(server.url, campaign.key, "TX-B");
    const page = await browser.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/panel/conversions`);
    const table = page.getByRole("table", { name: "Conversions" });
    await table.waitFor();
    const row = table.locator("tr", { hasText: "TX-A" });
    const select = row.getByRole("combobox", { name: /^Status of conversion/ });

    await t.step("cancel leaves the status as it was", async () => {
      await select.selectOption("sale");
      const dialog = page.getByRole("dialog");
      await dialog.getByText(/Change conversion TX-A from lead to sale\?/).waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      assert.equal(await select.inputValue(), "lead");
    });

    await t.step("a confirmed change shows in the row's history with its author", async () => {
      await select.selectOption("sale");
      await page.getByRole("dialog").getByRole("button", { name: "Change status" }).click();
      await row.getByText("1 change").click();
      const history = row.getByRole("list", { name: /^History of conversion/ });
      await history.getByText(/admin: status lead → sale/).waitFor();
      assert.equal(await select.inputValue(), "sale");
    });

    await t.step("the selected rows change together", async () => {
      await table.getByRole("checkbox", { name: "Select all conversions" }).check();
      const bar = page.getByRole("toolbar", { name: "Selected conversions" });
      await bar.getByText("2 selected").waitFor();
      await bar.getByRole("combobox", { name: "New status" }).selectOption("rejected");
      await bar.getByRole("button", { name: "Change status" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText("Change 2 conversions to rejected?").waitFor();
      await dialog.getByRole("button", { name: "Change status" }).click();
      await bar.waitFor({ state: "detached" });
      for (const txid of ["TX-A", "TX-B"]) {
        const status = table.locator("tr", { hasText: txid })
          .getByRole("combobox", { name: /^Status of conversion/ });
        await page.waitForFunction(
          (el) => (el as HTMLSelectElement).value === "rejected",
          await status.elementHandle(),
        );
      }
      const list = await campaign.panel.call("GET", "/api/conversions");
      const items = list.items as Array<{ txid: string; changes: unknown[] }>;
      assert.deepEqual(items.map((i) => [i.txid, i.changes.length]).sort(), [
        ["TX-A", 2],
        ["TX-B", 1],
      ]);
    });

    await t.step(
      "a replaced conversion offers no status change (change the one that counts)",
      async () => {
        const clickId = await leadFor(server.url, campaign.key, "TX-C");
        const sale = await fetch(
          `${server.url}/postback?clickid=${clickId}&status=sale&txid=TX-C`,
        );
        assert.equal(sale.status, 200, await sale.text());
        await page.reload();
        await table.waitFor();
        const rows = table.locator("tr", { hasText: "TX-C" });
        const replaced = rows.filter({ hasText: "replaced" });
        await replaced.waitFor();
        assert.equal(await replaced.getByRole("combobox").count(), 0);
        assert.equal(await replaced.getByRole("checkbox").count(), 0);
        const counting = rows.filter({ hasNotText: "replaced" });
        assert.equal(
          await counting.getByRole("combobox", { name: /^Status of conversion/ }).inputValue(),
          "sale",
        );
      },
    );
  },
);
