/**
 * Saved column sets on the entity lists, in a real Chromium against a real
 * server: a set saved from the campaigns list's Columns menu is stored
 * server-side (Settings → Columns), so a fresh browser can pick it; the last
 * pick outlives a reload (local storage); the settings screen lists and edits
 * it and refuses a column the list does not have; a list's default set is what
 * a fresh browser shows first.
 */
import assert from "node:assert/strict";
import { waitFor } from "../helpers/wait.ts";
import type { Browser, Page } from "playwright-core";
import { browserTest } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";
import { call, signedInPage } from "./entities_helpers.ts";

/** The list's column heads, in order (sort arrows dropped; the row buttons' "Actions" is no column of a set). */
async function heads(page: Page): Promise<string[]> {
  const texts = await page.locator(".dtable__head [role=columnheader]").allInnerTexts();
  return texts.map((t) => t.replace(/[▲▼]/g, "").trim()).filter((t) => t && t !== "Actions");
}

/** Waits until the heads are `expected`. */
async function expectHeads(page: Page, expected: string[]) {
  await page.waitForFunction(
    (want) =>
      [...document.querySelectorAll(".dtable__head [role=columnheader]")]
        .map((h) => (h as HTMLElement).innerText.replace(/[▲▼]/g, "").trim())
        .filter((t) => t && t !== "Actions").join("|") === want,
    expected.join("|"),
    { timeout: 30_000 },
  ).catch(async () => assert.deepEqual(await heads(page), expected));
}

async function openCampaigns(browser: Browser, server: { url: string }) {
  const session = await signedInPage(browser, server as never);
  await session.page.goto(`${server.url}/panel/campaigns`);
  await session.page.locator(".dtable__body [role=row]").first().waitFor();
  return session;
}

async function openColumns(page: Page) {
  const button = page.getByRole("button", { name: "Columns" });
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  return page.getByRole("region", { name: "Saved column sets" });
}

const DEFAULT_HEADS = [
  "ID",
  "Name",
  "Group",
  "Status",
  "Source",
  "Cost model",
  "Destination",
  "Clicks",
  "Conv.",
  "Revenue",
  "Cost",
  "Profit",
  "ROI",
  "CR",
];
const LEAN_HEADS = ["ID", "Name", "Clicks", "Conv.", "Cost", "Profit", "ROI", "CR", "EPC"];

browserTest(
  "browser: column sets saved on the campaigns list follow the user to a fresh browser",
  async ({ server, browser, t }) => {
    await directCampaign(server.url, {
      name: "Collagen push",
      offer: { name: "Collagen", url: "https://offers.example/c?id={clickid}", payout: 12 },
    });
    await t.step("choose columns and save them as a named set", async () => {
      const { context, page } = await openCampaigns(browser, server);
      await expectHeads(page, DEFAULT_HEADS);
      const sets = await openColumns(page);
      await sets.getByText("None yet").waitFor();
      const shown = page.getByRole("group", { name: "Shown columns" });
      for (
        const label of [
          "Group",
          "Status",
          "Source",
          "Cost model",
          "Destination",
          "Revenue",
          "EPC",
        ]
      ) {
        await shown.getByLabel(label, { exact: true }).click();
      }
      await expectHeads(page, LEAN_HEADS);
      await sets.getByLabel("Column set name").fill("Lean");
      await sets.getByRole("button", { name: "Save set" }).click();
      const pick = sets.getByRole("button", { name: "Lean", exact: true });
      await pick.waitFor();
      assert.equal(await pick.getAttribute("aria-pressed"), "true", "the shown columns are it");
      const stored = await call(page, server, { method: "GET", path: "/api/settings/columns" });
      assert.deepEqual(stored.body.sets, [{
        list: "campaigns",
        name: "Lean",
        columns: ["id", "name", "clicks", "conversions", "cost", "profit", "roi", "cr", "epc"],
        isDefault: false,
      }]);
      await context.close();
    });

    await t.step("a fresh browser picks the set and keeps it over a reload", async () => {
      const { context, page } = await openCampaigns(browser, server);
      await expectHeads(page, DEFAULT_HEADS);
      const sets = await openColumns(page);
      const pick = sets.getByRole("button", { name: "Lean", exact: true });
      assert.equal(await pick.getAttribute("aria-pressed"), "false");
      await pick.click();
      await expectHeads(page, LEAN_HEADS);
      assert.equal(await pick.getAttribute("aria-pressed"), "true");
      await page.reload();
      await page.locator(".dtable__body [role=row]").first().waitFor();
      await expectHeads(page, LEAN_HEADS);
      await context.close();
    });

    await t.step("the settings screen lists it, and makes it the list's default", async () => {
      const { context, page } = await openCampaigns(browser, server);
      await page.goto(`${server.url}/panel/settings/columns`);
      // By its list: once edited, the name sits in an input, not in the row's text.
      const row = page.locator("tbody tr").filter({ hasText: "Campaigns" });
      await row.waitFor();
      assert.match(await row.innerText(), /Campaigns\s+Lean\s+id, name, clicks.*epc/);
      // A click while the screen still settles after load can be lost: open it until it shows.
      const name = row.getByLabel("Name of Campaigns set 1");
      await waitFor(async () => {
        if (await name.isVisible()) return true;
        const edit = row.getByRole("button", { name: "Edit" });
        if (await edit.isVisible()) await edit.click();
        return await name.waitFor({ timeout: 5_000 }).then(() => true, () => false);
      }, { message: "the set's row to open for editing" });
      await name.fill("Lean buyer");
      await row.getByLabel("Default for Campaigns:").check();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Settings saved").waitFor();
      const stored = await call(page, server, { method: "GET", path: "/api/settings/columns" });
      const [set] = stored.body.sets as { name: string; isDefault: boolean }[];
      assert.equal(set.name, "Lean buyer");
      assert.equal(set.isDefault, true);
      await context.close();
    });

    await t.step("a set naming a column the list does not have is refused by name", async () => {
      const { context, page } = await openCampaigns(browser, server);
      await page.goto(`${server.url}/panel/settings/columns`);
      await page.locator("tbody tr").filter({ hasText: "Campaigns" }).waitFor();
      // Sets only for lists that show them: the conversions list chooses no columns.
      const picker = page.getByRole("combobox", { name: "List", exact: true });
      const lists = await picker.locator("option").allTextContents();
      assert.deepEqual(lists, [
        "Campaigns",
        "Offers",
        "Landers",
        "Aff. networks",
        "Traffic sources",
        "Rotations",
        "Report",
        "Click log",
      ]);
      await page.getByLabel("Set name").fill("Typo");
      await page.getByLabel("Columns (comma separated)").fill("name, clicks, nonsense");
      await page.getByRole("button", { name: "Add set" }).click();
      await page.getByRole("button", { name: "Save" }).click();
      const message = '"nonsense" is not a column of the campaigns list';
      await page.locator(".notice--error", { hasText: message }).waitFor();
      // Beside the set's columns too, not only in the form's summary.
      await page.locator("td.column-sets__columns .field__error", { hasText: message })
        .waitFor();
      const stored = await call(page, server, { method: "GET", path: "/api/settings/columns" });
      assert.deepEqual((stored.body.sets as { name: string }[]).map((s) => s.name), [
        "Lean buyer",
      ]);
      await context.close();
    });

    await t.step("a fresh browser opens the list with the default set", async () => {
      const { context, page } = await openCampaigns(browser, server);
      await expectHeads(page, LEAN_HEADS);
      const sets = await openColumns(page);
      await sets.getByText("default").waitFor();
      await page.getByRole("group", { name: "Shown columns" }).getByLabel("Source").click();
      await expectHeads(page, [...LEAN_HEADS.slice(0, 2), "Source", ...LEAN_HEADS.slice(2)]);
      await page.getByRole("button", { name: "Reset to default" }).click();
      await expectHeads(page, LEAN_HEADS);
      await context.close();
    });

    await t.step("deleting the set from the menu removes it server-side", async () => {
      const { context, page } = await openCampaigns(browser, server);
      const sets = await openColumns(page);
      await sets.getByRole("button", { name: "Delete column set Lean buyer" }).click();
      await sets.getByText("None yet").waitFor();
      const stored = await call(page, server, { method: "GET", path: "/api/settings/columns" });
      assert.deepEqual(stored.body.sets, []);
      await page.reload();
      await page.locator(".dtable__body [role=row]").first().waitFor();
      await expectHeads(page, DEFAULT_HEADS);
      await context.close();
    });
  },
);
