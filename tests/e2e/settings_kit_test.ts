/**
 * Settings screens on the form kit in a real Chromium (issue 11 item 2, decision 174):
 * what a section's kit controls save is what the API then answers, a bad value is
 * named under its field and changes nothing, and the local forms (API keys,
 * feedback) check with their contract before sending.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { browserTest } from "../helpers/browser.ts";
import type { RunningServer } from "../helpers/server.ts";
import { call, signedInPage } from "./entities_helpers.ts";
import { SETTINGS_CHILDREN } from "../../client/app/route_rules.ts";

/** Clicks a form's Save and waits for the section's PUT to answer. */
async function save(page: Page, form: Locator, section: string): Promise<void> {
  const answered = page.waitForResponse((r) =>
    r.url().endsWith(`/api/settings/${section}`) && r.request().method() === "PUT"
  );
  await form.getByRole("button", { name: "Save", exact: true }).click();
  assert.equal((await answered).ok(), true);
}

/** A section as the API answers it. */
async function section(page: Page, server: RunningServer, name: string) {
  const answer = await call(page, server, { method: "GET", path: `/api/settings/${name}` });
  assert.equal(answer.status, 200);
  return answer.body;
}

/** The error shown under the field at `path` of `form`. */
function fieldError(form: Locator, path: string): Locator {
  return form.locator(`[data-path="${path}"] .field__error`);
}

browserTest(
  "browser: settings kit controls save what the API answers; bad values are named",
  async ({ server, browser, t }) => {
    const { page } = await signedInPage(browser, server);

    await t.step("traffic quality: a number and a switch are saved", async () => {
      await page.goto(`${server.url}/panel/settings/lp-protect`);
      const form = page.getByRole("form", { name: "Traffic quality" });
      await form.getByLabel("Within (seconds)").fill("120");
      await form.getByLabel("Missing headers are bots").uncheck();
      await save(page, form, "traffic-quality");
      await form.getByText("Unsaved changes").waitFor({ state: "detached" });
      const saved = await section(page, server, "traffic-quality");
      assert.equal(saved.ipWindowSeconds, 120);
      assert.equal(saved.emptyHeaders, false);
    });

    await t.step("an emptied number is named under its field and nothing is sent", async () => {
      const form = page.getByRole("form", { name: "Traffic quality" });
      let sent = false;
      const watch = (r: { url(): string; method(): string }) => {
        if (r.url().endsWith("/api/settings/traffic-quality") && r.method() === "PUT") sent = true;
      };
      page.on("request", watch);
      await form.getByLabel("Within (seconds)").fill("");
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await fieldError(form, "ipWindowSeconds").waitFor();
      page.off("request", watch);
      assert.equal(sent, false);
      assert.equal((await section(page, server, "traffic-quality")).ipWindowSeconds, 120);
    });

    await t.step("backups: a relative folder is refused by the contract, then saved", async () => {
      await page.goto(`${server.url}/panel/settings/import-export`);
      const form = page.getByRole("form", { name: "Backup settings" });
      await form.getByLabel("Every (hours)").fill("12");
      await form.getByLabel("Folder on the server").fill("relative/folder");
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await fieldError(form, "folder").getByText("must be an absolute path, or empty").waitFor();
      assert.equal((await section(page, server, "backups")).everyHours, 24);

      await form.getByLabel("Folder on the server").fill("/var/tmp/rotor-backups");
      await form.getByLabel("Back up on a schedule").check();
      await save(page, form, "backups");
      await fieldError(form, "folder").waitFor({ state: "detached" });
      const saved = await section(page, server, "backups");
      assert.equal(saved.everyHours, 12);
      assert.equal(saved.folder, "/var/tmp/rotor-backups");
      assert.equal(saved.enabled, true);
    });

    await t.step("postback processing: an alias and the allowlist lines are saved", async () => {
      await page.goto(`${server.url}/panel/settings/postback-processing`);
      const form = page.getByRole("form", { name: "Postback processing" });
      await form.getByLabel("Status text").fill("Paid");
      await form.getByLabel("Means").selectOption("sale");
      await form.getByRole("button", { name: "Add alias" }).click();
      await form.getByLabel("Default IP allowlist").fill("10.0.0.0/8\n\n 192.168.1.7 ");
      await save(page, form, "postback-processing");
      const saved = await section(page, server, "postback-processing");
      assert.equal((saved.statusAliases as Record<string, string>).paid, "sale");
      assert.deepEqual(saved.ipAllowlist, ["10.0.0.0/8", "192.168.1.7"]);
    });

    await t.step("events: a table row's controls and the policy radio are saved", async () => {
      await page.goto(`${server.url}/panel/settings/postback-processing`);
      const events = page.getByRole("form", { name: "Events" });
      await events.getByRole("button", { name: "Add event type" }).click();
      await events.getByRole("button", { name: "Save", exact: true }).click();
      await fieldError(events, "types.0.name").waitFor();
      assert.deepEqual((await section(page, server, "events")).types, []);

      await events.getByLabel("Event type 1 name").fill("ftd");
      await events.getByLabel("Event type 1 column title").fill("FTD");
      await events.getByLabel("Event type 1 base status").selectOption("sale");
      await events.getByLabel("Event type 1 payout is revenue").uncheck();
      await save(page, events, "events");
      assert.deepEqual((await section(page, server, "events")).types, [
        { name: "ftd", label: "FTD", status: "sale", revenue: false },
      ]);

      const processing = page.getByRole("form", { name: "Postback processing" });
      await processing.getByLabel(/^Ignore: the first conversion/).check();
      await save(page, processing, "postback-processing");
      const saved = await section(page, server, "postback-processing");
      assert.equal(saved.duplicatePolicy, "ignore");
    });

    await t.step("auto-clearing: an exception's days, then empty (null: forever)", async () => {
      const source = await call(page, server, {
        method: "POST",
        path: "/api/traffic-sources",
        body: { name: "Kit source" },
      });
      const campaign = await call(page, server, {
        method: "POST",
        path: "/api/campaigns",
        body: {
          name: "Kit campaign",
          trafficSourceId: source.body.id,
          destination: { type: "url", url: "https://offer.example/" },
        },
      });
      assert.equal(campaign.status, 201, JSON.stringify(campaign.body));
      await page.goto(`${server.url}/panel/settings/auto-clearing`);
      const form = page.getByRole("form", { name: "Auto-clearing" });
      await form.getByLabel("Add an exception").selectOption({ label: "Kit campaign" });
      const days = form.getByLabel("Keep (days, empty = forever)");
      await days.fill("0");
      await form.getByRole("button", { name: "Save", exact: true }).click();
      await fieldError(form, "exceptions.0.keepDays").getByText("must be at least 1 day").waitFor();
      assert.deepEqual((await section(page, server, "auto-clearing")).exceptions, []);

      await days.fill("30");
      await save(page, form, "auto-clearing");
      const exception = { campaignId: campaign.body.id, keepDays: 30 };
      assert.deepEqual((await section(page, server, "auto-clearing")).exceptions, [exception]);
      await days.fill("");
      await save(page, form, "auto-clearing");
      assert.deepEqual((await section(page, server, "auto-clearing")).exceptions, [
        { ...exception, keepDays: null },
      ]);
    });

    await t.step("auto-clearing: Run now asks first, naming the saved plan", async () => {
      const lastRun = async (): Promise<{ trigger: string } | null> =>
        (await call(page, server, { method: "GET", path: "/api/settings/auto-clearing/last-run" }))
          .body.lastRun as { trigger: string } | null;
      assert.equal(await lastRun(), null);
      const card = page.locator(`[aria-label="Last run"]`);
      await card.getByRole("button", { name: "Run now" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete old clicks now?" });
      await dialog.getByText(
        "Raw clicks older than 90 days are deleted now, as saved. 1 campaign exception keeps its own days.",
        { exact: false },
      ).waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      assert.equal(await lastRun(), null, "cancelled: nothing ran");

      await card.getByRole("button", { name: "Run now" }).click();
      const ran = page.waitForResponse((r) =>
        r.url().endsWith("/api/settings/auto-clearing/run") && r.request().method() === "POST"
      );
      await dialog.getByRole("button", { name: "Delete old clicks" }).click();
      assert.equal((await ran).ok(), true);
      await card.getByTestId("last-run").getByText("(manual)", { exact: false }).waitFor();
      assert.equal((await lastRun())?.trigger, "manual");
    });

    await t.step(
      "leaving a section with unsaved edits asks first; untouched ones never",
      async () => {
        const nav = page.getByRole("navigation", { name: "Settings" });
        const leave = page.getByRole("dialog", { name: "Leave without saving?" });
        // Every section, opened and left untouched, lets the next one open without asking.
        await page.goto(`${server.url}/panel/settings/tracking-links`);
        for (const [path, title] of SETTINGS_CHILDREN.slice(1)) {
          await nav.getByRole("link", { name: title, exact: true }).click();
          await page.waitForURL(new RegExp(`/settings/${path}$`));
          await page.getByRole("heading", { name: title, level: 2 }).waitFor();
          assert.equal(await leave.count(), 0, `${title} opened without asking`);
        }

        await nav.getByRole("link", { name: "Stats", exact: true }).click();
        const stats = page.getByRole("form", { name: "Stats" });
        await stats.getByText("Unsaved changes").waitFor({ state: "detached" });
        const currency = stats.getByLabel("Currency");
        const before = await currency.inputValue();
        await currency.fill("gbp");
        await nav.getByRole("link", { name: "Columns", exact: true }).click();
        await leave.waitFor();
        await leave.getByRole("button", { name: "Stay" }).click();
        await leave.waitFor({ state: "detached" });
        assert.match(page.url(), /\/settings\/stats$/);
        assert.equal(await currency.inputValue(), "GBP", "the edit is still there");

        await nav.getByRole("link", { name: "Columns", exact: true }).click();
        await leave.getByRole("button", { name: "Leave and discard" }).click();
        await page.waitForURL(/\/settings\/columns$/);
        assert.equal((await section(page, server, "stats")).currency, before, "nothing was saved");
      },
    );

    await t.step("stats and tracking links: a cleaned text and a select are saved", async () => {
      await page.goto(`${server.url}/panel/settings/stats`);
      const stats = page.getByRole("form", { name: "Stats" });
      await stats.getByLabel("Currency").fill("eur");
      assert.equal(await stats.getByLabel("Currency").inputValue(), "EUR");
      await save(page, stats, "stats");
      assert.equal((await section(page, server, "stats")).currency, "EUR");

      await page.goto(`${server.url}/panel/settings/tracking-links`);
      const links = page.getByRole("form", { name: "Default link settings" });
      await links.getByLabel("Scheme").selectOption("http");
      await save(page, links, "tracking-links");
      assert.equal((await section(page, server, "tracking-links")).scheme, "http");
    });

    await t.step(
      "API keys: an empty name is named by the contract, a name makes a key",
      async () => {
        await page.goto(`${server.url}/panel/settings/public-api`);
        const form = page.getByRole("form", { name: "Create a key" });
        await form.getByRole("button", { name: "Create key" }).click();
        await fieldError(form, "name").getByText("must not be empty").waitFor();
        await form.getByLabel("New key's name").fill("BI export");
        await form.getByRole("button", { name: "Create key" }).click();
        await page.getByTestId("new-api-key").waitFor();
        await fieldError(form, "name").waitFor({ state: "detached" });
        assert.equal(await form.getByLabel("New key's name").inputValue(), "");
        const keys = await call(page, server, {
          method: "GET",
          path: "/api/settings/public-api/keys",
        });
        const items = keys.body.items as Array<{ name: string; scope: string }>;
        assert.deepEqual(items.map((k) => [k.name, k.scope]), [["BI export", "api"]]);
      },
    );

    await t.step(
      "API keys: Revoke asks in the panel's dialog, not the browser's, and Cancel keeps the key",
      async () => {
        const native: string[] = [];
        const onDialog = (d: { message(): string; dismiss(): Promise<void> }) => {
          native.push(d.message());
          void d.dismiss();
        };
        page.on("dialog", onDialog);
        const revoke = page.getByRole("button", { name: "Revoke", exact: true });
        await revoke.click();
        const ask = page.getByRole("dialog", { name: "Revoke “BI export”?" });
        await ask.waitFor({ timeout: 5_000 });
        await ask.getByRole("button", { name: "Cancel" }).click();
        await ask.waitFor({ state: "detached" });
        assert.equal(await revoke.count(), 1, "the key is still live");

        await revoke.click();
        await ask.getByRole("button", { name: "Revoke", exact: true }).click();
        await page.locator(".api-keys-table").getByText("revoked", { exact: true }).waitFor();
        page.off("dialog", onDialog);
        assert.deepEqual(native, [], "no native confirm");
        const keys = await call(page, server, {
          method: "GET",
          path: "/api/settings/public-api/keys",
        });
        const items = keys.body.items as Array<{ revokedAt: number | null }>;
        assert.equal(items.length, 1);
        assert.notEqual(items[0].revokedAt, null);
      },
    );

    await t.step("API keys: at 390 px Revoke is on screen without scrolling sideways", async () => {
      await call(page, server, {
        method: "POST",
        path: "/api/settings/public-api/keys",
        body: { name: "Nightly sync", scope: "api" },
      });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/panel/settings/public-api`);
      const revoke = page.getByRole("button", { name: "Revoke", exact: true });
      await revoke.waitFor();
      const box = (await revoke.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `Revoke at ${JSON.stringify(box)}`);
      const wrap = await page.locator(".api-keys-table .table-wrap").evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
      assert.ok(wrap.scroll <= wrap.client, `the keys scroll ${wrap.scroll - wrap.client}px`);
      await page.screenshot({ path: "/tmp/api_keys_390.png", fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    await t.step("click API: the example request goes to the tracking links' domain", async () => {
      const domain = await call(page, server, {
        method: "POST",
        path: "/api/domains",
        body: { name: "Tracking", host: "track.example.com", isDefault: true, purpose: "tracking" },
      });
      assert.equal(domain.status, 201, JSON.stringify(domain.body));
      await page.goto(`${server.url}/panel/settings/tracking-links`);
      const postback = await page.getByTestId("link-postback").textContent();
      const base = new URL(postback!).origin;
      assert.notEqual(base, server.url, "the links use the domain, not the panel");
      await page.goto(`${server.url}/panel/settings/click-api`);
      const example = await page.getByTestId("click-api-example").textContent();
      assert.match(example!, /^curl -X POST (\S+)\/api\/click-api\/v1 /);
      assert.equal(example!.split(" ")[3], `${base}/api/click-api/v1`);
    });

    await t.step("feedback: an empty message is refused before sending", async () => {
      await page.goto(`${server.url}/panel/settings/feedback`);
      const form = page.getByRole("form", { name: "Feedback" });
      await form.getByRole("button", { name: "Send" }).click();
      await fieldError(form, "message").getByText("write a message").waitFor();
      await form.getByLabel("Your message").fill("The kit works");
      await form.getByLabel("Attach the build info below").uncheck();
      await form.getByRole("button", { name: "Send" }).click();
      await page.getByRole("list", { name: "Messages" }).getByText("The kit works").waitFor();
      const messages = await call(page, server, {
        method: "GET",
        path: "/api/settings/feedback/messages",
      });
      const items = messages.body.items as Array<{ message: string; buildInfo: unknown }>;
      assert.deepEqual(items.map((m) => [m.message, m.buildInfo]), [["The kit works", null]]);
    });
  },
);
