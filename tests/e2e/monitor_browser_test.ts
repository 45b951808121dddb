/**
 * The developer monitor in Chromium against the real server: the messages page
 * shows a sign-in line live and filters by level; seed loads with progress;
 * build info shows the running version; the clicker's small scenario reconciles.
 */
import assert from "node:assert/strict";
import { ADMIN_PASSWORD, type RunningServer } from "../helpers/server.ts";
import { browserTest, signIn } from "../helpers/browser.ts";

/** Signs in from outside the browser, as someone else would. */
async function signInElsewhere(server: RunningServer) {
  const res = await fetch(`${server.url}/api/user/sign_in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: "admin", password: ADMIN_PASSWORD }),
  });
  assert.equal(res.status, 200);
  await res.body?.cancel();
}

browserTest(
  "browser: the developer monitor streams messages, seeds and shows build info",
  async ({ server, browser, t }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server, { returnTo: "/monitor/developer/messages" });
    const log = page.getByRole("list", { name: "Server log" });

    await t.step("a sign-in elsewhere shows up live", async () => {
      await page.getByRole("status").filter({ hasText: "Live" }).waitFor();
      const before = await log.getByText("sign_in", { exact: true }).count();
      await signInElsewhere(server);
      await page.waitForFunction(
        (n) =>
          [...document.querySelectorAll(".log__event")].filter((e) => e.textContent === "sign_in")
            .length > n,
        before,
      );
      const line = log.locator(".log__line").filter({ hasText: "sign_in" }).last();
      assert.match((await line.textContent())!, /outcome=success/);
    });

    await t.step("filtering by level hides info lines", async () => {
      await page.getByLabel("Level").selectOption("warn");
      await page.getByRole("status").filter({ hasText: "Live" }).waitFor();
      await signInElsewhere(server);
      await page.waitForTimeout(300);
      assert.equal(await log.getByText("sign_in", { exact: true }).count(), 0);
    });

    await t.step("seed loads the fixture set with progress", async () => {
      await page.getByRole("link", { name: "Seed" }).click();
      await page.getByRole("button", { name: "Load demo data" }).click();
      await page.getByText(/2 of 2 steps · done/).waitFor();
      await page.getByText(/Demo account and entities/).waitFor();
      const res = await page.goto(`${server.url}/lp/files/demo-quiz/`);
      assert.equal(res?.status(), 200);
    });

    await t.step("build info shows the running version and SQLite", async () => {
      await page.goto(`${server.url}/panel/monitor/developer/build-info`);
      await page.getByText("SQLite").waitFor();
      const facts = await page.locator("dl.facts").textContent();
      assert.match(facts!, /Version0\.\d+\.\d+/);
      assert.match(facts!, /Click writerqueue \d+/);
    });
    await t.step("the clicker runs the small scenario and it reconciles", async () => {
      await page.goto(`${server.url}/panel/monitor/developer/clicker`);
      await page.getByLabel("Scenario").selectOption("small");
      await page.getByLabel("Your password").fill(ADMIN_PASSWORD);
      await page.getByRole("button", { name: "Run scenario" }).click();
      const verdict = page.getByRole("status").filter({ hasText: /Reconciled|differ/ });
      await verdict.waitFor({ timeout: 120_000 });
      assert.match((await verdict.textContent())!, /Reconciled: every figure matches/);
      assert.equal(await page.locator(".clicker-table td.mismatch").count(), 0);
    });
    await context.close();
  },
  // The clicker sends its visitors' IPs in X-Forwarded-For.
  { env: { ROTOR_TRUST_PROXY: "1" } },
);
