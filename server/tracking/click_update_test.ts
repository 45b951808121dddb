import assert from "node:assert/strict";
import { ReportQuery } from "../../contracts/report_query.ts";
import { CLICK_ROUTES } from "../../contracts/api/reports.ts";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { campaignReport, clickIdOf, trackingApp, type TrackingSetup } from "./testing.ts";

function update(s: TrackingSetup, query: string) {
  return s.app.request(`/click/update?${query}`);
}

async function totals(s: TrackingSetup): Promise<Record<string, number>> {
  return (await campaignReport(s, { groupBy: "day" })).totals;
}

function stored(s: TrackingSetup) {
  return {
    events: s.app.deps.db.prepare(
      "SELECT click_id, n, value FROM click_events ORDER BY click_id, n",
    )
      .all().map((r) => ({ ...r })),
    clicks: s.app.deps.db.prepare("SELECT id, cost, is_bot FROM clicks ORDER BY id").all()
      .map((r) => ({ ...r })),
  };
}

Deno.test("click update: numeric events are set, added and summed in reports", async (t) => {
  const s = await trackingApp();
  const a = clickIdOf(await s.click({ query: "?subid=1&zone=z1" }));
  const b = clickIdOf(await s.click({ query: "?subid=2&zone=z2" }));
  await t.step("event1=5&event2=1.5 sets them; the answer shows the click", async () => {
    const res = await update(s, `clickid=${a}&event1=5&event2=1.5`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      ok: true,
      clickId: a,
      events: { "1": 5, "2": 1.5 },
      cost: 0.012,
      isBot: false,
    });
  });
  await t.step("add_event1 adds (POST form), event1 on another click", async () => {
    const res = await s.app.request("/click/update", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `clickid=${a}&add_event1=2`,
    });
    assert.equal((await res.json()).events["1"], 7);
    assert.equal((await update(s, `clickid=${b}&event1=3&event10=-1`)).status, 200);
    assert.equal((await update(s, `clickid=${b}&event1=3`)).status, 200, "setting again: same");
  });
  await t.step("reports sum them per row and in total", async () => {
    const sums = await totals(s);
    assert.deepEqual([sums.event1, sums.event2, sums.event10, sums.event3], [10, 1.5, -1, 0]);
    const byZone = await campaignReport(s, { groupBy: "t1", sort: "t1", order: "asc" });
    const rows = byZone.rows.map((r) => [r.labels[0], r.metrics.event1]);
    assert.deepEqual(rows, [["z1", 7], ["z2", 3]]);
    const columns = byZone.columns ?? [];
    assert.ok(columns.some((c) => c.name === "event1" && c.label === "Event 1"));
  });
});

Deno.test("click update: cost is added and shown in reports and lists; bot=1 flags the click and makes it free", async (t) => {
  const s = await trackingApp(); // CPC 0.012
  const a = clickIdOf(await s.click({ query: "?subid=1" }));
  const b = clickIdOf(await s.click({ query: "?subid=2" }));
  const listCost = async () => {
    const list = await s.api.get("/api/campaigns");
    const items = list.body.items as Array<{ id: number; stats: Record<string, number> }>;
    return items.find((c) => c.id === s.campaignId)!.stats;
  };
  await t.step("cost=0.25 adds to the click's cost", async () => {
    const res = await update(s, `clickid=${a}&cost=0.25`);
    assert.equal((await res.json()).cost, 0.262);
    assert.equal((await totals(s)).cost, 0.274);
    assert.equal((await listCost()).cost, 0.274);
    const { items } = await s.api.call(CLICK_ROUTES.list, {});
    assert.equal(items.find((c) => c.id === a)!.cost, 0.262);
  });
  await t.step("bot=1: flagged, cost 0, and cost sent later is not added", async () => {
    const res = await update(s, `clickid=${b}&bot=1`);
    assert.deepEqual(await res.json(), {
      ok: true,
      clickId: b,
      events: {},
      cost: 0,
      isBot: true,
    });
    assert.equal((await update(s, `clickid=${b}&cost=1`)).status, 200);
    const sums = await totals(s);
    assert.equal(sums.bots, 1);
    assert.equal(sums.cost, 0.262);
    assert.equal((await listCost()).cost, 0.262);
    const { items } = await s.api.call(CLICK_ROUTES.list, { query: { bot: "true" } });
    assert.deepEqual(items.map((c) => [c.id, c.isBot, c.cost]), [[b, 1, 0]]);
    assert.match(String(items[0].botReason), /click\/update/);
  });
  await t.step(
    "each change to a click's money is in the click log: when, by whom, before → after",
    async () => {
      const { items, columns } = await s.api.call(CLICK_ROUTES.list, { query: { tz: "UTC" } });
      assert.ok(columns.includes("changes"));
      const changes = (id: string) =>
        String(items.find((c) => c.id === id)!.changes).split("; ")
          .map((line) => line.replace(/ from \S+, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)$/, ")"));
      assert.deepEqual(changes(a), ["cost 0.012 USD → 0.262 USD (/click/update)"]);
      // The cost sent after the bot mark changed nothing, so it is no change.
      assert.deepEqual(changes(b), [
        "bot not a bot → bot (/click/update)",
        "cost 0.012 USD → 0 USD (/click/update)",
      ]);
      const cookie = await s.app.signIn("root", TEST_PASSWORD);
      const csv = await s.app.request("/api/clicks?tz=UTC&format=csv", { cookie });
      assert.match(
        await csv.text(),
        /Cost changes[\s\S]*cost 0\.012 USD → 0\.262 USD \(\/click\/update from /,
      );
    },
  );
  await t.step("the rollups hold what the raw rows say", async () => {
    const raw = s.app.deps.db.prepare(
      "SELECT sum(cost) AS cost, sum(is_bot) AS bots FROM clicks",
    ).get()!;
    assert.deepEqual([Number(raw.cost) / 1e6, Number(raw.bots)], [0.262, 1]);
    const forced = await s.app.deps.reads.run("report", {
      query: ReportQuery.parse({ subjectType: "campaign", subjectIds: String(s.campaignId) }),
      options: { hideProfit: false, forceRaw: true },
    });
    assert.equal(forced.totals.cost, 0.262);
  });
});

Deno.test("click update: bad input answers 400 and stores nothing; an unknown click 404", async (t) => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  const before = stored(s);
  for (
    const [query, code] of [
      [`clickid=${id}&event2=4&event1=abc`, "BAD_EVENT"],
      [`clickid=${id}&event1=1e3`, "BAD_EVENT"],
      [`clickid=${id}&add_event3=NaN`, "BAD_EVENT"],
      [`clickid=${id}&event1=1&cost=-1`, "BAD_COST"],
      [`clickid=${id}&cost=1,5`, "BAD_COST"],
      [`clickid=${id}&event1=1&bot=2`, "BAD_BOT"],
      [`clickid=${id}`, "BAD_REQUEST"],
      [`clickid=${id}&event11=5`, "BAD_REQUEST"],
      ["event1=5", "BAD_REQUEST"],
    ] as const
  ) {
    await t.step(`${query} → 400 ${code}`, async () => {
      const res = await update(s, query);
      assert.equal(res.status, 400);
      assert.equal((await res.json()).error.code, code);
    });
  }
  await t.step("a JSON object as a value → 400", async () => {
    const res = await s.app.send("/click/update", { clickid: id, event1: { x: 1 } });
    assert.equal(res.status, 400);
  });
  await t.step("unknown or malformed click → 404", async () => {
    assert.equal((await update(s, "clickid=-ZZZZZZZ--AAAAAAAAAAAAAA&event1=1")).status, 404);
    assert.equal((await update(s, "clickid=nonsense&event1=1")).status, 404);
  });
  assert.deepEqual(stored(s), before, "nothing changed");
});

Deno.test("click update: a key set in Settings → Postback processing → Events is asked for", async () => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  const saved = await s.api.put("/api/settings/events", { clickUpdateKey: "upd-7777" });
  assert.equal(saved.status, 200);
  assert.equal((await update(s, `clickid=${id}&event1=1`)).status, 403);
  assert.equal((await update(s, `clickid=${id}&event1=1&key=wrong`)).status, 403);
  assert.equal((await update(s, `clickid=${id}&event1=1&key=upd-7777`)).status, 200);
  const bad = await s.api.put("/api/settings/events", { clickUpdateKey: "has space" });
  assert.equal(bad.status, 400);
  assert.equal((await s.api.get("/api/settings/events")).body.clickUpdateKey, "upd-7777");
});
