/**
 * Direct tracking in Chromium (issue 14 item 1): a lander on another site
 * (`lander.test`, a Deno.serve listener of this test on its own port) carries
 * the snippet; opened with `?fbclid=…&zone=…` it records one click with those
 * values, a reload and a second page add none, its marked offer link carries
 * the click id to the offer, and a postback for that id is attributed. Run
 * twice: as Chromium comes, and with third-party cookies blocked (the flag's
 * effect checked by a probe: a cookie set by a framed localhost page).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type Browser, chromium, type Page } from "playwright-core";
import { CHROMIUM } from "../helpers/browser.ts";
import { ADMIN_PASSWORD, type RunningServer, startServer } from "../helpers/server.ts";
import { waitFor } from "../helpers/wait.ts";
import { PanelClient } from "../../server/tracking/simulate/setup.ts";

/** A lander server: the quiz page with the snippet, its second page, the offer, a probe. */
function landerServer(snippet: () => string) {
  const html = (body: string) =>
    new Response(
      `<!doctype html><html><head><meta charset="utf-8">${snippet()}</head>` +
        `<body>${body}</body></html>`,
      { headers: { "content-type": "text/html" } },
    );
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/quiz/") {
      return html(`<h1>Quiz</h1><a id="offer" data-rotor-offer href="#">Get the offer</a>
        <a id="next" href="/quiz/next">Next question</a>`);
    }
    if (url.pathname === "/quiz/next") {
      return html(`<h1>Question 2</h1><a id="offer" data-rotor-offer href="#">Get it</a>`);
    }
    if (url.pathname === "/offer") return new Response(`offer for ${url.searchParams.get("c")}`);
    if (url.pathname === "/frame") {
      // No snippet: a page of the lander's site framing another site (localhost).
      return new Response(
        `<iframe src="http://localhost:${url.port}/probe"></iframe>`,
        { headers: { "content-type": "text/html" } },
      );
    }
    if (url.pathname === "/echo") return new Response(req.headers.get("cookie") ?? "");
    if (url.pathname === "/probe") {
      // Framed by another site: a cookie here is a third-party cookie.
      return new Response("probe", {
        headers: { "set-cookie": "probe=1; Path=/; SameSite=None; Secure" },
      });
    }
    return new Response("not found", { status: 404 });
  });
}

function launch(blockThirdPartyCookies: boolean): Promise<Browser> {
  const args = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    // Two more sites on this machine: the lander's and the offer's.
    "--host-resolver-rules=MAP lander.test 127.0.0.1, MAP offer.test 127.0.0.1",
  ];
  if (blockThirdPartyCookies) args.push("--test-third-party-cookie-phaseout");
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}

type Row = Record<string, unknown>;

function clicks(server: RunningServer): Row[] {
  const db = new DatabaseSync(join(server.dataDir, "rotor.db"), { readOnly: true });
  try {
    return db.prepare(
      "SELECT id, tokens, ad_click_ids, landing_id, lp_click_ts FROM clicks ORDER BY id",
    ).all() as Row[];
  } finally {
    db.close();
  }
}

async function clickIdOn(page: Page): Promise<string> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { rotor?: { clickId: string } }).rotor?.clickId,
    null,
    { timeout: 30_000 },
  );
  return String(await handle.jsonValue());
}

/** Opens the lander from an ad click and checks the whole visit. */
async function visit(
  t: Deno.TestContext,
  ctx: { server: RunningServer; browser: Browser; lander: string; landingId: number },
  fbclid: string,
): Promise<void> {
  const { server, lander } = ctx;
  const before = clicks(server).length;
  const context = await ctx.browser.newContext();
  const page = await context.newPage();
  const directCalls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/rt/")) directCalls.push(r.url());
  });
  let id = "";
  await t.step("the ad click records one click with its fbclid and zone", async () => {
    await page.goto(`${lander}/quiz/?fbclid=${fbclid}&zone=z42`);
    id = await clickIdOn(page);
    await waitFor(() => clicks(server).length === before + 1, { message: "one click stored" });
    const row = clicks(server).at(-1)!;
    assert.equal(row.id, id);
    assert.equal(row.tokens, JSON.stringify(["z42"]));
    assert.deepEqual(JSON.parse(String(row.ad_click_ids)), { fbclid });
    assert.equal(row.landing_id, ctx.landingId);
  });
  await t.step("a reload and the lander's second page add none", async () => {
    await page.reload();
    assert.equal(await clickIdOn(page), id);
    await page.click("#next");
    await page.waitForURL(/\/quiz\/next$/);
    assert.equal(await clickIdOn(page), id);
    assert.equal(directCalls.length, 1, "only the first page called Rotor");
    assert.equal(clicks(server).length, before + 1);
  });
  await t.step("the marked offer link carries the click id to the offer", async () => {
    const href = await page.locator("#offer").getAttribute("href");
    assert.equal(href, `${server.url}/lp/click?clickid=${id}`);
    await page.click("#offer");
    await page.waitForURL(/offer\.test:\d+\/offer/);
    assert.match(await page.textContent("body") ?? "", new RegExp(`offer for ${id}`));
    await waitFor(() => clicks(server).at(-1)!.lp_click_ts !== null, { message: "LP click" });
  });
  await t.step("a postback for that click id attributes the conversion", async () => {
    const res = await fetch(`${server.url}/postback?clickid=${id}&status=sale&payout=4`);
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.recorded, true);
  });
  await context.close();
}

Deno.test({
  name:
    "direct tracking: a lander on another site records one click per visit, also with third-party cookies blocked",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    let key = "";
    const landerHttp = landerServer(() =>
      `<script async src="${server.url}/rt.js" data-campaign="${key}"></script>`
    );
    const lander = `http://lander.test:${landerHttp.addr.port}`;
    try {
      const panel = new PanelClient(server.url);
      await panel.signIn("admin", ADMIN_PASSWORD);
      const offer = await panel.call("POST", "/api/offers", {
        name: "Offer",
        url: `http://offer.test:${landerHttp.addr.port}/offer?c={clickid}`,
        payout: 4,
      });
      const landing = await panel.call("POST", "/api/landings", {
        name: "Quiz",
        url: `${lander}/quiz/?c={clickid}`,
      });
      const source = await panel.call("POST", "/api/traffic-sources", {
        name: "Facebook",
        externalIdParam: { param: "fbclid" },
        tokens: [{ param: "zone", placeholder: "{zone}", name: "Zone" }],
      });
      const campaign = await panel.call("POST", "/api/campaigns", {
        name: "Direct",
        trafficSourceId: source.id,
        destination: {
          type: "flow",
          flow: {
            rules: [],
            defaultPaths: [{
              landings: [{ landingId: landing.id, weight: 1 }],
              offers: [{ offerId: offer.id, weight: 1 }],
            }],
          },
        },
      });
      key = String(campaign.key);
      const ctx = { server, lander, landingId: Number(landing.id) };
      for (const blocked of [false, true]) {
        const browser = await launch(blocked);
        try {
          const label = blocked ? "third-party cookies blocked" : "Chromium as it comes";
          await t.step(label, async (t) => {
            if (blocked) {
              await t.step("the flag blocks a third-party cookie", async () => {
                const context = await browser.newContext();
                const page = await context.newPage();
                await page.goto(`${lander}/frame`);
                await waitFor(() => page.frames().some((f) => f.url().endsWith("/probe")));
                await page.frames().find((f) => f.url().endsWith("/probe"))!.waitForLoadState();
                // Then first-party: the localhost cookies it now sends are what the frame could set.
                await page.goto(`http://localhost:${landerHttp.addr.port}/echo`);
                assert.equal(await page.textContent("body"), "");
                await context.close();
              });
            }
            await visit(t, { ...ctx, browser }, blocked ? "FB-blocked" : "FB-allowed");
          });
        } finally {
          await browser.close();
        }
      }
    } finally {
      await landerHttp.shutdown();
      await server.stop();
    }
  },
});
