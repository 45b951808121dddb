/**
 * The demo a fresh `deno task start` opens on, through the very command that
 * task runs (its permissions and `--seed`): every demo campaign has clicks,
 * conversions and revenue (every campaign reaches an offer with a payout), the
 * hosted demo lander takes a visitor from the click to the offer in Chromium,
 * and a second start on the same data changes nothing.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DEMO_LANDER_CTA } from "../../fixtures/demo_lander.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { ADMIN_PASSWORD, ROOT, type RunningServer, startServer } from "../helpers/server.ts";

/** `deno task start`'s server command (after its install and build steps), as arguments. */
async function startTaskArgs(): Promise<string[]> {
  const config = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  const command = String(config.tasks.start).split("&&").at(-1)!.trim().split(/\s+/);
  assert.equal(command[0], "deno");
  assert.ok(command.includes("--seed"), "the start task seeds the demo");
  return command.slice(1);
}

type Row = {
  name: string;
  key: string;
  stats: { clicks: number; conversions: number; revenue: number };
};

async function campaigns(url: string): Promise<Row[]> {
  const signIn = await fetch(`${url}/api/user/sign_in`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ login: "admin", password: ADMIN_PASSWORD }),
  });
  assert.equal(signIn.status, 200);
  await signIn.body?.cancel();
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const now = Date.now();
  const query = new URLSearchParams({
    from: day(now - 15 * 86_400_000),
    to: day(now),
    tz: "UTC",
    sort: "name",
    order: "asc",
  });
  const res = await fetch(`${url}/api/campaigns?${query}`, { headers: { cookie } });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).items;
}

/**
 * A visitor of the hosted-lander campaign in Chromium: the click opens the page Rotor hosts,
 * and its button leads on to the offer (answered here: the example host is not reachable).
 */
async function walkHostedLander(server: RunningServer, key: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.route(
      "https://offers.example.com/**",
      (route) => route.fulfill({ contentType: "text/html", body: "<h1>The offer</h1>" }),
    );
    await page.goto(`${server.url}/c/${key}`);
    assert.equal(new URL(page.url()).pathname, "/lp/files/demo-quiz/");
    await page.getByRole("link", { name: DEMO_LANDER_CTA }).click();
    await page.waitForURL(/^https:\/\/offers\.example\.com\/keto\?click=/);
    await page.getByRole("heading", { name: "The offer" }).waitFor();
  } finally {
    await browser.close();
  }
}

Deno.test({
  name: "demo: a seeded start shows revenue on every demo campaign, and reseeding adds nothing",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "rotor-demo-" });
    /** One start on `dataDir`: its campaigns with two weeks of stats. */
    const startAndRead = async (visit = false) => {
      // The start task's own command line (its permissions and --seed), on this data folder.
      const server = await startServer({ dataDir, denoArgs: await startTaskArgs() });
      try {
        const rows = await campaigns(server.url);
        const quiz = rows.find((c) => c.name === "Keto quiz US");
        if (visit && quiz) await walkHostedLander(server, quiz.key);
        return rows;
      } finally {
        await server.stop();
      }
    };
    try {
      const before = await startAndRead(true);
      assert.deepEqual(before.map((c) => c.name), [
        "Collagen direct",
        "Keto push US",
        "Keto quiz US",
      ]);
      for (const c of before) {
        assert.ok(c.stats.clicks > 1000, `${c.name}: ${c.stats.clicks} clicks`);
        assert.ok(c.stats.conversions > 0, `${c.name}: ${c.stats.conversions} conversions`);
        assert.ok(c.stats.revenue > 0, `${c.name} earns its offer's payout`);
      }
      const again = await startAndRead();
      // The visit of the first start is one more click on the hosted-lander campaign.
      const quiz = (rows: Row[]) => rows.find((c) => c.name === "Keto quiz US")!;
      assert.equal(quiz(again).stats.clicks, quiz(before).stats.clicks + 1);
      quiz(again).stats = quiz(before).stats;
      assert.deepEqual(again, before, "a second start adds nothing");
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
