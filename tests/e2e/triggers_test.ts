/**
 * Issue 15 in a real Chromium against the real server: a buyer creates a
 * trigger through the form, sees its dry run, checks it, and the notification
 * arrives in the header's notification centre.
 */
import assert from "node:assert/strict";
import { browserTest, signIn } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";
import { signedInPage } from "./entities_helpers.ts";

async function until(what: string, test: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

browserTest(
  "browser: a trigger is created, its dry run shown, and its notification arrives",
  async ({ server, browser, t }) => {
    const { panel, id, key } = await directCampaign(server.url, {
      name: "Night push",
      offer: { name: "Keto", url: "https://offers.example.com/keto", payout: 5 },
    });
    await panel.call("PATCH", `/api/campaigns/${id}`, { costModel: "cpc", costValue: 1 });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/c/${key}`, { redirect: "manual" });
      await res.body?.cancel();
    }
    await until("the clicks to be stored", async () => {
      const report = await panel.call(
        "GET",
        `/api/report?subjectType=campaign&subjectIds=${id}&groupBy=campaign`,
      );
      return (report.totals as Record<string, number>).cost === 3;
    });
    const { page } = await signedInPage(browser, server);

    await t.step("the form saves a trigger after showing its dry run", async () => {
      await page.goto(`${server.url}/panel/triggers/create`);
      await page.getByLabel("Name").fill("Spend watch");
      await page.getByLabel("Value").fill("2");
      await page.getByRole("button", { name: "Run dry run" }).click();
      await page.getByTestId("dry-run").getByText("It would have fired 1 time").waitFor();
      assert.match(await page.getByTestId("dry-run").innerText(), /Night push: cost 3 >= 2/);
      await page.getByRole("button", { name: "Create trigger" }).click();
      await page.waitForURL(/\/triggers\/edit\/\d+$/);
    });

    await t.step("a check fires it: history, and the notification in the header", async () => {
      // The install's default alerts may have notified already: count from what is unread now.
      const unread = async () =>
        Number((await panel.call("GET", "/api/notifications")).unread as number);
      const before = await unread();
      await page.getByRole("button", { name: "Check now" }).click();
      await page.getByTestId("trigger-action").first().waitFor();
      assert.match(await page.getByTestId("trigger-action").first().innerText(), /Night push/);
      await until("the notification to be counted", async () => (await unread()) > before);
      await until("the header to show it", async () => {
        const shown = await page.getByTestId("unread-count").textContent().catch(() => null);
        return Number(shown) > before;
      });
      // The header refreshes the count on its own; open the centre once it has settled.
      const bell = page.getByRole("button", { name: /Notifications, \d+ unread/ });
      const list = page.getByRole("region", { name: "Notifications", exact: true });
      await until("the notification centre to open", async () => {
        if (await list.isVisible()) return true;
        if ((await bell.getAttribute("aria-expanded")) !== "true") await bell.click();
        return await list.isVisible();
      });
      await list.getByText("Spend watch: Night push").waitFor();
      // Each notification's time stands on its title's first line, apart from it.
      const item = list.getByRole("listitem").filter({ hasText: "Spend watch: Night push" })
        .first();
      const title = (await item.getByRole("link").boundingBox())!;
      const time = (await item.locator("time").boundingBox())!;
      assert.ok(time.x >= title.x + title.width + 6, "the time after the title, not run into it");
      assert.ok(Math.abs(time.y - title.y) < title.height, "on the title's first line");
      // "Mark all read" names the newest notification it shows: one that arrives later stays unread.
      const [marked] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/api/notifications/read")),
        list.getByRole("button", { name: "Mark all read" }).click(),
      ]);
      const { upTo } = marked.request().postDataJSON() as { upTo?: number };
      const items = (await panel.call("GET", "/api/notifications")).items as {
        id: number;
        title: string;
        read: boolean;
      }[];
      const shown = items.find((n) => n.title === "Spend watch: Night push")!;
      assert.ok(typeof upTo === "number" && upTo >= shown.id, `upTo ${upTo}, shown ${shown.id}`);
      assert.ok(items.every((n) => n.read || n.id > upTo), "all read up to the newest shown");
      // An install's own alert may have fired since the last poll: it stays unread, rightly.
      if (!items.some((n) => n.id > upTo)) {
        await page.getByTestId("unread-count").waitFor({ state: "detached" });
      }
    });

    await t.step("an action is undone from the history", async () => {
      const pause = await panel.call("POST", "/api/triggers", {
        name: "Pause on spend",
        scope: { type: "campaign", ids: [id] },
        conditions: [{
          kind: "metric",
          metric: "cost",
          window: { amount: 6, unit: "hours" },
          op: ">=",
          value: 2,
        }],
        actions: [{ kind: "pauseCampaign" }],
      });
      await page.goto(`${server.url}/panel/triggers/edit/${pause.id}`);
      await page.getByRole("button", { name: "Check now" }).click();
      const row = page.getByTestId("trigger-action").first();
      await row.getByText("Pause the campaign").waitFor();
      assert.equal((await panel.call("GET", `/api/campaigns/${id}`)).status, "paused");
      await row.getByRole("button", { name: "Undo" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Undo" }).click();
      await row.getByText("undone").waitFor();
      assert.match(await row.innerText(), /undone by admin/);
      assert.equal((await panel.call("GET", `/api/campaigns/${id}`)).status, "active");
      // It still holds, within its cooldown: the check says so rather than "nothing".
      await page.getByRole("button", { name: "Check now" }).click();
      await page.getByText("Checked: nothing to fire; not again yet: Night push: in cooldown")
        .waitFor();
      assert.equal((await panel.call("GET", `/api/campaigns/${id}`)).status, "active");
    });

    await t.step("a read-only user sees a trigger with nothing that would change it", async () => {
      await panel.call("POST", "/api/users", {
        username: "viewer",
        password: "viewer-password-123",
        role: "user",
        permissions: { "*": "read" },
      });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const viewer = await context.newPage();
        await signIn(viewer, server, {
          user: "viewer",
          password: "viewer-password-123",
          returnTo: "/triggers/edit/2",
        });
        await viewer.getByText("You can see this trigger but not change it.").waitFor();
        const condition = viewer.getByTestId("condition").first();
        await condition.waitFor();
        for (const name of ["Remove condition", "Remove action", "Add condition", "Add action"]) {
          assert.equal(await viewer.getByRole("button", { name }).count(), 0, name);
        }
        assert.ok(await condition.getByLabel("Condition").isDisabled(), "the condition's kind");
        const action = viewer.getByTestId("action").first();
        assert.ok(await action.getByLabel("Action").isDisabled(), "the action's kind");
        assert.ok(await action.getByLabel("panel").isDisabled(), "its channels");
      } finally {
        await context.close();
      }
    });

    await t.step("the list shows it beside the install's three defaults", async () => {
      await page.goto(`${server.url}/panel/triggers`);
      await page.getByRole("link", { name: "Spend watch" }).waitFor();
      await page.getByRole("link", { name: "Spend with no conversions" }).waitFor();
    });

    await t.step(
      "Send a test reaches a channel before it is saved, and says why one fails",
      async () => {
        const seen: { path: string; body: string }[] = [];
        const hook = Deno.serve(
          { port: 0, hostname: "127.0.0.1", onListen: () => {} },
          async (req) => {
            seen.push({ path: new URL(req.url).pathname, body: await req.text() });
            return new Response("ok");
          },
        );
        try {
          await page.goto(`${server.url}/panel/triggers`);
          await page.getByRole("button", { name: "Notification channels" }).click();
          const dialog = page.getByRole("dialog");
          await dialog.getByLabel("URL", { exact: true }).fill(
            `http://127.0.0.1:${hook.addr.port}/alerts`,
          );
          await dialog.getByLabel("Internal targets allowed (CIDRs, one a line)").fill(
            "127.0.0.1/32",
          );
          const buttons = dialog.getByRole("button", { name: "Send a test" });
          await buttons.nth(0).click();
          await dialog.getByTestId("channel-test-webhook").getByText("Test sent to the webhook")
            .waitFor();
          assert.equal(seen.length, 1);
          assert.equal(seen[0].path, "/alerts");
          assert.equal(JSON.parse(seen[0].body).event, "channel.test");
          await buttons.nth(1).click();
          await dialog.getByTestId("channel-test-telegram")
            .getByText("Not sent: no Telegram bot token or chat id is set").waitFor();
          await dialog.getByRole("button", { name: "Cancel" }).click();
          const saved = await panel.call("GET", "/api/triggers/channels");
          assert.equal((saved.webhook as { url: string }).url, "", "a test saves nothing");
        } finally {
          await hook.shutdown();
        }
      },
    );

    await t.step("saved channels are what the modal shows when opened again", async () => {
      const open = async () => {
        await page.getByRole("button", { name: "Notification channels" }).click();
        const dialog = page.getByRole("dialog");
        await dialog.getByLabel("URL", { exact: true }).waitFor();
        return dialog;
      };
      const dialog = await open();
      await dialog.getByLabel("URL", { exact: true }).fill("https://hooks.example.net/rotor");
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "detached" });
      const saved = await panel.call("GET", "/api/triggers/channels");
      assert.equal((saved.webhook as { url: string }).url, "https://hooks.example.net/rotor");
      const again = await open();
      assert.equal(
        await again.getByLabel("URL", { exact: true }).inputValue(),
        "https://hooks.example.net/rotor",
      );
      await again.getByRole("button", { name: "Cancel" }).click();
    });
  },
);
