/**
 * Issue 4 in a real Chromium against the real server: an operator sets up a
 * campaign from nothing through the forms (traffic source, network, offer,
 * lander, a campaign with a two-rule flow), clones it, and mass-edits offers;
 * an offer's payout change shows under its form.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest } from "../helpers/browser.ts";
import { buildOffer } from "../../fixtures/builders.ts";
import { call, signedInPage } from "./entities_helpers.ts";
import { withoutFlowIds } from "../../server/entities/testing.ts";

function idIn(page: Page): number {
  const match = /\/edit\/(\d+)$/.exec(new URL(page.url()).pathname);
  assert.ok(match, `not on an edit page: ${page.url()}`);
  return Number(match[1]);
}

browserTest(
  "browser: an operator sets up a campaign from nothing through the forms",
  async ({ server, browser, t }) => {
    const { page } = await signedInPage(browser, server);
    const api = (method: "GET" | "POST" | "PATCH", path: string, body?: unknown) =>
      call(page, server, { method, path, body });
    const ids: Record<string, number> = {};
    await t.step("a traffic source", async () => {
      await page.goto(`${server.url}/panel/traffic-sources/create`);
      await page.getByLabel("Name").fill("PropellerAds");
      await page.getByLabel("External id param").fill("subid");
      await page.getByLabel("External id placeholder").fill("${SUBID}");
      await page.getByRole("button", { name: "+ Add token" }).click();
      await page.getByRole("textbox", { name: "Param", exact: true }).fill("zone");
      await page.getByRole("textbox", { name: "Placeholder", exact: true }).fill("${ZONEID}");
      await page.getByRole("button", { name: "Create traffic source" }).click();
      await page.waitForURL(/\/traffic-sources\/edit\/\d+$/);
      ids.source = idIn(page);
    });

    await t.step("an affiliate network with a generated postback token", async () => {
      await page.goto(`${server.url}/panel/affiliate-networks/create`);
      await page.getByLabel("Name").fill("MaxBounty");
      await page.getByRole("button", { name: "Generate" }).click();
      await page.getByRole("button", { name: "Create affiliate network" }).click();
      await page.waitForURL(/\/affiliate-networks\/edit\/\d+$/);
      ids.network = idIn(page);
      const saved = await api("GET", `/api/affiliate-networks/${ids.network}`);
      assert.match(String(saved.body.postbackToken), /^[0-9a-f]{24}$/);
    });

    await t.step("an offer: the contract's messages first, then saved", async () => {
      await page.goto(`${server.url}/panel/offers/create`);
      await page.getByRole("button", { name: "Create offer" }).click();
      await page.getByText("must not be empty").first().waitFor();
      assert.equal(await page.getByLabel("Offer URL").getAttribute("aria-invalid"), "true");
      await page.getByLabel("Name").fill("Keto US");
      await page.getByLabel("Offer URL").fill("https://offers.example/keto?sub1={clickid}");
      await page.getByLabel("Affiliate network").selectOption({ label: "MaxBounty" });
      await page.getByRole("spinbutton", { name: "Payout", exact: true }).fill("12.5");
      await page.getByRole("button", { name: "Create offer" }).click();
      await page.waitForURL(/\/offers\/edit\/\d+$/);
      ids.offer = idIn(page);
      const saved = await api("GET", `/api/offers/${ids.offer}`);
      assert.equal(saved.body.payout, 12.5);
      assert.equal(saved.body.affiliateNetworkId, ids.network);
    });

    await t.step("the offer's payout changed: on record under its form", async () => {
      const history = page.getByRole("region", { name: "Payout changes" });
      await history.getByText("No changes since it was created.").waitFor({ timeout: 20_000 });
      await page.getByRole("spinbutton", { name: "Payout", exact: true }).fill("14");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      const row = history.locator("tbody tr").filter({ hasText: "Payout" });
      await row.waitFor({ timeout: 20_000 });
      const cells = await row.locator("td").allTextContents();
      assert.deepEqual(cells.slice(1), ["admin", "Payout", "12.50", "14.00"]);
      assert.match(cells[0], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    });

    await t.step("a lander", async () => {
      await page.goto(`${server.url}/panel/landings/create`);
      await page.getByLabel("Name").fill("Quiz");
      await page.getByLabel("Lander URL").fill("https://lp.example/quiz");
      await page.getByRole("button", { name: "Create lander" }).click();
      await page.waitForURL(/\/landings\/edit\/\d+$/);
      ids.lander = idIn(page);
    });

    await t.step("a campaign with a two-rule flow, and its tracking link", async () => {
      await page.goto(`${server.url}/panel/campaigns/create`);
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Keto push US");
      await page.getByLabel("Traffic source").selectOption({ label: "PropellerAds" });
      await page.getByRole("button", { name: "+ Add rule" }).click();
      await page.getByRole("button", { name: "+ Add rule" }).click();
      const rule1 = page.getByRole("region", { name: "Rule 1" });
      await rule1.getByLabel("Rule name").fill("US");
      await rule1.getByLabel("Values (comma-separated)").fill("US, CA");
      await rule1.getByRole("button", { name: "+ Add lander" }).click();
      await rule1.getByRole("button", { name: "+ Add offer" }).click();
      const rule2 = page.getByRole("region", { name: "Rule 2" });
      await rule2.getByLabel("Rule name").fill("Mobile");
      await rule2.getByLabel("Field").selectOption("deviceType");
      // Only the operators OPS_BY_FIELD allows for the device type are offered.
      assert.deepEqual(await rule2.getByLabel("Operator").locator("option").allTextContents(), [
        "is",
        "is not",
      ]);
      await rule2.getByLabel("Values (comma-separated)").fill("mobile");
      await rule2.getByLabel("Direct (no lander)").check();
      await rule2.getByRole("button", { name: "+ Add offer" }).click();
      await rule2.getByRole("button", { name: "+ Add path" }).click();
      const rule2path2 = rule2.getByRole("group", { name: "Path 2" });
      await rule2path2.getByLabel("Direct (no lander)").check();
      await rule2path2.getByRole("button", { name: "+ Add offer" }).click();
      await rule2path2.getByLabel("Path weight").fill("300");
      assert.equal(await rule2path2.locator(".share--big").textContent(), "75%");
      const fallback = page.getByRole("group", { name: "Everyone else goes to" });
      await fallback.getByRole("button", { name: "+ Add lander" }).click();
      await fallback.getByRole("button", { name: "+ Add offer" }).click();
      await page.getByRole("button", { name: "Create campaign" }).click();
      await page.waitForURL(/\/campaigns\/edit\/\d+$/);
      ids.campaign = idIn(page);
      // The source's params join the link once the source has loaded.
      await page.getByTestId("tracking-link").filter({ hasText: "subid=" }).waitFor();
      const link = await page.getByTestId("tracking-link").textContent();
      assert.match(
        String(link),
        new RegExp(`^${server.url}/c/[\\w-]{8,}\\?subid=\\$\\{SUBID\\}&zone=\\$\\{ZONEID\\}$`),
      );
      const saved = await api("GET", `/api/campaigns/${ids.campaign}`);
      const flow =
        (saved.body.destination as { flow: { rules: Array<Record<string, unknown>> } }).flow;
      assert.deepEqual(flow.rules.map((r) => r.name), ["US", "Mobile"]);
      assert.deepEqual((flow.rules[0].criteria as Array<{ values: string[] }>)[0].values, [
        "US",
        "CA",
      ]);
      assert.equal(saved.body.trafficSourceId, ids.source);
    });

    await t.step("leaving a changed form asks first", async () => {
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Keto push US v2");
      await page.getByRole("link", { name: "Back to list" }).click();
      await page.getByRole("heading", { name: "Leave without saving?" }).waitFor();
      await page.getByRole("button", { name: "Stay" }).click();
      assert.match(page.url(), /\/campaigns\/edit\/\d+$/);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Campaign saved").first().waitFor();
    });

    await t.step("clone it: a copy with its own key", async () => {
      await page.goto(`${server.url}/panel/campaigns/clone/${ids.campaign}`);
      assert.equal(
        await page.getByRole("textbox", { name: "Name", exact: true }).inputValue(),
        "Keto push US v2 (copy)",
      );
      await page.getByRole("button", { name: "Create campaign" }).click();
      await page.waitForURL(/\/campaigns\/edit\/\d+$/);
      const copyId = idIn(page);
      assert.notEqual(copyId, ids.campaign);
      const [a, b] = await Promise.all([
        api("GET", `/api/campaigns/${ids.campaign}`),
        api("GET", `/api/campaigns/${copyId}`),
      ]);
      assert.notEqual(a.body.key, b.body.key);
      // The same flow; its rules and paths get ids of their own (decision 123).
      assert.deepEqual(withoutFlowIds(a.body.destination), withoutFlowIds(b.body.destination));
      assert.notDeepEqual(a.body.destination, b.body.destination);
    });

    await t.step("mass-edit three offers with a summary first", async () => {
      const more = [];
      for (const name of ["Keto DE", "Keto FR"]) {
        more.push(
          (await api("POST", "/api/offers", buildOffer({ name, payout: 1 }))).body.id as number,
        );
      }
      const three = [ids.offer, ...more];
      await page.goto(`${server.url}/panel/offers`);
      for (const id of three) await page.getByLabel(`Select row ${id}`).check();
      await page.getByRole("button", { name: "Mass edit" }).click();
      await page.waitForURL(
        new RegExp(`/offers/edit/mass/${[...three].sort((a, b) => b - a).join(",")}$`),
      );
      const modal = page.getByRole("dialog", { name: /Mass edit 3 offers/ });
      await modal.getByLabel("Change payout", { exact: true }).check();
      await modal.getByRole("spinbutton", { name: "Payout", exact: true }).fill("2.75");
      await modal.getByText("on 3 of 3").waitFor();
      await modal.getByRole("button", { name: "Apply to 3" }).click();
      await page.waitForURL(/\/offers$/);
      for (const id of three) {
        assert.equal((await api("GET", `/api/offers/${id}`)).body.payout, 2.75);
      }
    });
  },
);
