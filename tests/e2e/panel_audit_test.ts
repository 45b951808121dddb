/**
 * What an outside check of the panel found, in a real Chromium: a signed-out
 * deep link's returnTo keeps its hash (SPEC §2: from the full path); a form that
 * makes a new item refuses a user without the right to write (and plain users
 * on users) instead of showing a read-only form; a lone "Copy link" fits its
 * cell; a theme chosen in Settings → UI is kept when another choice follows at once; error
 * summaries name fields as the form labels them; a list whose amounts the stats currency
 * cannot take (no rate) says so, as reports do; header tabs are never cut off at laptop
 * widths; Trends offers a hide-profit user no figures it keeps back.
 */
import assert from "node:assert/strict";
import { browserTest } from "../helpers/browser.ts";
import { directCampaign } from "../helpers/panel.ts";
import { call, signedInPage } from "./entities_helpers.ts";

browserTest(
  "browser: panel audit — returnTo hash, create refused without the right, Copy link fits, labelled error summaries, list rate notes, whole tabs, hide-profit trends, theme kept",
  async ({ server, browser, t }) => {
    const campaign = await directCampaign(server.url, {
      name: "Audit push",
      offer: { name: "Audit offer", url: "https://o.example.com/?c={clickid}", payout: 2 },
    });
    await campaign.panel.call("POST", "/api/users", {
      username: "reader",
      password: "reader-password",
      role: "user",
      permissions: { "*": "read" },
    });
    await t.step(
      "signed out, a deep link's returnTo keeps its hash, and sign-in goes there",
      async () => {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${server.url}/panel/offers?x=1#top`);
        await page.waitForURL(/\/panel\/login\?/, { timeout: 30_000 });
        assert.equal(new URL(page.url()).searchParams.get("returnTo"), "/offers?x=1#top");
        await page.getByLabel("Username").fill("reader");
        await page.getByLabel("Password").fill("reader-password");
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.waitForURL(`${server.url}/panel/offers?x=1#top`, { timeout: 30_000 });
        await context.close();
      },
    );

    const reader = await signedInPage(browser, server, "reader", "reader-password");
    const page = reader.page;

    await t.step("create and clone say the reader may not create, with no form", async () => {
      const cases = [
        ["/offers/create", "You have no right to create offers"],
        [`/offers/clone/${campaign.offerId}`, "You have no right to create offers"],
        ["/campaigns/create", "You have no right to create campaigns"],
        ["/users/create", "Only admins manage users"],
      ] as const;
      for (const [path, message] of cases) {
        await page.goto(`${server.url}/panel${path}`);
        await page.getByRole("alert").filter({ hasText: message }).waitFor({ timeout: 30_000 });
        assert.equal(await page.getByText(/but not change it/).count(), 0, path);
        assert.equal(await page.locator("form.entity-form").count(), 0, path);
      }
      // Editing what the reader may see still shows it read-only.
      await page.goto(`${server.url}/panel/offers/edit/${campaign.offerId}`);
      await page.getByText("You can see this offer but not change it.").waitFor();
    });

    await t.step("a reader's lone Copy link button is whole in its cell", async () => {
      await page.goto(`${server.url}/panel/campaigns`);
      const button = page.getByRole("button", { name: "Copy link of Audit push" });
      await button.waitFor({ timeout: 30_000 });
      const cut = await button.evaluate((b) => {
        const cell = b.closest("[role=cell]")!;
        return cell.scrollWidth - cell.clientWidth;
      });
      assert.ok(cut <= 0, `the Actions cell cuts ${cut}px of its button`);
    });
    await reader.context.close();

    await t.step("Trends offers a hide-profit user no figures it keeps back", async () => {
      await campaign.panel.call("POST", "/api/users", {
        username: "hider",
        password: "hider-password",
        role: "user",
        permissions: { "*": "read" },
        hideProfit: true,
      });
      const hider = await signedInPage(browser, server, "hider", "hider-password");
      await hider.page.goto(`${server.url}/panel/trends`);
      const metrics = hider.page.getByRole("group", { name: "Metrics" });
      await metrics.getByLabel("Clicks", { exact: true }).waitFor();
      for (const name of ["Revenue", "Approved revenue", "Profit", "ROI", "EPC"]) {
        assert.equal(await metrics.getByLabel(name, { exact: true }).count(), 0, name);
      }
      assert.ok(await metrics.getByLabel("Cost", { exact: true }).isVisible());
      await hider.context.close();
    });

    const admin = await signedInPage(browser, server);
    const ui = admin.page;
    await t.step("error summaries name fields by their labels, not their keys", async () => {
      await ui.goto(`${server.url}/panel/settings/user`);
      const profile = ui.getByRole("form", { name: "Profile" });
      await profile.getByLabel("E-mail").fill("not-an-email");
      await profile.getByLabel("Time zone").fill("Mars/Olympus");
      await profile.getByRole("button", { name: "Save" }).click();
      const summary = profile.getByRole("alert").filter({ hasText: "Check these fields" });
      await summary.getByText("E-mail: must be an e-mail address").waitFor();
      await summary.getByText("Time zone: must be an IANA time zone").waitFor();
      await ui.goto(`${server.url}/panel/campaigns/create`);
      await ui.getByRole("button", { name: "Create campaign" }).click();
      await ui.getByTestId("form-errors").getByText("Name: must not be empty").waitFor();
      // An empty or fractional number says so plainly; a currency is kept as typed, upper case.
      await ui.goto(`${server.url}/panel/offers/create`);
      await ui.getByRole("spinbutton", { name: "Payout" }).fill("");
      await ui.getByRole("spinbutton", { name: /Daily cap/ }).fill("1.5");
      await ui.getByRole("textbox", { name: "Currency" }).fill("eur");
      assert.equal(await ui.getByRole("textbox", { name: "Currency" }).inputValue(), "EUR");
      await ui.getByRole("button", { name: "Create offer" }).click();
      const errors = ui.getByTestId("form-errors");
      await errors.getByText("Payout: must be a number").waitFor();
      await errors.getByText("Daily cap (conversions): must be a whole number").waitFor();
      assert.equal(await errors.getByText(/Currency|Invalid input/).count(), 0);
    });

    await t.step(
      "a dialog's field issues show under the fields, not again in a toast",
      async () => {
        await ui.goto(`${server.url}/panel/conversions`);
        await ui.getByRole("button", { name: "Add conversion" }).click();
        const dialog = ui.getByRole("dialog", { name: "Add conversion" });
        await dialog.getByLabel(/^Payout/).fill("abc");
        const answered = ui.waitForResponse((r) => r.url().endsWith("/api/conversions"));
        await dialog.getByRole("button", { name: "Add conversion" }).click();
        assert.equal((await answered).status(), 400);
        await dialog.getByText("is required").waitFor();
        await dialog.getByText("must be an amount like 12.50").waitFor();
        assert.equal(await ui.locator(".Toastify__toast").count(), 0, "no toast 'clickId: …'");
        // A refusal with no field of its own (an unknown click) is still toasted.
        await dialog.getByLabel("Click id").fill("no-such-click");
        await dialog.getByLabel(/^Payout/).fill("");
        await dialog.getByRole("button", { name: "Add conversion" }).click();
        await ui.locator(".Toastify__toast").first().waitFor();
        await dialog.getByRole("button", { name: "Cancel" }).click();
      },
    );

    await t.step("a list in a currency without rates says its amounts are left out", async () => {
      const { panel } = campaign;
      await panel.call("PATCH", `/api/campaigns/${campaign.id}`, { costValue: 0.5 });
      const res = await fetch(`${server.url}/c/${campaign.key}`, { redirect: "manual" });
      await res.body?.cancel();
      await panel.call("PUT", "/api/settings/stats", { currency: "BRL" });
      await ui.goto(`${server.url}/panel/campaigns`);
      // The click reaches the list once written: reload until its cost is summed.
      const notes = ui.getByTestId("rate-notes");
      for (let tries = 0; !(await notes.isVisible()); tries++) {
        assert.ok(tries < 60, "no rate note on the campaigns list");
        await ui.reload();
        await ui.getByRole("link", { name: "Audit push", exact: true }).waitFor();
        await notes.waitFor({ timeout: 1_000 }).catch(() => undefined);
      }
      await notes.getByText(/^Amounts in USD without a rate to BRL .* are left out/).waitFor();
      await panel.call("PUT", "/api/settings/stats", { currency: "USD" });
    });

    await t.step("a domain's root campaign choice reads whole in its select", async () => {
      // At 1400 px the editor's five columns left it 205 px: "None: the root opens the pa".
      await ui.setViewportSize({ width: 1400, height: 900 });
      await ui.goto(`${server.url}/panel/domains`);
      const select = ui.getByLabel(/^Root campaign/);
      await select.waitFor();
      const cut = await select.evaluate((el) => {
        const select = el as HTMLSelectElement;
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = select.clientWidth - parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight) - 16;
        const text = select.selectedOptions[0]?.text ?? "";
        return context.measureText(text).width > room ? text : "";
      });
      assert.equal(cut, "");
    });

    await t.step(
      "a domain's name may be left empty: not marked required, it becomes the host",
      async () => {
        await ui.goto(`${server.url}/panel/domains`);
        const form = ui.getByRole("form", { name: "Add domain" });
        await form.getByRole("textbox", { name: "Host" }).fill("lp.audit.example");
        assert.equal(await form.locator(".field__required").count(), 1, "only Host is marked");
        await form.getByRole("button", { name: "Add domain" }).click();
        await ui.getByRole("cell", { name: "lp.audit.example" }).nth(1).waitFor();
      },
    );

    await t.step(
      "Tracking links: the empty default domain names the domain links use",
      async () => {
        await ui.goto(`${server.url}/panel/settings/tracking-links`);
        const select = ui.getByLabel("Default domain");
        await select.waitFor();
        // No domain is marked default for tracking yet: the links are on this panel's address.
        assert.equal(
          await select.locator("option").first().textContent(),
          "This panel's address (no default domain)",
        );
        const { panel } = campaign;
        const list = await panel.call("GET", "/api/domains");
        const domain = (list.items as Array<{ id: number; host: string }>)
          .find((d) => d.host === "lp.audit.example")!;
        await panel.call("PATCH", `/api/domains/${domain.id}`, { isDefault: true });
        await ui.reload();
        await ui.getByLabel("Default domain").locator("option", {
          hasText: "Domains' default (lp.audit.example)",
        }).waitFor({ state: "attached" });
        await ui.getByTestId("link-postback").getByText(/https:\/\/lp\.audit\.example\/postback/)
          .waitFor();
        await panel.call("DELETE", `/api/domains/${domain.id}`);
      },
    );

    await t.step("Groups: a second group with a name its type has is refused", async () => {
      await ui.goto(`${server.url}/panel/groups`);
      const field = ui.getByLabel(/^New campaigns group/);
      for (const name of ["Push", " push "]) {
        await field.fill(name);
        await ui.getByRole("button", { name: "Add group" }).click();
      }
      await ui.getByText(/a group named “Push” already exists \(#\d+\)/).waitFor();
      assert.equal(await ui.getByRole("cell", { name: "Push", exact: true }).count(), 1);
    });

    await t.step(
      "Developer monitor → Build info fits a 390 px phone without sideways scroll",
      async () => {
        await ui.setViewportSize({ width: 390, height: 844 });
        await ui.goto(`${server.url}/panel/monitor/developer/build-info`);
        await ui.getByText("Commit", { exact: true }).waitFor();
        const x = await ui.evaluate(() =>
          document.documentElement.scrollWidth - document.documentElement.clientWidth
        );
        assert.equal(x, 0, `the page scrolls ${x}px sideways`);
        await ui.setViewportSize({ width: 1400, height: 900 });
      },
    );

    await t.step(
      "every header tab is whole at laptop widths (its own row when needed)",
      async () => {
        await ui.goto(`${server.url}/panel/campaigns`);
        await ui.getByRole("link", { name: "Triggers" }).waitFor();
        for (const width of [1200, 1280, 1400]) {
          await ui.setViewportSize({ width, height: 800 });
          await ui.waitForFunction(
            () => {
              const tabs = document.querySelector(".tabs")!;
              return tabs.scrollWidth <= tabs.clientWidth;
            },
            undefined,
            { timeout: 10_000 },
          ).catch(() => undefined);
          const cut = await ui.locator(".tabs__tab").evaluateAll((links) => {
            const strip = links[0].parentElement!.getBoundingClientRect();
            return links.filter((a) => a.getBoundingClientRect().right > strip.right + 0.5)
              .map((a) => a.textContent);
          });
          assert.deepEqual(cut, [], `at ${width}px`);
        }
        // Wide enough, the tabs stay on the brand's row (once the header has laid itself out
        // for the last width: it may take a frame or two on a busy machine).
        await ui.waitForFunction(
          () => {
            const brand = document.querySelector(".brand")!.getBoundingClientRect();
            const tab = document.querySelector(".tabs__tab")!.getBoundingClientRect();
            return tab.y < brand.y + brand.height;
          },
          undefined,
          { timeout: 10_000 },
        ).catch(() => undefined);
        const [brand, tab] = [
          (await ui.locator(".brand").boundingBox())!,
          (await ui.locator(".tabs__tab").first().boundingBox())!,
        ];
        assert.ok(tab.y < brand.y + brand.height, "tabs beside the brand at 1400px");
      },
    );

    await t.step(
      "Settings → UI: Dark then a scheme keeps Dark; the browser's choice follows it",
      async () => {
        await ui.goto(`${server.url}/panel/settings/ui`);
        const saved = ui.waitForResponse(
          (r) =>
            r.url().endsWith("/api/settings/ui") && r.request().method() === "PUT" &&
            /creative/.test(r.request().postData() ?? ""),
          { timeout: 60_000 },
        );
        await ui.getByLabel("Theme").selectOption("dark");
        await ui.getByLabel("Color scheme").selectOption("creative");
        assert.equal(await ui.getByLabel("Theme").inputValue(), "dark");
        await saved;
        const stored = await call(ui, server, { method: "GET", path: "/api/settings/ui" });
        assert.equal(stored.body.theme, "dark");
        assert.equal(stored.body.colorScheme, "creative");
        // "This browser's choice" follows the system again (light here), forgetting the stored one.
        await ui.emulateMedia({ colorScheme: "light" });
        await ui.getByLabel("Theme").selectOption("system");
        await ui.waitForFunction(() => document.documentElement.dataset.theme === "light");
        assert.equal(await ui.evaluate(() => localStorage.getItem("user-theme")), null);
      },
    );
    await admin.context.close();
  },
);
