/**
 * The monitor page in Chromium against the real server: after clicks, the
 * health cards show them (and refresh by themselves when more come), the
 * SQLite WAL and the other cards are there, and nothing says "Coming soon";
 * before any click nothing claims commits flow, and with no release manifest
 * the updates line says checks are off.
 * `ROTOR_MONITOR_SHOT=path.png` keeps a screenshot of the page.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { startServer } from "../helpers/server.ts";
import { launchBrowser, signIn } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";

async function sendClicks(url: string, key: string, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${url}/c/${key}`, {
      redirect: "manual",
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" },
    });
    assert.equal(res.status, 302);
    await res.body?.cancel();
  }
}

Deno.test({
  name: "browser: the monitor page shows live health figures that move with clicks",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const dataDir = await Deno.makeTempDir({ prefix: "monitor-e2e-" });
    // A fixed port when the caller names one (ROTOR_E2E_PORT), else any free one.
    const server = await startServer({
      dataDir,
      env: { PORT: Deno.env.get("ROTOR_E2E_PORT") ?? "0" },
    });
    const browser = await launchBrowser();
    const shot = Deno.env.get("ROTOR_MONITOR_SHOT");
    let page: Page | undefined;
    try {
      const { key, panel, sourceId } = await directCampaign(server.url, {
        name: "Health",
        offer: { name: "Health offer", url: "https://offer.example.com/?c={clickid}", payout: 1 },
        source: "Health source",
      });
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      page = await context.newPage();
      const p = page;
      await signIn(p, server, { returnTo: "/monitor" });
      const clicks = p.getByRole("region", { name: "Clicks" });

      await t.step(
        "before any click: no commits claimed, and update checks said to be off",
        async () => {
          const writer = p.getByRole("region", { name: "Click writer" });
          await writer.getByText("none yet").waitFor({ timeout: 60_000 });
          assert.match((await writer.textContent())!, /Last commitnever/);
          assert.doesNotMatch((await writer.textContent())!, /flowing/);
          // No ROTOR_UPDATE_MANIFEST_URL: the Update page says checks are off, and so does this.
          await p.getByText("Updates: checks off").waitFor({ timeout: 60_000 });
          assert.equal(await p.getByText("up to date").count(), 0);
        },
      );

      await sendClicks(server.url, key, 12);

      await t.step("the cards show the clicks, the writer, the database and the rest", async () => {
        await clicks.getByText("12 clicks").first().waitFor({ timeout: 60_000 });
        for (
          const name of [
            "Click writer",
            "Report rollups",
            "Database (SQLite)",
            "S2S postbacks",
            "Report reads",
            "Server",
            "Backups",
          ]
        ) {
          assert.equal(await p.getByRole("region", { name }).count(), 1, name);
        }
        const writer = p.getByRole("region", { name: "Click writer" });
        assert.match((await writer.textContent())!, /rows queued/);
        assert.match((await writer.textContent())!, /Committed\d[\d,]* rows since start/);
        await writer.getByText("flowing").waitFor({ timeout: 60_000 });
        const db = p.getByRole("region", { name: "Database (SQLite)" });
        assert.match((await db.textContent())!, /WAL[\d.]+ [KM]?B \(writer pauses past 16 MB\)/);
        assert.equal(await p.getByText("Coming soon").count(), 0);
        assert.equal(await p.locator(".health-card--warn").count(), 0);
      });

      await t.step("the figures refresh by themselves", async () => {
        await sendClicks(server.url, key, 8);
        await clicks.getByText("20 clicks").first().waitFor({ timeout: 60_000 });
      });

      await t.step(
        "a postback the source cannot receive turns the S2S card into a warning",
        async () => {
          // A loopback address is refused at send time, and never retried.
          await panel.call("PATCH", `/api/traffic-sources/${sourceId}`, {
            postbackUrl: "http://127.0.0.1:9/pb?c={clickid}",
          });
          const click = await fetch(`${server.url}/c/${key}`, { redirect: "manual" });
          await click.body?.cancel();
          const clickId = /rotor_click=([^;]+)/.exec(click.headers.get("set-cookie") ?? "")![1];
          const postback = await fetch(`${server.url}/postback?clickid=${clickId}&status=sale`);
          assert.equal(postback.status, 200);
          await postback.body?.cancel();
          const s2s = p.getByRole("region", { name: "S2S postbacks" });
          await s2s.getByText("1 postback given up in the last hour").waitFor({ timeout: 60_000 });
          assert.match((await s2s.getAttribute("class"))!, /health-card--warn/);
          await p.getByText("1 warning ·").waitFor();
        },
      );
    } finally {
      if (shot) await page?.screenshot({ path: shot, fullPage: true });
      await browser.close();
      await server.stop();
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
