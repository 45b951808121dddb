/**
 * Issue 12 items 11 and 12 in a real Chromium: a traffic source cannot be saved
 * without the fields its form marks required; a network's postback URL is the
 * same before and after saving and has a Copy button; a campaign's link is on
 * the default tracking domain, in the links' scheme.
 */
import assert from "node:assert/strict";
import { browserTest } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";
import { waitFor } from "../helpers/wait.ts";
import { call, signedInPage } from "./entities_helpers.ts";

browserTest(
  "browser: required source fields, one network postback URL, links on the tracking domain",
  async ({ server, browser, t }) => {
    const { page } = await signedInPage(browser, server);
    await t.step("a source with only a name is refused, with the field named", async () => {
      await page.goto(`${server.url}/panel/traffic-sources/create`);
      await page.getByLabel("Name").fill("Only a name");
      await page.getByRole("button", { name: "Create traffic source" }).click();
      await page.getByText(/parameter carrying the source's click id is required/).first()
        .waitFor();
      assert.match(page.url(), /\/traffic-sources\/create$/);
      const list = await call(page, server, { method: "GET", path: "/api/traffic-sources" });
      assert.equal((list.body.items as unknown[]).length, 0);
      await page.getByLabel("External id param").fill("subid");
      await page.getByRole("button", { name: "Create traffic source" }).click();
      await page.waitForURL(/\/traffic-sources\/edit\/\d+$/);
    });

    await t.step("a network's postback URL is the same before and after saving", async () => {
      await page.goto(`${server.url}/panel/affiliate-networks/create`);
      await page.getByLabel("Start from a template").selectOption({ label: "MaxBounty" });
      await page.getByRole("button", { name: "Apply template" }).click();
      await page.getByRole("button", { name: "Generate" }).click();
      const shown = page.getByTestId("network-postback-url");
      await shown.filter({ hasText: "token=" }).waitFor();
      const before = await shown.textContent();
      assert.match(String(before), /\/postback\?clickid=#S1#&payout=#RATE#.*&token=\w+$/);
      await page.getByRole("button", { name: "Create affiliate network" }).click();
      await page.waitForURL(/\/affiliate-networks\/edit\/\d+$/);
      await shown.filter({ hasText: "token=" }).waitFor();
      assert.equal(await shown.textContent(), before);
      await page.getByRole("button", { name: "Copy postback url" }).click();
      await page.getByText("Postback URL copied").or(
        page.getByText("The browser refused to copy"),
      )
        .first().waitFor();
    });

    await t.step("a campaign's link is on the default tracking domain, https", async () => {
      const campaign = await directCampaign(server.url, {
        name: "Linked",
        offer: { name: "O", url: "https://o.example.com/?c={clickid}", payout: 1 },
      });
      await campaign.panel.call("POST", "/api/domains", {
        name: "Track",
        host: "go.example.org",
        isDefault: true,
        purpose: "tracking",
      });
      await page.goto(`${server.url}/panel/campaigns/edit/${campaign.id}`);
      await page.getByTestId("tracking-link").filter({ hasText: "/c/" }).waitFor();
      assert.equal(
        await page.getByTestId("tracking-link").textContent(),
        `https://go.example.org/c/${campaign.key}`,
      );
    });

    await t.step(
      "a domain's root campaign and a campaign bound to its domain save from the forms",
      async () => {
        const campaign = await directCampaign(server.url, {
          name: "Root",
          offer: { name: "R", url: "https://r.example.com/?c={clickid}", payout: 1 },
        });
        await page.goto(`${server.url}/panel/domains`);
        // Rotor reads a purpose for tracking only (decision 191): a new domain is offered no other.
        await page.getByLabel("Default tracking domain").waitFor();
        assert.equal(await page.getByLabel("Purpose").count(), 0);
        await page.getByRole("textbox", { name: "Host", exact: true }).fill("root.example.org");
        await page.getByLabel(/^Root campaign/).selectOption({ label: "Root" });
        await page.getByRole("button", { name: "Add domain" }).click();
        await page.getByText("Domain saved").first().waitFor();
        // The list refreshes from the panel's own cache after the inline save, no reload.
        await page.getByRole("row", { name: /root\.example\.org/ }).first().waitFor();
        const domains = await call(page, server, { method: "GET", path: "/api/domains" });
        const root = (domains.body.items as Array<Record<string, unknown>>)
          .find((d) => d.host === "root.example.org")!;
        assert.equal(root.rootCampaignId, campaign.id);

        await page.goto(`${server.url}/panel/campaigns/edit/${campaign.id}`);
        // The form holds the stored campaign before it is changed (a busy machine loads it late,
        // and a late load would reset the box).
        const name = page.getByRole("textbox", { name: "Name", exact: true });
        await waitFor(async () => (await name.inputValue().catch(() => "")) === "Root", {
          message: "the campaign form holds the stored campaign",
        });
        await page.getByLabel(/^Clicks only on its tracking domain/).check();
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await page.getByText("Campaign saved").first().waitFor();
        const saved = await call(page, server, {
          method: "GET",
          path: `/api/campaigns/${campaign.id}`,
        });
        assert.equal(saved.body.domainOnly, true);
      },
    );

    await t.step(
      "a domain stored for landers says Rotor does not use it, and may track",
      async () => {
        await call(page, server, {
          method: "POST",
          path: "/api/domains",
          body: { name: "lp.example.org", host: "lp.example.org", purpose: "landers" },
        });
        await page.goto(`${server.url}/panel/domains`);
        await page.getByRole("row", { name: /lp\.example\.org/ }).getByRole("button", {
          name: "Edit",
        }).click();
        const purpose = page.getByLabel("Purpose");
        await purpose.waitFor();
        assert.deepEqual(await purpose.locator("option").allTextContents(), [
          "landers (not used by Rotor)",
          "tracking",
        ]);
        assert.equal(await page.getByLabel("Default tracking domain").count(), 0);
        await purpose.selectOption("tracking");
        await page.getByLabel("Default tracking domain").waitFor();
      },
    );
  },
);

browserTest(
  "browser: an archived domain is shown on request and restored from Domains",
  async ({ server, browser }) => {
    const { page } = await signedInPage(browser, server);
    const created = await call(page, server, {
      method: "POST",
      path: "/api/domains",
      body: { name: "gone.example.org", host: "gone.example.org" },
    });
    await call(page, server, { method: "DELETE", path: `/api/domains/${created.body.id}` });
    await page.goto(`${server.url}/panel/domains`);
    await page.getByLabel("Show archived").check();
    const row = page.getByRole("row", { name: /gone\.example\.org/ });
    await row.getByRole("button", { name: "Restore" }).click();
    await page.getByText("gone.example.org restored").first().waitFor();
    await page.getByLabel("Show archived").uncheck();
    await page.getByRole("row", { name: /gone\.example\.org/ }).getByRole("button", {
      name: "Edit",
    })
      .waitFor();
    const domain = await call(page, server, {
      method: "GET",
      path: `/api/domains/${created.body.id}`,
    });
    assert.equal(domain.body.archived, false);
  },
);
