/**
 * Reconciliation to the cent (issue 6 "Done when"): the small simulation
 * scenario runs against the real server over real HTTP, then every analytics
 * answer — `/api/report` by campaign, offer, country and day,
 * `/api/report/leads`, `/api/conversions`, `/api/clicks` — and the report
 * screen in Chromium must show exactly the figures the scenario expects.
 *
 * Expectations come from outside the server: per offer from the simulation
 * runner (what it sent), per country from each click's IP prefix in the
 * scenario file, uniques from first (IP, user agent) sightings, cost from the
 * campaign's CPC times the clicks sent.
 */
import assert from "node:assert/strict";
import type { ReportAnswer } from "../../contracts/report_query.ts";
import { formatCount, formatMoney } from "../../client/ui/format.ts";
import { runSimulation } from "../../server/tracking/simulate/runner.ts";
import { loadScenario, type Scenario } from "../../server/tracking/simulate/scenario.ts";
import { PanelClient } from "../../server/tracking/simulate/setup.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { ADMIN_PASSWORD, startServer } from "../helpers/server.ts";

/** The CPC the test gives the simulated campaign, in micro-units ($0.0137). */
const CPC = 13_700;

type Figures = {
  clicks: number;
  uniqueClicks: number;
  conversions: number;
  revenue: number;
  approvedRevenue: number;
  pendingRevenue: number;
  cost: number;
};
type Row = Record<string, string | number | null>;

const ZERO: Figures = {
  clicks: 0,
  uniqueClicks: 0,
  conversions: 0,
  revenue: 0,
  approvedRevenue: 0,
  pendingRevenue: 0,
  cost: 0,
};
/** A UTC day as the report's `day` dimension keys it (days since the epoch). */
const dayNumber = (ts: unknown) => String(Math.floor(Number(ts) / 86_400_000));
const micros = (value: number | string | null | undefined) => Math.round(Number(value ?? 0) * 1e6);

function add(map: Map<string, Figures>, key: string, delta: Partial<Figures>): void {
  const f = map.get(key) ?? { ...ZERO };
  for (const [k, v] of Object.entries(delta)) f[k as keyof Figures] += v;
  map.set(key, f);
}

/** The report's figures in the same units (money in micro-units). */
function figuresOf(metrics: Record<string, number>): Figures {
  return {
    clicks: metrics.clicks,
    uniqueClicks: metrics.uniqueClicks,
    conversions: metrics.conversions,
    revenue: micros(metrics.revenue),
    approvedRevenue: micros(metrics.approvedRevenue),
    pendingRevenue: micros(metrics.pendingRevenue),
    cost: micros(metrics.cost),
  };
}

/**
 * Runs the scenario with the campaign given a CPC: the runner creates the
 * campaign itself, so its create call gets `costValue` on the way out.
 */
async function simulate(url: string, scenario: Scenario) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const target = String(input instanceof Request ? input.url : input);
    if (init?.method === "POST" && target.endsWith("/api/campaigns")) {
      const body = { ...JSON.parse(String(init.body)), costValue: CPC / 1e6 };
      return realFetch(input, { ...init, body: JSON.stringify(body) });
    }
    return realFetch(input, init);
  };
  try {
    return await runSimulation(scenario, { url, user: "admin", password: ADMIN_PASSWORD });
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** Every page of a cursor-paged list. */
async function allPages(panel: PanelClient, path: string): Promise<Row[]> {
  const items: Row[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: Row[]; nextCursor: string | null } = await panel.call(
      "GET",
      `${path}&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

Deno.test({
  name: "reconcile: the small scenario's figures equal every report, list and screen to the cent",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const server = await startServer({ env: { ROTOR_TRUST_PROXY: "1" } });
    try {
      const scenario = await loadScenario("small");
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const from = day(Date.now());
      const sim = await simulate(server.url, scenario);
      const to = day(Date.now());
      assert.deepEqual(sim.differences, [], "the runner's own check (offer list stats)");

      const panel = new PanelClient(server.url);
      await panel.signIn("admin", ADMIN_PASSWORD);
      const offerIds = sim.offers.map((o) => o.id);
      const campaign = (await panel.call<{ items: Row[] }>(
        "GET",
        `/api/campaigns?search=${encodeURIComponent(`sim ${scenario.name}`)}&limit=10`,
      )).items[0];
      const campaignId = Number(campaign.id);
      const range = `from=${from}&to=${to}&tz=UTC`;

      // What the scenario sent, per offer (the runner) and in total.
      const byOffer = new Map<string, Figures>();
      for (const o of sim.offers) {
        // Flagged bots carry no cost (decision 125).
        add(byOffer, String(o.id), { ...o.expected, cost: (o.expected.clicks - o.bots) * CPC });
      }
      const total = { ...ZERO };
      for (const f of byOffer.values()) {
        for (const k of Object.keys(ZERO) as (keyof Figures)[]) total[k] += f[k];
      }
      assert.equal(total.clicks, scenario.clicks);
      console.log(`  expected: ${JSON.stringify(total)} (money in micro-units)`);

      // Per country and day: each stored click's IP prefix says where the scenario sent it from.
      const countryOf = new Map<string, string>();
      for (const [country, prefixes] of Object.entries(scenario.prefixes)) {
        for (const p of prefixes) countryOf.set(p, country);
      }
      const prefixCountry = (ip: unknown) =>
        countryOf.get(String(ip).split(".").slice(0, 2).join(".")) ?? "?";
      const clicks = await allPages(panel, `/api/clicks?campaignId=${campaignId}&${range}`);
      const conversions = await allPages(
        panel,
        `/api/conversions?campaignId=${campaignId}&${range}`,
      );
      const leads = await allPages(
        panel,
        `/api/report/leads?subjectType=campaign&subjectIds=${campaignId}&${range}`,
      );
      const byCountry = new Map<string, Figures>();
      const byDay = new Map<string, Figures>();
      const seen = new Set<string>();
      for (const c of [...clicks].sort((a, b) => String(a.id).localeCompare(String(b.id)))) {
        const visitor = `${c.ip}|${c.userAgent}`;
        const unique = seen.has(visitor) ? 0 : 1;
        seen.add(visitor);
        const bot = scenario.botAgents.includes(String(c.userAgent));
        const delta = { clicks: 1, uniqueClicks: unique, cost: bot ? 0 : CPC };
        add(byCountry, prefixCountry(c.ip), delta);
        add(byDay, dayNumber(c.ts), delta);
      }
      const counted = conversions.filter((v) =>
        v.current && ["sale", "lead"].includes(String(v.status))
      );
      for (const v of counted) {
        const click = v.click as unknown as Row;
        const money = micros(v.payout);
        const sale = v.status === "sale";
        const split = { approvedRevenue: sale ? money : 0, pendingRevenue: sale ? 0 : money };
        const delta = { conversions: 1, revenue: money, ...split };
        add(byCountry, prefixCountry(click.ip), delta);
        add(byDay, dayNumber(v.ts), delta);
        // The runner counts revenue per offer; the stored statuses split it.
        add(byOffer, String(v.offerId), split);
        total.approvedRevenue += split.approvedRevenue;
        total.pendingRevenue += split.pendingRevenue;
      }
      assert.equal(total.revenue, total.approvedRevenue + total.pendingRevenue);

      await t.step(
        "/api/clicks, /api/conversions and /api/report/leads hold every click and sale",
        () => {
          assert.equal(clicks.length, total.clicks);
          assert.equal(clicks.reduce((s, c) => s + micros(c.cost), 0), total.cost);
          assert.equal(seen.size, total.uniqueClicks);
          assert.equal(counted.length, total.conversions);
          assert.equal(counted.reduce((s, v) => s + micros(v.payout), 0), total.revenue);
          const countedLeads = leads.filter((v) =>
            v.current && ["sale", "lead"].includes(String(v.status))
          );
          assert.deepEqual(countedLeads.map((v) => v.id).sort(), counted.map((v) => v.id).sort());
        },
      );

      const report = (groupBy: string) =>
        panel.call<ReportAnswer>(
          "GET",
          `/api/report?subjectType=campaign&subjectIds=${campaignId}&groupBy=${groupBy}&${range}`,
        );
      const check = async (groupBy: string, expected: Map<string, Figures>) => {
        const answer = await report(groupBy);
        const got = new Map(answer.rows.map((r) => [String(r.values[0]), figuresOf(r.metrics)]));
        assert.deepEqual(Object.fromEntries(got), Object.fromEntries(expected), `by ${groupBy}`);
        assert.deepEqual(figuresOf(answer.totals), total, `totals by ${groupBy}`);
        return answer;
      };

      await t.step("/api/report by campaign, offer, country and day", async () => {
        await check("campaign", new Map([[String(campaignId), total]]));
        await check("offer", byOffer);
        await check("country", byCountry);
        await check("day", byDay);
      });

      await t.step("the offers list and the report agree on every offer", async () => {
        const list = await panel.call<{ items: Row[] }>(
          "GET",
          `/api/offers?${range}&limit=100`,
        );
        for (const id of offerIds) {
          const item = list.items.find((o) => Number(o.id) === id)!;
          assert.deepEqual(
            figuresOf(item.stats as unknown as Record<string, number>),
            byOffer.get(String(id)),
          );
        }
      });

      await t.step("the report screen shows the same totals", async () => {
        const browser = await launchBrowser();
        try {
          const context = await browser.newContext();
          const page = await context.newPage();
          await page.goto(`${server.url}/panel/login`);
          await page.getByLabel("Username").fill("admin");
          await page.getByLabel("Password").fill(ADMIN_PASSWORD);
          await page.getByRole("button", { name: "Sign in" }).click();
          await page.waitForURL(/\/panel\/(campaigns)?$/);
          await page.goto(
            `${server.url}/panel/report/campaign/${campaignId}?groupBy=offer&range=custom&from=${from}&to=${to}`,
          );
          const table = page.getByRole("table", { name: "Report" });
          await table.locator("tfoot tr").waitFor();
          const headers = await table.locator("thead th").allInnerTexts();
          const cells = await table.locator("tfoot tr > *").allInnerTexts();
          const shown = (label: string) => {
            const i = headers.findIndex((h) => h.replace(/[▲▼]/g, "").trim() === label);
            assert.ok(i > 0, `no ${label} column in ${headers.join(" | ")}`);
            return cells[i].trim();
          };
          assert.equal(shown("Clicks"), formatCount(total.clicks));
          assert.equal(shown("Unique clicks"), formatCount(total.uniqueClicks));
          assert.equal(shown("Conversions"), formatCount(total.conversions));
          assert.equal(shown("Revenue"), formatMoney(total.revenue / 1e6, "USD"));
          assert.equal(shown("Cost"), formatMoney(total.cost / 1e6, "USD"));
          await context.close();
        } finally {
          await browser.close();
        }
      });
    } finally {
      await server.stop();
    }
  },
});
