/**
 * The panel's weight budget (issue 17): what a cold browser downloads, compressed, for the
 * sign-in page (≤ 120 KB of JS+CSS) and for each screen (≤ 250 KB; the campaign list ≤ 200 KB
 * in at most 10 files). Fails the build when a change makes a screen heavier than that.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { startServer } from "../helpers/server.ts";
import { launchBrowser, signIn } from "../helpers/browser.ts";

const KB = 1024;
const SIGN_IN_BUDGET = 120 * KB;
const SCREEN_BUDGET = 250 * KB;
/**
 * The campaign list, where sign-in leads, is held tighter: its bytes, and its file count, since
 * each file is a round trip on a slow link (Lighthouse mobile, decision 140).
 */
const CAMPAIGNS_BUDGET = 200 * KB;
const CAMPAIGNS_MAX_FILES = 10;

/** Every screen of the panel's navigation, and the forms and reports with the heaviest code. */
export const SCREENS = [
  "/campaigns",
  "/campaigns/create",
  "/offers",
  "/offers/create",
  "/landings",
  "/affiliate-networks",
  "/traffic-sources",
  "/rotations",
  "/users",
  "/trends",
  "/files",
  "/conversions",
  "/clicklog",
  "/triggers",
  "/domains",
  "/groups",
  "/monitor",
  "/report/campaign/1",
  "/settings/tracking-links",
  "/settings/ui",
  "/update",
];

/** The compressed JS and CSS a cold load of `path` downloads, with each file's encoding. */
async function weigh(page: Page, url: string) {
  const files: Array<{ url: string; bytes: number; encoding: string }> = [];
  const pending: Promise<void>[] = [];
  page.on("requestfinished", (request) => {
    if (!/\.(js|css)$/.test(new URL(request.url()).pathname)) return;
    pending.push((async () => {
      const response = await request.response();
      const sizes = await request.sizes();
      files.push({
        url: request.url(),
        bytes: sizes.responseBodySize,
        encoding: response?.headers()["content-encoding"] ?? "identity",
      });
    })());
  });
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  await page.locator("main, .login").first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  return { total: files.reduce((sum, f) => sum + f.bytes, 0), files };
}

function describe(files: Array<{ url: string; bytes: number }>): string {
  return files.map((f) => `${(f.bytes / KB).toFixed(1)} KB ${new URL(f.url).pathname}`).join(
    "\n",
  );
}

Deno.test({
  name: "panel weight: sign-in ≤ 120 KB and every screen ≤ 250 KB of compressed JS+CSS",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer();
    const browser: Browser = await launchBrowser();
    const report: string[] = [];
    try {
      await t.step("the sign-in page", async () => {
        const context = await browser.newContext();
        const page = await context.newPage();
        const { total, files } = await weigh(page, `${server.url}/panel/login`);
        report.push(`/login ${(total / KB).toFixed(1)} KB`);
        assert.ok(files.length > 0);
        // Files under 512 bytes have no compressed twin (client/precompress.ts).
        for (const file of files.filter((f) => f.bytes >= 512)) {
          assert.equal(file.encoding, "br", file.url);
        }
        assert.ok(total <= SIGN_IN_BUDGET, `sign-in weighs ${total} B:\n${describe(files)}`);
        await context.close();
      });

      const first = await browser.newContext();
      await signIn(await first.newPage(), server);
      const storageState = await first.storageState();
      await first.close();
      for (const path of SCREENS) {
        await t.step(path, async () => {
          const context = await browser.newContext({ storageState });
          const page = await context.newPage();
          const { total, files } = await weigh(page, `${server.url}/panel${path}`);
          report.push(`${path} ${(total / KB).toFixed(1)} KB in ${files.length} files`);
          assert.ok(total <= SCREEN_BUDGET, `${path} weighs ${total} B:\n${describe(files)}`);
          if (path === "/campaigns") {
            assert.ok(total <= CAMPAIGNS_BUDGET, `${path} weighs ${total} B:\n${describe(files)}`);
            assert.ok(
              files.length <= CAMPAIGNS_MAX_FILES,
              `${path} loads ${files.length} files:\n${describe(files)}`,
            );
          }
          await context.close();
        });
      }
      console.log(report.join("\n"));
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
