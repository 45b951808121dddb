/**
 * Layout checks from the screenshot review of issue 17 (`deno task bench screens`): what a
 * buyer saw wrong at 1440 and 390 px, checked on the demo data so each fix stays fixed.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { ADMIN_PASSWORD } from "../helpers/server.ts";
import { PanelClient } from "../../server/tracking/simulate/setup.ts";
import { waitFor } from "../helpers/wait.ts";
import { browserTest, signIn } from "../helpers/browser.ts";

type Check = { name: string; path: string; check: (page: Page, width: number) => Promise<void> };

/** How far the page scrolls sideways and down beyond the window. */
function overflow(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => ({
    x: document.documentElement.scrollWidth - globalThis.innerWidth,
    y: document.documentElement.scrollHeight - globalThis.innerHeight,
  }));
}

/** Runs `fn` with the window `width` px wide (a laptop's 1366 px), then restores it. */
async function atWidth(page: Page, width: number, fn: () => Promise<void>): Promise<void> {
  const before = page.viewportSize()!;
  await page.setViewportSize({ width, height: 800 });
  try {
    await fn();
  } finally {
    await page.setViewportSize(before);
  }
}

/** The text lines of `labels`: how many labels sit on each, top to bottom. */
function labelsPerLine(labels: Locator): Promise<number[]> {
  return labels.evaluateAll((els) => {
    const lines = new Map<number, number>();
    for (const label of els) {
      const top = Math.round(label.getBoundingClientRect().top);
      lines.set(top, (lines.get(top) ?? 0) + 1);
    }
    return [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, count]) => count);
  });
}

const CHECKS: Check[] = [
  {
    name: "a report's default columns all fit at 1440 (two-word titles take two lines)",
    path: "/report/campaign/1?range=last7",
    async check(page, width) {
      const table = page.getByRole("table", { name: "Report" });
      await table.locator("tfoot").getByText("Total").waitFor();
      if (width < 800) return; // a phone scrolls the table in its box
      const wrap = await page.locator(".report__wrap").evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
      assert.ok(
        wrap.scroll <= wrap.client,
        `the report is ${wrap.scroll - wrap.client}px too wide`,
      );
    },
  },
  {
    name: "a list fills the window without the page scrolling",
    path: "/campaigns",
    async check(page) {
      await page.locator(".dtable__row").first().waitFor();
      const { x, y } = await overflow(page);
      assert.equal(x, 0, "no sideways scroll");
      assert.ok(y <= 0, `the page scrolls ${y}px down`);
      const box = (await page.locator(".list-box").boundingBox())!;
      const height = await page.evaluate(() => globalThis.innerHeight);
      assert.ok(height - (box.y + box.height) < 48, "the table reaches near the bottom");
    },
  },
  {
    name: "a wide table scrolls in its box, the page never sideways",
    path: "/triggers/edit/{watch}",
    async check(page) {
      await page.getByRole("heading", { name: "History" }).waitFor();
      await page.locator(".table-wrap tbody tr").first().waitFor();
      assert.equal((await overflow(page)).x, 0);
    },
  },
  {
    name: "a conversion reads on one line: times and ids are never broken",
    path: "/conversions?range=last7",
    async check(page) {
      const rows = page.locator(".report__leads tbody tr");
      await rows.first().waitFor();
      const cells = page.locator(".report__leads tbody tr:first-child td");
      // Lines of text in each cell: the distinct tops of its text's boxes.
      const lines = await cells.evaluateAll((tds) =>
        tds.map((td) => {
          const range = document.createRange();
          range.selectNodeContents(td);
          const tops = [...range.getClientRects()].map((r) => Math.round(r.top));
          return new Set(tops).size;
        })
      );
      assert.ok(Math.max(...lines) <= 1, `cells of ${lines.join(", ")} lines`);
      const time = await cells.nth(1).evaluate((td) => td.scrollWidth <= td.clientWidth);
      assert.ok(time, "the time is whole");
      assert.equal((await overflow(page)).x, 0);
    },
  },
  {
    name: "every list heading is whole, Actions beside a lone Edit button too",
    path: "/traffic-sources",
    async check(page) {
      await page.locator(".dtable__row").nth(1).waitFor();
      const cut = await page.getByRole("columnheader").evaluateAll((heads) =>
        heads.filter((h) => h.scrollWidth > h.clientWidth).map((h) => h.textContent)
      );
      assert.deepEqual(cut, []);
    },
  },
  {
    name: "a rotation's rule name, criterion values and lander and offer names are readable",
    path: "/rotations/edit/1",
    async check(page) {
      await page.locator(".rule-card__name input").first().waitFor();
      for (const selector of [".rule-card__name input", ".field--grow input"]) {
        const widths = await page.locator(selector).evaluateAll((els) =>
          els.map((el) => el.getBoundingClientRect().width)
        );
        assert.ok(widths.length > 0 && Math.min(...widths) >= 150, `${selector}: ${widths}`);
      }
      // Each picked lander or offer name fits its select beside the arrow.
      const cut = await page.locator(".weighted__row select").evaluateAll((selects) => {
        const context = document.createElement("canvas").getContext("2d")!;
        return (selects as HTMLSelectElement[]).filter((select) => {
          const style = getComputedStyle(select);
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = select.selectedOptions[0]?.text ?? "";
          const room = select.clientWidth - parseFloat(style.paddingLeft) -
            parseFloat(style.paddingRight) - 16;
          return context.measureText(text).width > room;
        }).map((select) => select.selectedOptions[0]?.text);
      });
      assert.deepEqual(cut, []);
      assert.equal((await overflow(page)).x, 0);
    },
  },
  {
    name: "the current settings screen's link is in view",
    path: "/settings/beta",
    async check(page) {
      const link = page.getByRole("navigation", { name: "Settings" }).getByRole("link", {
        name: "Beta",
      });
      await link.waitFor();
      const [box, nav] = [
        (await link.boundingBox())!,
        (await page.getByRole("navigation", { name: "Settings" }).boundingBox())!,
      ];
      assert.ok(box.x >= nav.x && box.x + box.width <= nav.x + nav.width, "Beta is in view");
    },
  },
  {
    name: "buttons in a form's cards are as wide as their labels",
    path: "/triggers/edit/{watch}",
    async check(page) {
      for (const name of ["Add condition", "Add formula", "Add action", "Run dry run"]) {
        const button = page.getByRole("button", { name, exact: true });
        const [box, card] = [
          (await button.boundingBox())!,
          (await button.locator("xpath=..").boundingBox())!,
        ];
        assert.ok(box.width < card.width / 2, `${name} is ${box.width}px of ${card.width}px`);
      }
    },
  },
  {
    name: "a lander's report names it a lander, as the rest of the panel does",
    path: "/report/landing/3?range=last7",
    async check(page) {
      const subject = page.locator(".report__subject");
      await subject.getByText("Keto quiz (hosted)").waitFor();
      assert.match((await subject.textContent())!, /^Lander Keto quiz/);
    },
  },
  {
    name:
      "the trigger list's History and channels sit in its header; history opens above the table",
    path: "/triggers",
    async check(page) {
      const header = page.locator(".page-header");
      await header.getByRole("link", { name: "+ Create trigger" }).waitFor();
      for (const name of ["History", "Notification channels"]) {
        assert.equal(await header.getByRole("button", { name, exact: true }).count(), 1, name);
      }
      await header.getByRole("button", { name: "History", exact: true }).click();
      const history = page.getByRole("region", { name: "History" });
      await history.locator("tbody tr").first().waitFor();
      const [panel, table] = [
        (await history.boundingBox())!,
        (await page.locator(".list-box").boundingBox())!,
      ];
      assert.ok(panel.y + panel.height <= table.y, "the history is above the table");
      assert.equal((await overflow(page)).x, 0);
      await header.getByRole("button", { name: "Hide history" }).click();
      await history.waitFor({ state: "detached" });
    },
  },
  {
    name: "a user's New password, which may stay empty, is not marked required",
    path: "/users/edit/2",
    async check(page) {
      const label = (name: string) => page.locator(".field__label", { hasText: name });
      await label("Username").waitFor();
      assert.equal(await label("Username").locator(".field__required").count(), 1);
      assert.equal(await label("New password").locator(".field__required").count(), 0);
    },
  },
  {
    name: 'the trigger list\'s Watches reads whole, "Landers and offers (URL checks)" too',
    path: "/triggers",
    async check(page, width) {
      const cell = page.getByRole("cell", { name: "Landers and offers (URL checks)" });
      const whole = async () => {
        await cell.first().waitFor();
        const cut = await cell.evaluateAll((cells) =>
          cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent)
        );
        assert.deepEqual(cut, []);
        assert.equal((await overflow(page)).x, 0);
      };
      if (width > 800) await atWidth(page, 1366, whole);
      await whole();
    },
  },
  {
    name: "a traffic source's postback statuses lie on one line, or wrap two by two",
    path: "/traffic-sources/create",
    async check(page, width) {
      const checks = page.locator("fieldset", {
        has: page.locator("legend", { hasText: /^Send postbacks for$/ }),
      }).locator("label.check");
      await checks.first().waitFor();
      if (width > 800) {
        await atWidth(page, 1366, async () => {
          assert.deepEqual(await labelsPerLine(checks), [4], "all four on one line");
        });
      }
      const lines = await labelsPerLine(checks);
      assert.ok(lines.length === 1 || lines.every((n) => n >= 2), `labels per line: ${lines}`);
      assert.equal((await overflow(page)).x, 0);
    },
  },
  {
    name: "a user's creation time is shown whole",
    path: "/users",
    async check(page) {
      await page.locator(".dtable__row").nth(1).waitFor();
      const cut = await page.getByRole("cell").evaluateAll((cells) =>
        cells.filter((c) => /^\d{4}-\d\d-\d\d/.test(c.textContent ?? ""))
          .filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent)
      );
      assert.deepEqual(cut, []);
    },
  },
];

browserTest(
  "panel layout: the screenshot review's defects stay fixed at 1440 and 390 px",
  async ({ server, browser, t }) => {
    // A trigger that fires on the demo's clicks, so its history has rows to lay out.
    const panel = new PanelClient(server.url);
    await panel.signIn("admin", ADMIN_PASSWORD);
    const watch = await panel.call("POST", "/api/triggers", {
      name: "Clicks watch",
      scope: { type: "campaign", ids: [] },
      conditions: [{
        kind: "metric",
        metric: "clicks",
        window: { amount: 7, unit: "days" },
        op: ">=",
        value: 1,
      }],
      actions: [{ kind: "notify", channels: ["panel"] }],
    });
    // Checked now; the scheduler may have fired it first (its cooldown then holds this one).
    await panel.call("POST", `/api/triggers/${watch.id}/check`, {});
    await waitFor(async () => {
      const history = await panel.call("GET", `/api/triggers/history?triggerId=${watch.id}`);
      return (history.items as unknown[]).length > 0;
    }, { message: "the trigger's history to have a row" });
    for (const width of [1440, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: width > 800 ? 900 : 844 },
      });
      const page = await context.newPage();
      await signIn(page, server);
      for (const { name, path, check } of CHECKS) {
        await t.step(`${width}px ${path}: ${name}`, async () => {
          await page.goto(`${server.url}/panel${path.replace("{watch}", String(watch.id))}`);
          await page.waitForLoadState("networkidle");
          await check(page, width);
        });
      }
      await context.close();
    }
  },
  { args: ["--seed"] },
);
