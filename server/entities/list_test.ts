import { rebuildRollups } from "../reports/rollup_rebuild.ts";
import assert from "node:assert/strict";
import { buildGroup, buildOffer } from "../../fixtures/builders.ts";
import type { Db } from "../db/connection.ts";
import { OFFER_ROUTES } from "../../contracts/api/entities.ts";
import type { CallInput } from "../../contracts/route.ts";
import type { Stats } from "../../contracts/stats.ts";
import { adminApi, type Api, idOf, signedIn } from "./testing.ts";
import { toMicros } from "../money.ts";
import { clickIdPrefix } from "../tracking/click_id.ts";

/** The offer list for `query`, answered 200. */
function offers(api: Api, query: CallInput<typeof OFFER_ROUTES.list>["query"] = {}) {
  return api.call(OFFER_ROUTES.list, { query });
}

/** An item's stats (fails when the item has none). */
function statsOf(item: { stats?: Stats }): Stats {
  assert.ok(item.stats, "an offer in a list has stats");
  return item.stats;
}

let clickSeq = 0;

/**
 * Records a click on `offerId` at `ts`, with its cost and an optional conversion, stored as raw
 * rows; the rollups the lists read are rebuilt from them.
 */
function click(db: Db, offerId: number, opts: { ts: number; cost: number; payout?: number }) {
  // Click ids start with their time (stats read id ranges).
  const id = clickIdPrefix(opts.ts) + String(++clickSeq).padStart(16, "0");
  db.prepare(
    "INSERT INTO clicks (id, ts, offer_id, is_unique, cost, lp_click_ts) VALUES (?, ?, ?, 1, ?, ?)",
  )
    .run(id, opts.ts, offerId, toMicros(opts.cost), clickSeq % 2 ? opts.ts : null);
  if (opts.payout !== undefined) {
    db.prepare(
      "INSERT INTO conversions (click_id, ts, status, payout, txid) VALUES (?, ?, 'sale', ?, ?)",
    )
      .run(id, opts.ts + 1000, toMicros(opts.payout), id);
  }
  rebuildRollups(db);
}

Deno.test("lists: search, group filter, sort and paging", async (t) => {
  const { api } = await adminApi();
  const group = idOf(await api.post("/api/groups", buildGroup({ type: "offer" })));
  for (const name of ["Charlie", "alpha", "Bravo", "Delta 50%"]) {
    await api.post("/api/offers", buildOffer({ name, groupId: name === "Bravo" ? group : null }));
  }
  await t.step("search matches names case-insensitively, and % literally", async () => {
    assert.deepEqual((await offers(api, { search: "ALP" })).items.map((i) => i.name), ["alpha"]);
    assert.deepEqual((await offers(api, { search: "50%" })).items.map((i) => i.name), [
      "Delta 50%",
    ]);
    assert.equal((await offers(api, { search: "zzz" })).total, 0);
    // Digits beyond any id match names only (PostgreSQL answered 500: bigint out of range).
    assert.equal((await offers(api, { search: "99999999999999999999" })).total, 0);
  });
  await t.step("groupId keeps the group's members", async () => {
    const res = await offers(api, { groupId: group });
    assert.deepEqual(res.items.map((i) => i.name), ["Bravo"]);
  });
  await t.step("sort by name, both ways, ignoring case", async () => {
    const asc = (await offers(api, { sort: "name", order: "asc" })).items.map((i) => i.name);
    assert.deepEqual(asc, ["alpha", "Bravo", "Charlie", "Delta 50%"]);
    const desc = (await offers(api, { sort: "name", order: "desc" })).items.map((i) => i.name);
    assert.deepEqual(desc, [...asc].reverse());
  });
  await t.step("paging keeps the total of all matches", async () => {
    const page = await offers(api, { sort: "name", order: "asc", limit: 2, offset: 2 });
    assert.deepEqual(page.items.map((i) => i.name), ["Charlie", "Delta 50%"]);
    assert.equal(page.total, 4);
  });
  await t.step(
    "archived: live only by default, archived only, or both (the pickers')",
    async () => {
      const charlie = (await offers(api, { search: "Charlie" })).items[0].id;
      assert.equal((await api.del(`/api/offers/${charlie}`)).status, 200);
      const names = async (archived: "false" | "true" | "all") =>
        (await offers(api, { archived, sort: "name", order: "asc" })).items.map((i) => i.name);
      assert.deepEqual(await names("false"), ["alpha", "Bravo", "Delta 50%"]);
      assert.deepEqual(await names("true"), ["Charlie"]);
      // PostgreSQL answered 500 here: no filter at all made `WHERE 1`, which it refuses.
      assert.deepEqual(await names("all"), ["alpha", "Bravo", "Charlie", "Delta 50%"]);
    },
  );
  await t.step("an unknown sort field or a bad limit answers 400", async () => {
    assert.equal((await api.get("/api/offers?sort=password")).status, 400);
    assert.equal((await api.get("/api/offers?limit=0")).status, 400);
    assert.equal((await api.get("/api/offers?tz=Mars/Base")).status, 400);
    assert.equal((await api.get("/api/offers?from=2024-02-03&to=2024-02-01")).status, 400);
  });
});

Deno.test("lists: search, name sort and empty fields answer alike on SQLite and PostgreSQL", async (t) => {
  const { api } = await adminApi();
  const names = ["élan", "ÉLAN", "Élan Vital", "_under", "1digit", "Zed", "ab", "İstanbul", "ß"];
  for (const [i, name] of names.entries()) {
    await api.post("/api/offers", buildOffer({ name, dailyCap: i % 3 ? null : 10 + i }));
  }
  const found = async (search: string) =>
    (await offers(api, { search, sort: "id", order: "asc" })).items.map((i) => i.name);
  await t.step("search folds the case of ASCII letters only, as SQLite's LIKE", async () => {
    // PostgreSQL's ILIKE folded every letter: "élan" found "ÉLAN" and "Élan Vital" too.
    assert.deepEqual(await found("élan"), ["élan"]);
    assert.deepEqual(await found("Élan"), ["ÉLAN", "Élan Vital"]);
    assert.deepEqual(await found("vital"), ["Élan Vital"]);
    // PostgreSQL lowered "İ" to "i", finding every offer (their URLs hold an "i").
    assert.deepEqual(await found("İ"), ["İstanbul"]);
  });
  await t.step("a text sort lowers ASCII letters and keeps byte order", async () => {
    // PostgreSQL sorted by an ICU collation: "_under" before "1digit", "é…" beside "e".
    const asc = (await offers(api, { sort: "name", order: "asc" })).items.map((i) => i.name);
    assert.deepEqual(asc, [
      "1digit",
      "_under",
      "ab",
      "Zed",
      "ÉLAN",
      "Élan Vital",
      "ß",
      "élan",
      "İstanbul",
    ]);
    const desc = (await offers(api, { sort: "name", order: "desc" })).items.map((i) => i.name);
    assert.deepEqual(desc, [
      "İstanbul",
      "élan",
      "ß",
      "Élan Vital",
      "ÉLAN",
      "Zed",
      "ab",
      "_under",
      "1digit",
    ]);
  });
  await t.step("an empty field comes first going up and last going down", async () => {
    // PostgreSQL put NULLs last going up and first going down.
    const caps = async (order: "asc" | "desc") =>
      (await offers(api, { sort: "dailyCap", order })).items.map((i) => i.dailyCap);
    assert.deepEqual(await caps("asc"), [null, null, null, null, null, null, 10, 13, 16]);
    assert.deepEqual(await caps("desc"), [16, 13, 10, null, null, null, null, null, null]);
  });
});

Deno.test("lists: stats come from clicks and conversions in the range, exact to the cent", async (t) => {
  const { app, api } = await adminApi();
  const a = idOf(await api.post("/api/offers", buildOffer({ name: "A" })));
  const b = idOf(await api.post("/api/offers", buildOffer({ name: "B" })));
  const day = Date.parse("2024-03-10T12:00:00Z");
  // Ten clicks at 0.1 and three sales at 0.1: float sums would drift, integers do not.
  for (let i = 0; i < 10; i++) {
    click(app.deps.db, a, { ts: day, cost: 0.1, payout: i < 3 ? 0.1 : undefined });
  }
  click(app.deps.db, b, { ts: day, cost: 0.3, payout: 1.2345 });
  click(app.deps.db, b, { ts: Date.parse("2024-03-12T12:00:00Z"), cost: 5 });
  const range = { from: "2024-03-10", to: "2024-03-10", tz: "UTC" };

  await t.step("sums and ratios", async () => {
    const itemA = (await offers(api, range)).items.find((i) => i.id === a);
    assert.deepEqual(itemA?.stats, {
      clicks: 10,
      uniqueClicks: 10,
      lpClicks: 5,
      conversions: 3,
      revenue: 0.3,
      approvedRevenue: 0.3,
      pendingRevenue: 0,
      cost: 1,
      profit: -0.7,
      roi: -70,
      cr: 30,
      epc: 0.03,
    });
  });
  await t.step("outside the range counts nothing; no clicks gives zeros", async () => {
    const res = await offers(api, { from: "2024-01-01", to: "2024-01-02" });
    for (const item of res.items) assert.equal(statsOf(item).clicks, 0);
  });
  await t.step("the day is read in the time zone given", async () => {
    // 2024-03-12T12:00Z is still the 12th in Tokyo, and 2024-03-10T12:00Z is the 10th.
    const res = await offers(api, { from: "2024-03-12", to: "2024-03-12", tz: "Asia/Tokyo" });
    const itemB = statsOf(res.items.find((i) => i.id === b) ?? {});
    assert.equal(itemB.clicks, 1);
    assert.equal(itemB.cost, 5);
  });
  await t.step("sort by a stat", async () => {
    const res = await offers(api, { ...range, sort: "revenue", order: "desc" });
    assert.deepEqual(res.items.map((i) => i.name), ["B", "A"]);
    const byClicks = await offers(api, { ...range, sort: "clicks", order: "desc", limit: 1 });
    assert.deepEqual(byClicks.items.map((i) => i.name), ["A"]);
    assert.equal(byClicks.total, 2);
  });
  await t.step(
    "a hide-profit user gets no revenue, profit, ROI or EPC, and cannot sort by them",
    async () => {
      const hidden = await signedIn(app, {
        username: "hidden",
        role: "user",
        permissions: { "*": "read" },
        hideProfit: true,
      });
      const res = await offers(hidden, range);
      for (const item of res.items) {
        assert.deepEqual(Object.keys(statsOf(item)).sort(), [
          "clicks",
          "conversions",
          "cost",
          "cr",
          "lpClicks",
          "uniqueClicks",
        ]);
      }
      const byProfit = await hidden.attempt(OFFER_ROUTES.list, {
        query: { ...range, sort: "profit" },
      });
      assert.equal(byProfit.status, 400);
      const networks = await hidden.get("/api/affiliate-networks");
      assert.equal(networks.status, 200);
    },
  );
});
