/**
 * Reports in a real Chromium against the real server (issue 6): real clicks
 * sent to /c/<key>, a campaign's report drilled into country then offer, the
 * range changed, the CSV export's totals compared with the screen, its Leads
 * keeping its days and filters, and the click log showing a click sent a moment ago.
 */
import assert from "node:assert/strict";
import { browserTest, signIn } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

function setupCampaign(url: string) {
  return directCampaign(url, {
    name: "Push US",
    offer: { name: "Keto", url: "https://o.example.com/?c={clickid}", payout: 3 },
  });
}

async function click(url: string, key: string, ip: string): Promise<string> {
  const res = await fetch(`${url}/c/${key}`, {
    redirect: "manual",
    headers: {
      "x-forwarded-for": ip,
      "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36",
    },
  });
  await res.body?.cancel();
  assert.equal(res.status, 302);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("rotor_click="));
  return cookie?.split(";")[0].split("=")[1] ?? "";
}

browserTest(
  "browser: a campaign's report drills down, exports CSV matching the screen; the click log shows a fresh click",
  async ({ server, browser, t }) => {
    const campaign = await setupCampaign(server.url);
    for (const ip of ["8.8.8.8", "8.8.4.4", "81.2.69.160"]) {
      await click(server.url, campaign.key, ip);
    }

    await t.step(
      "report: country, then offer, range change, CSV totals equal the screen",
      async () => {
        const context = await browser.newContext({ acceptDownloads: true });
        const page = await context.newPage();
        await signIn(page, server);
        await page.goto(
          `${server.url}/panel/report/campaign/${campaign.id}?groupBy=country,offer,deviceType`,
        );
        const table = page.getByRole("table", { name: "Report" });
        await table.waitFor();
        const totals = table.locator("tfoot tr");
        assert.match(await totals.innerText(), /Total\s+3\b/);
        const expand = table.getByRole("button", { name: /^Expand / }).first();
        const country = (await expand.getAttribute("aria-label"))!.replace("Expand ", "");
        await expand.click();
        await table.getByRole("button", { name: "Expand Keto" }).first().click();
        await table.locator(".report__row--l2").first().waitFor();
        assert.equal(
          await table.locator(".report__row--l1").count() >= 1,
          true,
          `no offers under ${country}`,
        );
        await page.getByRole("button", { name: /^Dates:/ }).click();
        await page.getByRole("button", { name: "Last 7 days" }).click();
        await page.waitForURL(/range=last7/);
        await table.waitFor();
        assert.match(await totals.innerText(), /Total\s+3\b/);
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("link", { name: "Export CSV" }).click(),
        ]);
        const csv = await Deno.readTextFile((await download.path())!);
        const last = csv.trim().split("\r\n").at(-1)!.split(",");
        const header = csv.split("\r\n")[0].split(",");
        assert.equal(last[0], "Total");
        assert.equal(last[header.indexOf("Clicks")], "3");
        await context.close();
      },
    );

    await t.step("Leads keeps the report's days and filters, and Report comes back", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, server);
      const filters = JSON.stringify([{ dim: "country", op: "is", values: ["US"] }]);
      await page.goto(
        `${server.url}/panel/report/campaign/${campaign.id}?range=last7&groupBy=offer&filters=${
          encodeURIComponent(filters)
        }`,
      );
      await page.getByRole("table", { name: "Report" }).waitFor();
      await page.getByRole("link", { name: "Leads", exact: true }).click();
      await page.waitForURL(/\/report\/leads\/campaign\//);
      const url = new URL(page.url());
      assert.equal(url.searchParams.get("range"), "last7");
      assert.equal(url.searchParams.get("filters"), filters);
      await page.locator(".report__filters .chip").filter({ hasText: "US" }).waitFor();
      await page.getByRole("link", { name: "Report", exact: true }).click();
      await page.waitForURL(/groupBy=offer/);
      assert.equal(new URL(page.url()).searchParams.get("filters"), filters);
      await context.close();
    });

    await t.step(
      "filters are typed as the report shows them: an offer by name, a flag as Yes; a name matching nothing is refused",
      async () => {
        const context = await browser.newContext();
        const page = await context.newPage();
        await signIn(page, server);
        await page.goto(`${server.url}/panel/report/campaign/${campaign.id}?groupBy=offer`);
        const table = page.getByRole("table", { name: "Report" });
        const totals = table.locator("tfoot tr");
        await table.waitFor();
        const add = async (dim: string, op: string, values: string) => {
          await page.getByLabel("Filter dimension").selectOption(dim);
          await page.getByLabel("Filter operator").selectOption(op);
          await page.getByLabel("Filter values").fill(values);
          await page.getByRole("button", { name: "Add filter" }).click();
        };
        await add("offer", "is", "keto");
        await page.locator(".report__filters .chip").filter({ hasText: "Offer is Keto" })
          .waitFor();
        const filters = JSON.parse(new URL(page.url()).searchParams.get("filters")!);
        assert.deepEqual(filters, [{ dim: "offer", op: "is", values: [campaign.offerId] }]);
        await page.waitForFunction(() =>
          /Total\s+3\b/.test(
            (document.querySelector("table[aria-label=Report] tfoot") as HTMLElement | null)
              ?.innerText ?? "",
          )
        );
        await page.getByRole("button", { name: "Remove filter Offer" }).click();
        await add("isUnique", "is", "Yes");
        await page.locator(".report__filters .chip").filter({ hasText: "Unique is Yes" })
          .waitFor();
        await page.waitForFunction(() =>
          /Total\s+3\b/.test(
            (document.querySelector("table[aria-label=Report] tfoot") as HTMLElement | null)
              ?.innerText ?? "",
          )
        );
        assert.match(await totals.innerText(), /Total\s+3\b/);
        await add("offer", "is", "Nope");
        assert.equal(
          await page.getByRole("alert").filter({ hasText: 'No offer is named "Nope"' }).count(),
          1,
        );
        assert.equal(await page.locator(".report__filters .chip").count(), 1);
        // A report of a campaign that is not there says so instead of a bare id.
        await page.goto(`${server.url}/panel/report/campaign/99999`);
        await page.locator(".report__subject").getByText("#99999 (not found)").waitFor();
        await context.close();
      },
    );

    await t.step("click log: a click sent a moment ago is listed", async () => {
      const fresh = await click(server.url, campaign.key, "8.8.8.8");
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, server);
      await page.goto(`${server.url}/panel/clicklog`);
      await page.getByRole("table", { name: "Click log" }).getByText(fresh).first().waitFor();
      await context.close();
    });
  },
  { env: { ROTOR_TRUST_PROXY: "1" } },
);
