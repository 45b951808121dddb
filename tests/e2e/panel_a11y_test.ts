/**
 * Accessibility of the main screens (issue 17): axe-core finds no violation on the sign-in page
 * and the main screens, in the light and the dark theme, at 1440 and 390 px.
 */
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { startServer } from "../helpers/server.ts";
import { launchBrowser, signIn } from "../helpers/browser.ts";

const AXE_SOURCE = await Deno.readTextFile(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
);

const MAIN_SCREENS = [
  "/campaigns",
  "/offers",
  "/landings",
  "/affiliate-networks",
  "/traffic-sources",
  "/trends",
  "/conversions",
  "/clicklog",
  "/report/campaign/1",
  "/report/leads/campaign/1",
  "/settings/tracking-links",
  "/update",
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Runs axe on the page as it is now (WCAG 2 A/AA rules). */
async function axe(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return await page.evaluate(async () => {
    const engine = (globalThis as unknown as {
      axe: { run: (context: Document, options: unknown) => Promise<{ violations: Violation[] }> };
    }).axe;
    const result = await engine.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({
        target: n.target,
        failureSummary: n.failureSummary,
      })),
    }));
  });
}

function describe(violations: Violation[]): string {
  return violations.map((v) =>
    `${v.id} (${v.nodes.length}): ${v.help}\n` +
    v.nodes.map((n) => `  ${n.target.join(" ")}: ${n.failureSummary?.split("\n")[1] ?? ""}`).join(
      "\n",
    )
  ).join("\n");
}

/** Waits until the page has settled: no request running, no loading placeholder shown. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.locator("main, .login").first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector("[aria-busy='true']"), undefined, {
    timeout: 30_000,
  });
}

Deno.test({
  name: "panel a11y: no axe violation on the main screens in both themes",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    // Demo data, so tables, charts and badges are on screen when axe looks.
    const server = await startServer({ args: ["--seed"] });
    const browser: Browser = await launchBrowser();
    try {
      for (const theme of ["light", "dark"] as const) {
        for (const width of [1440, 390]) {
          const context = await browser.newContext({
            viewport: { width, height: width > 800 ? 900 : 844 },
            colorScheme: theme,
            // axe is injected as an inline script, which the panel's CSP refuses.
            bypassCSP: true,
          });
          const page = await context.newPage();
          await page.addInitScript((value) => localStorage.setItem("user-theme", value), theme);
          await t.step(`${theme} ${width}px /login`, async () => {
            await page.goto(`${server.url}/panel/login`);
            await settle(page);
            const violations = await axe(page);
            assert.equal(violations.length, 0, describe(violations));
          });
          await signIn(page, server);
          for (const path of MAIN_SCREENS) {
            await t.step(`${theme} ${width}px ${path}`, async () => {
              await page.goto(`${server.url}/panel${path}`);
              await settle(page);
              const violations = await axe(page);
              assert.equal(violations.length, 0, describe(violations));
            });
          }
          await context.close();
        }
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  },
});
