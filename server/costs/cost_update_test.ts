import assert from "node:assert/strict";
import fc from "fast-check";
import { apiAs, signedIn } from "../entities/testing.ts";
import { clickIdOf, trackingApp } from "../tracking/testing.ts";
import { insertTestClicks } from "../reports/testing.ts";
import { clickIdAt } from "../tracking/click_id.ts";
import { costsById, costSetup, day, type Seeded, shownCost, updateDay } from "./testing.ts";
import { recoverCostUpdates } from "./apply.ts";
import { CHUNK_CLICKS } from "./write.ts";
import { foldOneHour } from "./shares.ts";
import { clickCostSql, clickCurrencySql, shareJoin } from "./share_sql.ts";
import { buildCampaign } from "../../fixtures/builders.ts";
import { TEST_STORE } from "../../tests/helpers/api.ts";

/** Whole hours take read-time shares on SQLite; PostgreSQL writes the rows (decision 160, update 4). */
const SHARED = TEST_STORE === "sqlite";
import { HourMismatch, writeHourCost } from "./hour_cost.ts";
import { transaction } from "../db/connection.ts";
import { COST_ROUTES } from "../../contracts/api/costs.ts";
import { CLICK_ROUTES } from "../../contracts/api/reports.ts";

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

Deno.test("cost update: replace spreads the amount over one day's clicks exactly; reports, lists and history follow", async () => {
  const { s, clicks } = await costSetup();
  const before = costsById(s);
  const res = await updateDay(s, -1, 10);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.clicks, 12);
  assert.equal(res.body.costBefore, 0.12);
  assert.equal(res.body.costAfter, 10);
  const after = costsById(s);
  const yesterday = clicks.filter((c) => c.day === -1);
  assert.equal(sum(yesterday.map((c) => after.get(c.id)!)), 10_000_000);
  for (const c of clicks.filter((c) => c.day !== -1)) {
    assert.equal(after.get(c.id), before.get(c.id));
  }
  const bots = s.app.deps.db.prepare("SELECT sum(cost) AS cost FROM clicks WHERE is_bot = 1")
    .get()!;
  assert.equal(Number(bots.cost), 0, "bot clicks stay free");
  const expected = 10_000_000 + 24 * 10_000;
  assert.deepEqual(await shownCost(s), [expected, expected, expected]);

  const history = await s.api.call(COST_ROUTES.list, { query: { campaignId: s.campaignId } });
  const [entry] = history.items;
  assert.equal(entry.username, "root");
  assert.equal(entry.source, "panel");
  assert.equal(entry.costBefore, 0.12);
  assert.equal(entry.costAfter, 10);
});

Deno.test("cost update: a token and a country narrow it; add mode adds; unique-only leaves repeats at zero", async () => {
  const { s, clicks } = await costSetup();
  const base = { campaignIds: [s.campaignId], from: day(-2), to: day(0) };
  const zone = await s.api.post("/api/cost-updates", {
    ...base,
    filters: [{ dim: "t1", values: ["z2"] }, { dim: "country", values: ["FR"] }],
    amount: 3,
    mode: "add",
  });
  assert.equal(zone.status, 200, JSON.stringify(zone.body));
  const picked = clicks.filter((c) => c.zone === "z2" && c.country === "FR");
  assert.equal(zone.body.clicks, picked.length);
  const costs = costsById(s);
  assert.equal(sum(picked.map((c) => costs.get(c.id)!)), picked.length * 10_000 + 3_000_000);

  const unique = await s.api.post("/api/cost-updates", { ...base, amount: 6, uniqueOnly: true });
  assert.equal(unique.status, 200, JSON.stringify(unique.body));
  const now = costsById(s);
  assert.equal(sum(clicks.filter((c) => c.unique).map((c) => now.get(c.id)!)), 6_000_000);
  assert.ok(clicks.filter((c) => !c.unique).every((c) => now.get(c.id) === 0));
});

Deno.test("cost update: a filter on the campaign or on uniqueness narrows it like any other", async () => {
  const { s, clicks } = await costSetup();
  const base = { campaignIds: [s.campaignId], from: day(-2), to: day(0), amount: 1, dryRun: true };
  const matched = async (filters: unknown[]) => {
    const res = await s.api.post("/api/cost-updates", { ...base, filters });
    // PostgreSQL answered 500: the source selected `campaign_id` (or `is_unique`) twice.
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.clicks;
  };
  // Bot clicks are not among `clicks`, and a cost update passes them by.
  assert.equal(await matched([{ dim: "campaign", values: [s.campaignId] }]), clicks.length);
  assert.equal(await matched([{ dim: "campaign", op: "isNot", values: [999] }]), clicks.length);
  const unique = clicks.filter((c) => c.unique).length;
  assert.equal(await matched([{ dim: "isUnique", values: [1] }]), unique);
  // A number given as text matches it (SQLite found nothing, PostgreSQL compared text).
  assert.equal(await matched([{ dim: "isUnique", values: ["1"] }]), unique);
  assert.equal(await matched([{ dim: "campaign", values: [String(s.campaignId)] }]), clicks.length);
});

Deno.test("cost update: a dry run and bad input change nothing, with clear errors", async () => {
  const { s } = await costSetup();
  const before = costsById(s);
  const base = { campaignIds: [s.campaignId], from: day(-1), to: day(-1), amount: 5 };
  const dry = await s.api.post("/api/cost-updates", { ...base, dryRun: true });
  assert.equal(dry.status, 200);
  assert.equal(dry.body.id, null);
  assert.equal(dry.body.costAfter, 5);
  const bad = [
    [{ ...base, amount: -1 }, 400, "amount"],
    [{ ...base, to: day(-3) }, 400, "to"],
    [{ ...base, campaignIds: [999] }, 404, "No campaign #999"],
    [{ ...base, currency: "EUR" }, 422, "No USD/EUR rate on or before"],
    [{ ...base, filters: [{ dim: "country", values: ["JP"] }] }, 422, "No clicks match"],
    [{ ...base, filters: [{ dim: "status", values: ["lead"] }] }, 400, "conversions"],
    // Not March 2nd: a day that does not exist is refused, not rolled over.
    [{ ...base, from: "2026-02-30" }, 400, "from: is not a real date"],
    [{ ...base, from: `${day(-1)} 24:00` }, 400, "is not a real time"],
  ] as const;
  for (const [body, status, text] of bad) {
    const res = await s.api.post("/api/cost-updates", body);
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.match(JSON.stringify(res.body), new RegExp(text));
  }
  assert.deepEqual(costsById(s), before);
  const history = await s.api.get("/api/cost-updates");
  assert.deepEqual(history.body.items, []);
});

Deno.test("cost update: undo restores every click's cost; an older update waits for the later one", async () => {
  const { s } = await costSetup();
  const original = costsById(s);
  const base = { campaignIds: [s.campaignId], from: day(-2), to: day(0) };
  const first = await s.api.post("/api/cost-updates", { ...base, amount: 7 });
  const afterFirst = costsById(s);
  const second = await s.api.post("/api/cost-updates", { ...base, amount: 2, mode: "add" });
  const blocked = await s.api.post(`/api/cost-updates/${first.body.id}/undo`, {});
  assert.equal(blocked.status, 409);
  assert.match(JSON.stringify(blocked.body.error), new RegExp(`#${second.body.id}`));
  const undoSecond = await s.api.post(`/api/cost-updates/${second.body.id}/undo`, {});
  assert.equal(undoSecond.status, 200, JSON.stringify(undoSecond.body));
  assert.equal(undoSecond.body.undoneBy, "root");
  assert.deepEqual(costsById(s), afterFirst);
  const undoFirst = await s.api.post(`/api/cost-updates/${first.body.id}/undo`, {});
  assert.equal(undoFirst.status, 200);
  assert.deepEqual(costsById(s), original);
  const again = await s.api.post(`/api/cost-updates/${first.body.id}/undo`, {});
  assert.equal(again.status, 409);
  const total = sum(original.values());
  assert.deepEqual(await shownCost(s), [total, total, total]);
});

Deno.test("cost update: users without write on campaigns may not change costs", async () => {
  const { s } = await costSetup(2);
  const reader = await signedIn(s.app, {
    username: "reader",
    role: "user",
    permissions: { campaign: "read" },
  });
  const body = { campaignIds: [s.campaignId], from: day(-1), to: day(-1), amount: 1 };
  assert.equal((await reader.post("/api/cost-updates", body)).status, 403);
  assert.equal((await reader.get("/api/cost-updates")).status, 200);
  assert.equal((await apiAs(s.app).post("/api/cost-updates", body)).status, 401);
});

/** One random update: a period of days, an optional zone or country, a mode, an amount. */
const Update = fc.record({
  from: fc.integer({ min: -2, max: 0 }),
  span: fc.integer({ min: 0, max: 2 }),
  zone: fc.constantFrom(null, "z1", "z2"),
  country: fc.constantFrom(null, "DE", "FR"),
  mode: fc.constantFrom("replace", "add"),
  uniqueOnly: fc.boolean(),
  micros: fc.integer({ min: 0, max: 500_000 }).map((n) => n * 100),
  /** Read-time shares folded into the rows after this update (decision 160, update 3). */
  fold: fc.boolean(),
});

type UpdateCase = typeof Update extends fc.Arbitrary<infer T> ? T : never;

function matches(c: Seeded, u: UpdateCase): boolean {
  const to = Math.min(0, u.from + u.span);
  return c.day >= u.from && c.day <= to && (u.zone === null || c.zone === u.zone) &&
    (u.country === null || c.country === u.country);
}

Deno.test("cost update (property): after any sequence the shown cost is the updates plus the untouched clicks, to the micro-unit", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(Update, { minLength: 1, maxLength: 4 }), async (updates) => {
      const { s, clicks } = await costSetup(8);
      // A live click, whose sums are still in memory, joins today's clicks.
      const live = clickIdOf(await s.click({ query: "?zone=z1&cost=0.02" }));
      clicks.push({ id: live, day: 0, zone: "z1", country: "US", unique: true });
      let model = costsById(s);
      for (const u of updates) {
        const filters = [
          ...(u.zone ? [{ dim: "t1", values: [u.zone] }] : []),
          ...(u.country ? [{ dim: "country", values: [u.country] }] : []),
        ];
        const res = await s.api.post("/api/cost-updates", {
          campaignIds: [s.campaignId],
          from: day(u.from),
          to: day(Math.min(0, u.from + u.span)),
          filters,
          mode: u.mode,
          uniqueOnly: u.uniqueOnly,
          amount: u.micros / 1e6,
        });
        const hit = new Set(clicks.filter((c) => matches(c, u)).map((c) => c.id));
        const receivers = clicks.filter((c) => hit.has(c.id) && (!u.uniqueOnly || c.unique))
          .map((c) => c.id);
        const now = costsById(s);
        if (receivers.length === 0) {
          assert.equal(res.status, 422, JSON.stringify(res.body));
          assert.deepEqual(now, model);
          continue;
        }
        assert.equal(res.status, 200, JSON.stringify(res.body));
        for (const [id, cost] of now) {
          if (!hit.has(id)) assert.equal(cost, model.get(id), "a click outside the update");
        }
        const of = (costs: Map<string, number>, ids: Iterable<string>) =>
          sum([...ids].map((id) => costs.get(id)!));
        if (u.mode === "replace") {
          assert.equal(of(now, hit), u.micros);
          const shares = receivers.map((id) => now.get(id)!);
          assert.ok(Math.max(...shares) - Math.min(...shares) <= 1, "equal shares");
        } else {
          assert.equal(of(now, receivers), of(model, receivers) + u.micros);
          for (const id of hit) {
            if (!receivers.includes(id)) assert.equal(now.get(id), model.get(id));
          }
        }
        model = now;
        if (u.fold) {
          while (foldOneHour(s.app.deps.db));
          assert.deepEqual(costsById(s), model, "folded");
        }
      }
      const total = sum(model.values());
      assert.deepEqual(await shownCost(s), [total, total, total]);
    }),
    { numRuns: 8 },
  );
});

Deno.test("cost update: a token named by its source parameter narrows it like the t1 filter", async () => {
  const { s, clicks } = await costSetup();
  const res = await s.api.post("/api/cost-updates", {
    campaignIds: [s.campaignId],
    from: day(-1),
    to: day(-1),
    token: "zone=z1",
    amount: 2,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const costs = costsById(s);
  const z1 = clicks.filter((c) => c.day === -1 && c.zone === "z1");
  assert.equal(sum(z1.map((c) => costs.get(c.id)!)), 2_000_000);
  const [entry] = (await s.api.get("/api/cost-updates")).body.items as Array<{ filters: unknown }>;
  assert.deepEqual(entry.filters, [{ dim: "t1", op: "is", values: ["z1"] }]);
  const bad = await s.api.post("/api/cost-updates", {
    campaignIds: [s.campaignId],
    from: day(-1),
    to: day(-1),
    token: "colour=red",
    amount: 2,
  });
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(bad.body), /no token 'colour'/);
});

Deno.test("cost update: an amount in another currency sets the clicks' cost in it; reports convert it; undo brings the old currency back", async () => {
  const { s } = await costSetup();
  const db = s.app.deps.db;
  // 2 USD a euro: 10 EUR of spend is 20 USD in the reports.
  db.prepare(
    `INSERT INTO currency_rates (currency, day, per_eur, source, updated_at)
     VALUES ('USD', ?, 2, 'manual', 0)`,
  ).run(day(-10));
  const before = await shownCost(s);
  const replaced = await updateDay(s, -1, 10, { currency: "EUR" });
  assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
  // The 12 clicks' 0.12 USD before, in euros at that day's rate.
  assert.equal(replaced.body.costBefore, 0.06);
  // Each click's currency as the click log shows it (through a read-time share, decision 160).
  const currencies = db.prepare(
    `SELECT DISTINCT ${clickCurrencySql("k")} AS c FROM clicks k ${shareJoin("k")}
     WHERE k.ts >= ? AND k.ts < ? AND k.is_bot = 0`,
  ).all(Date.parse(`${day(-1)}T00:00:00Z`), Date.parse(`${day(0)}T00:00:00Z`));
  assert.deepEqual(currencies.map((r) => r.c), ["EUR"]);
  const expected = 20_000_000 + 24 * 10_000;
  assert.deepEqual(await shownCost(s), [expected, expected, expected]);

  // Adding USD to clicks whose cost is now in EUR would mix two currencies: refused.
  const mixed = await updateDay(s, -1, 1, { mode: "add" });
  assert.equal(mixed.status, 422);
  assert.match(String((mixed.body.error as { message: string }).message), /cost is in EUR/);

  const undone = await s.api.post(`/api/cost-updates/${replaced.body.id}/undo`);
  assert.equal(undone.status, 200, JSON.stringify(undone.body));
  assert.deepEqual(await shownCost(s), before);
  const back = db.prepare("SELECT DISTINCT cost_currency AS c FROM clicks").all();
  assert.deepEqual(back.map((r) => r.c), ["USD"]);
});

Deno.test("cost update: written in parts, so a click is answered while it is written", async () => {
  const { s } = await costSetup(CHUNK_CLICKS * 2);
  const order: string[] = [];
  const update = s.api.post("/api/cost-updates", {
    campaignIds: [s.campaignId],
    from: day(-2),
    to: day(0),
    amount: 30,
  }).then((res) => {
    order.push("update");
    return res;
  });
  // Sent once the update has begun: answered between two of its parts, not after them all.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const click = s.click().then(async (res) => {
    await res.body?.cancel();
    order.push("click");
    return res;
  });
  const [written, answered] = await Promise.all([update, click]);
  assert.equal(written.status, 200, JSON.stringify(written.body));
  assert.equal(answered.status, 302);
  assert.deepEqual(order, ["click", "update"]);
  // The new click may be stored before the read worker matched the period's clicks (then it
  // holds a share) or after (then it keeps its own cost): either way the shares make 30.
  const costs = costsById(s);
  const fresh = clickIdOf(answered);
  const shared = s.app.deps.db.prepare("SELECT 1 FROM cost_update_clicks WHERE click_id = ?")
    .get(fresh) !== undefined;
  assert.equal(sum(costs.values()) - (shared ? 0 : costs.get(fresh)!), 30_000_000);
});

Deno.test("cost update: one cut short by a crash is rolled back at start; an undo cut short is finished", async () => {
  const { s } = await costSetup();
  const db = s.app.deps.db;
  const before = await shownCost(s);
  const costs = costsById(s);
  const res = await updateDay(s, -1, 10);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const id = Number(res.body.id);
  // As if the process died before the update's last part was written.
  db.prepare("UPDATE cost_updates SET state = 'applying' WHERE id = ?").run(id);
  assert.deepEqual(recoverCostUpdates(db), [id]);
  assert.deepEqual(costsById(s), costs);
  assert.deepEqual(await shownCost(s), before);
  const history = await s.api.get(`/api/cost-updates?campaignId=${s.campaignId}`);
  const [entry] = history.body.items as Array<{ state: string }>;
  assert.equal(entry.state, "failed");
  const undo = await s.api.post(`/api/cost-updates/${id}/undo`);
  assert.equal(undo.status, 409);
  assert.match(JSON.stringify(undo.body), /failed and changed nothing/);

  // An undo the crash cut short: start finishes it.
  const again = await updateDay(s, -1, 7);
  const second = Number(again.body.id);
  db.prepare("UPDATE cost_updates SET state = 'undoing', undone_by = 'root' WHERE id = ?")
    .run(second);
  assert.deepEqual(recoverCostUpdates(db), [second]);
  assert.deepEqual(costsById(s), costs);
  assert.deepEqual(await shownCost(s), before);
  const done = (await s.api.get(`/api/cost-updates?campaignId=${s.campaignId}`)).body
    .items as Array<{ id: number; state: string; undoneBy: string }>;
  const finished = done.find((u) => u.id === second)!;
  assert.deepEqual([finished.state, finished.undoneBy], ["done", "root"]);
});

Deno.test("cost update: an hour whose stored clicks are not the rollups' (one cleared since) is written click by click, still exact", async () => {
  const { s, clicks } = await costSetup();
  const db = s.app.deps.db;
  const cleared = clicks.find((c) => c.day === -1)!;
  // As auto-clearing does: the raw click goes and is marked, the rollups keep what it counted.
  const ts = Number(db.prepare("SELECT ts FROM clicks WHERE id = ?").get(cleared.id)!.ts);
  db.prepare("DELETE FROM clicks WHERE id = ?").run(cleared.id);
  db.prepare("INSERT INTO clicks_cleared (campaign_id, before_ts) VALUES (?, ?)")
    .run(s.campaignId, ts + 1);
  // Shares without a remainder over 11 or 12 clicks: no hour whose clicks are read anyway.
  const res = await updateDay(s, -1, 13.2);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.clicks, 11);
  const costs = costsById(s);
  const shares = clicks.filter((c) => c.day === -1 && c.id !== cleared.id)
    .map((c) => costs.get(c.id)!);
  assert.deepEqual(shares, Array(11).fill(1_200_000));
  // The reports: the update, the other days' clicks, and the cleared click's own 0.01.
  const expected = 13_200_000 + 24 * 10_000 + 10_000;
  assert.deepEqual(await shownCost(s), [expected, expected, expected]);
});

Deno.test("cost update: a whole hour takes a read-time share; folded, it is written with every click kept for undo, and undo restores the reports", async () => {
  const { s, clicks } = await costSetup(60);
  const db = s.app.deps.db;
  const hourRows = (sql: string) => Number(db.prepare(sql).get()!.n);
  const keptBefore = hourRows("SELECT count(*) AS n FROM cost_update_clicks");
  const storedBefore = hourRows("SELECT sum(cost) AS n FROM clicks");
  const res = await updateDay(s, -2, 6, { mode: "add" });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const day2 = clicks.filter((c) => c.day === -2);
  const total = 3 * 60 * 10_000;
  const shownAfter = async () => {
    const costs = costsById(s);
    assert.equal(sum(day2.map((c) => costs.get(c.id)!)), 60 * 10_000 + 6_000_000);
    assert.deepEqual(await shownCost(s), [total + 6_000_000, total + 6_000_000, total + 6_000_000]);
  };
  // The update wrote one share, no click: reports, the list and the click's cost read through it.
  // (PostgreSQL writes the rows at once: there the share is never made.)
  assert.equal(hourRows("SELECT count(*) AS n FROM cost_hour_shares"), SHARED ? 1 : 0);
  if (SHARED) {
    assert.equal(hourRows("SELECT count(*) AS n FROM cost_update_clicks"), keptBefore);
    assert.equal(hourRows("SELECT sum(cost) AS n FROM clicks"), storedBefore);
  }
  await shownAfter();
  // Folded: the same figures from the written rows, every click kept for undo.
  assert.equal(foldOneHour(db), SHARED);
  assert.equal(foldOneHour(db), false);
  assert.equal(hourRows("SELECT count(*) AS n FROM cost_hour_shares"), 0);
  assert.equal(hourRows("SELECT count(*) AS n FROM cost_update_clicks") - keptBefore, 60);
  assert.equal(hourRows("SELECT sum(cost) AS n FROM clicks"), storedBefore + 6_000_000);
  await shownAfter();
  const undo = await s.api.post(`/api/cost-updates/${res.body.id}/undo`);
  assert.equal(undo.status, 200, JSON.stringify(undo.body));
  assert.deepEqual(await shownCost(s), [total, total, total]);
});

Deno.test("cost update: undo of a share takes it back; a later share on the same hour must be undone first", async () => {
  const { s } = await costSetup(60);
  const db = s.app.deps.db;
  const total = 3 * 60 * 10_000;
  const first = await updateDay(s, -2, 6);
  const second = await updateDay(s, -2, 1.2, { mode: "add" });
  assert.equal(second.status, 200, JSON.stringify(second.body));
  // Replace 6 then add 1.2 over day -2's 60 clicks (0.6 before).
  assert.deepEqual(await shownCost(s), Array(3).fill(total - 600_000 + 7_200_000));
  const early = await s.api.post(`/api/cost-updates/${first.body.id}/undo`);
  assert.equal(early.status, 409, JSON.stringify(early.body));
  assert.match(JSON.stringify(early.body), new RegExp(`#${second.body.id}`));
  const undoSecond = await s.api.post(`/api/cost-updates/${second.body.id}/undo`);
  assert.equal(undoSecond.status, 200, JSON.stringify(undoSecond.body));
  assert.deepEqual(await shownCost(s), Array(3).fill(total - 600_000 + 6_000_000));
  const undoFirst = await s.api.post(`/api/cost-updates/${first.body.id}/undo`);
  assert.equal(undoFirst.status, 200, JSON.stringify(undoFirst.body));
  assert.deepEqual(await shownCost(s), [total, total, total]);
  assert.equal(Number(db.prepare("SELECT count(*) AS n FROM cost_hour_chain").get()!.n), 0);
});

Deno.test("cost update: an hour holding another click than the ones matched is rolled back whole, for the caller to write click by click", async () => {
  const { s, clicks } = await costSetup();
  const db = s.app.deps.db;
  const other = await updateDay(s, -2, 1);
  const kept = () => Number(db.prepare("SELECT count(*) AS n FROM cost_update_clicks").get()!.n);
  const keptBefore = kept();
  const before = costsById(s);
  const shown = await shownCost(s);
  const first = clicks.find((c) => c.day === -1)!;
  const ts = Number(db.prepare("SELECT ts FROM clicks WHERE id = ?").get(first.id)!.ts);
  const hour = Math.floor(ts / 3_600_000);
  const write = {
    updateId: Number(other.body.id),
    campaignId: s.campaignId,
    hour,
    share: 5,
    currency: "USD",
  };
  for (const [mode, keep] of [["replace", true], ["add", true], ["replace", false]] as const) {
    // 12 clicks are in that hour; the update matched 11 (one arrived or was cleared since).
    assert.throws(
      () => transaction(db, () => writeHourCost(db, { ...write, mode, keep, clicks: 11 })),
      HourMismatch,
    );
  }
  assert.deepEqual(costsById(s), before);
  assert.deepEqual(await shownCost(s), shown);
  assert.equal(kept(), keptBefore);
});

Deno.test("cost update: a period's local minutes on a DST change day are read at that minute's own offset", async () => {
  const s = await trackingApp();
  // New York leaves summer time at 2:00 on 2025-11-02: noon that day is 17:00 UTC, not 16:00.
  const at = (time: string) => {
    const ts = Date.parse(time);
    return { ts, id: clickIdAt(ts), campaignId: s.campaignId, cost: 0.01 };
  };
  const [early, late] = insertTestClicks(s.app.deps.db, [
    at("2025-11-02T16:30:00Z"),
    at("2025-11-02T17:30:00Z"),
  ]);
  const res = await s.api.post("/api/cost-updates", {
    campaignIds: [s.campaignId],
    from: "2025-11-02 12:00",
    to: "2025-11-02 13:00",
    tz: "America/New_York",
    amount: 3,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.clicks, 1);
  const costs = costsById(s);
  assert.deepEqual([costs.get(early), costs.get(late)], [10_000, 3_000_000]);
});

Deno.test("cost update: updates sent at once are measured in turn, so each one's answer and history start from the one before", async () => {
  const { s, clicks } = await costSetup();
  const counted = clicks.filter((c) => c.day === -1).length;
  const sent = await Promise.all([
    updateDay(s, -1, 10),
    updateDay(s, -1, 1, { mode: "add" }),
    updateDay(s, -1, 2, { mode: "add" }),
  ]);
  for (const res of sent) assert.equal(res.status, 200, JSON.stringify(res.body));
  const history = (await s.api.get("/api/cost-updates")).body.items as Array<
    { id: number; costBefore: number; costAfter: number }
  >;
  const byId = [...history].sort((a, b) => a.id - b.id);
  for (const [i, entry] of byId.entries()) {
    const answered = sent.find((r) => r.body.id === entry.id)!.body;
    assert.deepEqual([answered.costBefore, answered.costAfter], [
      entry.costBefore,
      entry.costAfter,
    ]);
    if (i > 0) {
      assert.equal(
        entry.costBefore,
        byId[i - 1].costAfter,
        `#${entry.id} starts from #${byId[i - 1].id}`,
      );
    }
  }
  const dayCost = sum(clicks.filter((c) => c.day === -1).map((c) => costsById(s).get(c.id)!));
  assert.equal(dayCost, Math.round(byId.at(-1)!.costAfter * 1e6), `${counted} clicks`);
});

Deno.test("cost update: a shared hour's clicks show their share in the click log; a cost added by /click/update lands on it", async () => {
  const { s, clicks } = await costSetup(60);
  const db = s.app.deps.db;
  const total = 3 * 60 * 10_000;
  const res = await updateDay(s, -2, 6);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const shares = () => Number(db.prepare("SELECT count(*) AS n FROM cost_hour_shares").get()!.n);
  assert.equal(shares(), SHARED ? 1 : 0);
  const one = clicks.find((c) => c.day === -2)!;
  const from = day(-2), to = day(-2);
  const log = await s.api.call(CLICK_ROUTES.list, { query: { tz: "UTC", from, to } });
  const shown = log.items.find((item) => item.id === one.id)!;
  assert.equal(shown.cost, 0.1, "6 over 60 clicks");
  // A cost sent for the click later is added to what it cost then: its hour is written first.
  const added = await s.app.request(`/click/update?clickid=${one.id}&cost=0.5`);
  assert.equal(added.status, 200);
  assert.equal((await added.json()).cost, 0.6);
  assert.equal(shares(), 0);
  assert.deepEqual(await shownCost(s), Array(3).fill(total - 600_000 + 6_000_000 + 500_000));
});

Deno.test("cost update: two campaigns' clicks interleaved in one hour share the amount exactly; the remainder goes to the first clicks by id across both", async () => {
  const s = await trackingApp();
  const db = s.app.deps.db;
  const other = await s.api.post(
    "/api/campaigns",
    buildCampaign({ name: "Second", trafficSourceId: s.sourceId }),
  );
  assert.equal(other.status, 201, JSON.stringify(other.body));
  const ids = [s.campaignId, Number(other.body.id)];
  const base = Date.parse(`${day(-1)}T00:00:00Z`);
  const stored = Array.from({ length: 30 }, (_, i) => {
    const ts = base + 3 * 3_600_000 + i * 60_000 + (i >= 15 ? 3_600_000 : 0);
    return {
      ts,
      id: clickIdAt(ts),
      campaignId: ids[i % 2],
      trafficSourceId: s.sourceId,
      cost: 0.01,
    };
  });
  insertTestClicks(db, stored);
  // 0.0998 over 30 clicks: 3,326 micro-units each and 20 more, for the first 20 clicks by id (the
  // first hour's 15 and 5 of the next, of both campaigns).
  const res = await s.api.post("/api/cost-updates", {
    campaignIds: ids,
    from: day(-1),
    to: day(-1),
    amount: 0.0998,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.costBefore, 0.3);
  assert.equal(res.body.costAfter, 0.0998);
  const costs = db.prepare(
    `SELECT k.id, ${clickCostSql("k")} AS cost FROM clicks k ${shareJoin("k")} ORDER BY k.id`,
  ).all().map((r) => Number(r.cost));
  assert.deepEqual(costs, [...Array(20).fill(3327), ...Array(10).fill(3326)]);
  const report = await s.api.get(
    `/api/report?subjectType=campaign&subjectIds=${ids.join(",")}&from=${day(-1)}&to=${
      day(-1)
    }&tz=UTC&groupBy=campaign`,
  );
  const rows = report.body.rows as Array<{ metrics: { cost: number } }>;
  assert.equal(Math.round(rows.reduce((sum, r) => sum + r.metrics.cost, 0) * 1e6), 99_800);
  while (foldOneHour(db));
  const written = db.prepare("SELECT cost FROM clicks ORDER BY id").all().map((r) =>
    Number(r.cost)
  );
  assert.deepEqual(written, costs, "folded: the same costs, written");
});
