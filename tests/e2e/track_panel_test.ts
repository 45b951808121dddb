/**
 * Issue 12 (items 1 and 6) in a real Chromium against the real server: the
 * offer list says which offers are capped today, and the campaign's flow
 * editor says which time zone weekday and hour criteria run in.
 */
import assert from "node:assert/strict";
import { buildCampaign, buildOffer } from "../../fixtures/builders.ts";
import { browserTest } from "../helpers/browser.ts";
import { call, signedInPage } from "./entities_helpers.ts";

browserTest(
  "browser: capped offers and the rules' time zone are shown",
  async ({ server, browser, t }) => {
    const { page } = await signedInPage(browser, server);
    const api = (method: "GET" | "POST" | "PATCH", path: string, body?: unknown) =>
      call(page, server, { method, path, body });
    const fallback = await api("POST", "/api/offers", buildOffer({ name: "Fallback offer" }));
    const capped = await api(
      "POST",
      "/api/offers",
      buildOffer({
        name: "Capped offer",
        dailyCap: 1,
        capFallbackOfferId: Number(fallback.body.id),
      }),
    );
    const path = {
      weight: 1,
      direct: true,
      offers: [{ offerId: Number(capped.body.id), weight: 1 }],
    };
    const campaign = await api(
      "POST",
      "/api/campaigns",
      buildCampaign({
        destination: { type: "flow", flow: { rules: [], defaultPaths: [path] } },
      }),
    );
    assert.equal(campaign.status, 201, JSON.stringify(campaign.body));

    await t.step("an offer with its cap reached reads 'capped today'", async () => {
      const click = await fetch(`${server.url}/c/${campaign.body.key}`, { redirect: "manual" });
      await click.body?.cancel();
      const clickId = /rotor_click=([^;]+)/.exec(click.headers.get("set-cookie") ?? "")![1];
      const postback = await fetch(`${server.url}/postback?clickid=${clickId}&status=sale`);
      assert.equal(postback.status, 200, await postback.text());
      await page.goto(`${server.url}/panel/offers`);
      const row = page.getByRole("row").filter({ hasText: "Capped offer" });
      await row.getByText("capped today").waitFor({ timeout: 30_000 });
      const other = page.getByRole("row").filter({ hasText: "Fallback offer" });
      assert.ok(!(await other.textContent())!.includes("capped today"));
    });

    await t.step("the flow editor names the zone weekday and hour rules run in", async () => {
      await page.goto(`${server.url}/panel/campaigns/edit/${campaign.body.id}`);
      const note = page.getByTestId("flow-zone");
      await note.filter({ hasText: "report time zone" }).waitFor({ timeout: 30_000 });
      await page.getByLabel("Time zone of weekday and hour rules").fill("Asia/Kathmandu");
      await note.filter({ hasText: "Asia/Kathmandu" }).waitFor({ timeout: 30_000 });
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.waitForFunction(
        async (url) => (await (await fetch(url)).json()).timeZone === "Asia/Kathmandu",
        `${server.url}/api/campaigns/${campaign.body.id}`,
        { timeout: 30_000, polling: 250 },
      );
    });
  },
);
