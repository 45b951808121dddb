import assert from "node:assert/strict";
import { CLICK_ROUTES } from "../../contracts/api/reports.ts";
import { UA } from "./enrich/test_agents.ts";
import { clickIdOf, NETWORK_IP, trackingApp } from "./testing.ts";

const row = (s: Awaited<ReturnType<typeof trackingApp>>, id: string) =>
  s.app.deps.db.prepare("SELECT cost, is_bot, bot_reason FROM clicks WHERE id = ?").get(id)!;

Deno.test("bot cost: clicks the bot policy flags or blocks carry no cost; the reason is kept", async (t) => {
  for (const policy of ["flag", "block"] as const) {
    await t.step(policy, async () => {
      const s = await trackingApp({
        campaign: { botPolicy: policy, costModel: "cpc", costValue: 0.05 },
      });
      const bot = row(s, clickIdOf(await s.click({ ua: UA.googlebot })));
      assert.equal(bot.is_bot, 1);
      assert.equal(bot.cost, 0);
      assert.match(String(bot.bot_reason), /Google/);
      const human = row(s, clickIdOf(await s.click()));
      assert.equal(human.cost, 50_000);
    });
  }
  await t.step("route: a bot routed like anyone is an ordinary, paid click", async () => {
    const s = await trackingApp({
      campaign: { botPolicy: "route", costModel: "cpc", costValue: 0.05 },
    });
    assert.equal(row(s, clickIdOf(await s.click({ ua: UA.googlebot }))).cost, 50_000);
  });
  await t.step("CPA: a flagged bot's conversion charges nothing", async () => {
    const s = await trackingApp({
      campaign: { botPolicy: "flag", costModel: "cpa", costValue: 3 },
    });
    const id = clickIdOf(await s.click({ ua: UA.googlebot }));
    const pb = await s.app.request(`/postback?token=s3cr3t-token&clickid=${id}&status=sale`, {
      ip: NETWORK_IP,
    });
    assert.equal(pb.status, 200);
    assert.equal(row(s, id).cost, 0);
  });
});

Deno.test("click log: shows why a click was judged a bot", async () => {
  const s = await trackingApp({ campaign: { botPolicy: "flag" } });
  const id = clickIdOf(await s.click({ ua: UA.googlebot }));
  const { items, columns } = await s.api.call(CLICK_ROUTES.list, { query: { search: id } });
  assert.equal(items.length, 1);
  assert.match(String(items[0].botReason), /user agent matches .*Google/i);
  assert.ok(columns.includes("botReason"));
});
