import assert from "node:assert/strict";
import { clickIdAt } from "../tracking/click_id.ts";
import { clickIdOf, trackingApp } from "../tracking/testing.ts";
import { insertTestClick, insertTestConversion } from "../reports/testing.ts";
import { runReport } from "../reports/service.ts";
import { ReportQuery } from "../../contracts/report_query.ts";
import type { Db } from "../db/connection.ts";

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const noon = (offset: number) => Date.parse(`${day(offset)}T12:00:00Z`);

function setRate(db: Db, currency: string, offset: number, perEur: number): void {
  db.prepare(
    `INSERT INTO currency_rates (currency, day, per_eur, source, updated_at)
     VALUES (?, ?, ?, 'manual', 0)
     ON CONFLICT (currency, day) DO UPDATE SET per_eur = excluded.per_eur`,
  ).run(currency, day(offset), perEur);
}

type Figures = Record<string, [number, number]>;

/** Three days, three currencies: costs and payouts in USD, EUR and GBP on different days. */
async function mixedCurrencies() {
  const s = await trackingApp();
  const db = s.app.deps.db;
  // Rates per euro: day −3 and −2 have their own; day −1 has none (it uses day −2's).
  setRate(db, "USD", -3, 1.1);
  setRate(db, "GBP", -3, 0.85);
  setRate(db, "USD", -2, 1.2);
  setRate(db, "GBP", -2, 0.8);
  const spend = (offset: number, cost: number, costCurrency: string) =>
    insertTestClick(db, {
      id: clickIdAt(noon(offset)),
      ts: noon(offset),
      campaignId: s.campaignId,
      trafficSourceId: s.sourceId,
      country: "DE",
      cost,
      costCurrency,
    });
  const convert = (clickId: string, offset: number, payout: number, currency: string) =>
    insertTestConversion(db, { clickId, ts: noon(offset), status: "sale", payout, currency });
  convert(spend(-3, 11, "USD"), -3, 20, "EUR");
  convert(spend(-2, 8, "GBP"), -2, 12, "USD");
  convert(spend(-1, 5, "EUR"), -1, 1.6, "GBP");
  const report = async (groupBy = "day") => {
    const res = await s.api.get(
      `/api/report?subjectType=campaign&subjectIds=${s.campaignId}&from=${day(-3)}&to=${
        day(-1)
      }&tz=UTC&groupBy=${groupBy}`,
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const rows = res.body.rows as Array<{ labels: string[]; metrics: Record<string, number> }>;
    const figures: Figures = Object.fromEntries(
      rows.map((r) => [r.labels[0], [r.metrics.cost, r.metrics.revenue]]),
    );
    return {
      figures,
      totals: res.body.totals as Record<string, number>,
      currency: res.body.currency as string,
      notes: res.body.rateNotes as string[],
    };
  };
  return { s, db, report };
}

Deno.test("currency: a mixed USD, EUR and GBP report equals the hand computation at each day's rate", async () => {
  const { s, db, report } = await mixedCurrencies();
  // In USD: day −3 at 1.10 $/€; day −2 at 1.20 $/€ and 0.80 £/€; day −1 uses day −2's rates.
  const usd = await report();
  assert.equal(usd.currency, "USD");
  assert.deepEqual(usd.figures, {
    [day(-3)]: [11, 22],
    [day(-2)]: [12, 12],
    [day(-1)]: [6, 2.4],
  });
  assert.equal(usd.totals.cost, 29);
  assert.equal(usd.totals.revenue, 36.4);
  assert.equal(usd.totals.profit, 7.4);
  assert.equal(usd.notes.length, 2, usd.notes.join("\n"));
  for (const note of usd.notes) {
    assert.match(
      note,
      new RegExp(`^(USD|GBP) has no rate for ${day(-1)}: the rate of ${day(-2)} is used`),
    );
  }

  // The same rows in EUR, the user's currency once Settings → Stats says so.
  const put = await s.api.put("/api/settings/stats", { currency: "EUR" });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  const eur = await report();
  assert.equal(eur.currency, "EUR");
  assert.deepEqual(eur.figures, {
    [day(-3)]: [10, 20],
    [day(-2)]: [10, 10],
    [day(-1)]: [5, 2],
  });

  // The rollups and the raw rows agree, grouped by country and by day.
  for (const groupBy of [["day"], ["country"]]) {
    const query = ReportQuery.parse({
      subjectType: "campaign",
      subjectIds: String(s.campaignId),
      from: day(-3),
      to: day(-1),
      tz: "UTC",
      groupBy: groupBy.join(","),
    });
    const rolled = runReport(db, query, { hideProfit: false, currency: "GBP" });
    const raw = runReport(db, query, { hideProfit: false, currency: "GBP", forceRaw: true });
    assert.match(rolled.source, /^rollup/);
    assert.equal(raw.source, "raw");
    assert.deepEqual(rolled.rows, raw.rows);
    assert.deepEqual(rolled.totals, raw.totals);
  }
});

Deno.test("currency: changing a rate changes past reports without rewriting any amount", async () => {
  const { db, report } = await mixedCurrencies();
  const stored = () =>
    db.prepare("SELECT sum(payout) AS p FROM conversions").get()!.p +
    "/" + db.prepare("SELECT sum(cost) AS c FROM clicks").get()!.c;
  const before = stored();
  assert.deepEqual((await report()).figures[day(-3)], [11, 22]);
  setRate(db, "USD", -3, 1.25);
  assert.deepEqual((await report()).figures[day(-3)], [11, 25]);
  // A rate for day −1 of its own: the note about it goes, the figures follow it.
  setRate(db, "USD", -1, 1.0);
  setRate(db, "GBP", -1, 0.5);
  const after = await report();
  assert.deepEqual(after.figures[day(-1)], [5, 3.2]);
  assert.deepEqual(after.notes, []);
  assert.equal(stored(), before);
});

Deno.test("currency: amounts in a currency without any rate are left out, and the report says so", async () => {
  const { s, db, report } = await mixedCurrencies();
  // Two BRL sales in one group: the note names BRL once.
  for (const offset of [1000, 2000]) {
    const click = insertTestClick(db, {
      id: clickIdAt(noon(-2) + offset),
      ts: noon(-2) + offset,
      campaignId: s.campaignId,
      trafficSourceId: s.sourceId,
      country: "BR",
    });
    insertTestConversion(db, {
      clickId: click,
      ts: noon(-2),
      status: "sale",
      payout: 50,
      currency: "BRL",
    });
  }
  const answer = await report();
  assert.deepEqual(answer.figures[day(-2)], [12, 12]);
  assert.equal(answer.totals.conversions, 5);
  assert.ok(
    answer.notes.some((n) => /^Amounts in BRL without a rate .* are left out/.test(n)),
    answer.notes.join("\n"),
  );
});

Deno.test("currency: a list in a currency with no rate for its amounts says they are left out", async () => {
  const { s } = await mixedCurrencies();
  const list = async () => {
    const res = await s.api.get(`/api/campaigns?from=${day(-3)}&to=${day(-1)}&tz=UTC`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as { items: unknown[]; rateNotes?: string[] };
  };
  // USD, GBP and EUR amounts, all rated to USD: none left out (day −1 uses day −2's rates).
  assert.deepEqual((await list()).rateNotes, [
    `USD has no rate for ${day(-1)}: the rate of ${day(-2)} is used.`,
    `GBP has no rate for ${day(-1)}: the rate of ${day(-2)} is used.`,
  ]);
  // In BRL, which has no rate at all, every amount drops out: the list says so, as reports do.
  assert.equal((await s.api.put("/api/settings/stats", { currency: "BRL" })).status, 200);
  const notes = (await list()).rateNotes ?? [];
  assert.ok(
    notes.some((n) => /^Amounts in EUR, GBP, USD without a rate to BRL .* left out/.test(n)),
    notes.join("\n"),
  );
  // Sorted by a stat, the list reads every item's stats and says the same.
  const sorted = await s.api.get(
    `/api/campaigns?from=${day(-3)}&to=${day(-1)}&tz=UTC&sort=revenue&order=desc`,
  );
  assert.deepEqual(sorted.body.rateNotes, notes);
});

Deno.test("currency: a campaign's cost currency is its clicks' and reports convert it", async () => {
  const s = await trackingApp({ campaign: { costModel: "cpc", costValue: 0.8 } });
  const db = s.app.deps.db;
  const bad = await s.api.patch(`/api/campaigns/${s.campaignId}`, { costCurrency: "pounds" });
  assert.equal(bad.status, 400);
  const saved = await s.api.patch(`/api/campaigns/${s.campaignId}`, { costCurrency: "GBP" });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body.costCurrency, "GBP");
  const id = clickIdOf(await s.click());
  s.app.deps.tracking.clicks.flushRollups();
  const row = db.prepare("SELECT cost, cost_currency FROM clicks WHERE id = ?").get(id)!;
  assert.deepEqual([row.cost, row.cost_currency], [800_000, "GBP"]);
  const today = new Date().toISOString().slice(0, 10);
  setRate(db, "GBP", -30, 0.8);
  setRate(db, "USD", -30, 1.2);
  const res = await s.api.get(
    `/api/report?subjectType=campaign&subjectIds=${s.campaignId}&from=${today}&to=${today}&tz=UTC&groupBy=day`,
  );
  assert.equal(res.status, 200);
  // 0.80 £ at 1.20 $/€ and 0.80 £/€ is 1.20 $.
  assert.equal((res.body.totals as Record<string, number>).cost, 1.2);
  const list = await s.api.get(`/api/campaigns?from=${today}&to=${today}&tz=UTC`);
  const item = (list.body.items as Array<{ id: number; stats: { cost: number } }>)
    .find((c) => c.id === s.campaignId)!;
  assert.equal(item.stats.cost, 1.2);
});
