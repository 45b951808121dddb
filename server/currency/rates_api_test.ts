import assert from "node:assert/strict";
import { CURRENCY_RATE_ROUTES as R } from "../../contracts/api/currency_rates.ts";
import { errorOf, ratesApp, storedChanges, storedRates } from "./testing.ts";

const RATES = "/api/currency-rates";

Deno.test("currency rates: set, list with filters and paging, delete; each change is in the history", async (t) => {
  const { api, db } = await ratesApp();
  await t.step("setting adds a rate, then replaces it", async () => {
    const set = (body: { currency: string; day: string; perEur: number }) =>
      api.call(R.set, { body });
    const added = await set({ currency: "usd", day: "2026-11-20", perEur: 1.08 });
    assert.equal(added.outcome, "added");
    assert.equal(added.before, null);
    assert.deepEqual(
      { ...added.rate, updatedAt: 0 },
      { currency: "USD", day: "2026-11-20", perEur: 1.08, source: "manual", updatedAt: 0 },
    );
    const changed = await set({ currency: "USD", day: "2026-11-20", perEur: 1.0856 });
    assert.equal(changed.outcome, "changed");
    assert.equal(changed.before, 1.08);
    const same = await set({ currency: "USD", day: "2026-11-20", perEur: 1.0856 });
    assert.equal(same.outcome, "unchanged");
    assert.deepEqual(storedRates(db), ["USD 2026-11-20 1.0856 manual"]);
  });
  await t.step("the list is newest day first, filtered by currency and days, paged", async () => {
    for (
      const body of [
        { currency: "GBP", day: "2026-11-20", perEur: 0.86 },
        { currency: "USD", day: "2026-11-21", perEur: 1.09 },
      ]
    ) {
      await api.call(R.set, { body });
    }
    const all = await api.call(R.list, {});
    assert.equal(all.total, 3);
    const keys = all.items.map((r) => `${r.day} ${r.currency}`);
    assert.deepEqual(keys, ["2026-11-21 USD", "2026-11-20 GBP", "2026-11-20 USD"]);
    const usd = await api.call(R.list, {
      query: { currency: "usd", from: "2026-11-21", to: "2026-11-30" },
    });
    assert.deepEqual(usd.total, 1);
    const page = await api.call(R.list, { query: { limit: 1, offset: 1 } });
    assert.equal(page.items[0].currency, "GBP");
    assert.equal(page.total, 3);
  });
  await t.step("deleting removes one rate; a missing one is a 404", async () => {
    const key = { currency: "GBP", day: "2026-11-20" };
    const gone = await api.call(R.remove, { query: key });
    assert.equal(gone.deleted.perEur, 0.86);
    const again = await api.attempt(R.remove, { query: key });
    assert.equal(again.status, 404);
    assert.match(errorOf(again).message, /No GBP rate on 2026-11-20/);
  });
  await t.step(
    "the history has every change with who, before and after, newest first",
    async () => {
      assert.deepEqual(storedChanges(db), [
        "root manual USD 2026-11-20 null→1.08",
        "root manual USD 2026-11-20 1.08→1.0856",
        "root manual GBP 2026-11-20 null→0.86",
        "root manual USD 2026-11-21 null→1.09",
        "root manual GBP 2026-11-20 0.86→null",
      ]);
      const query = { currency: "USD", day: "2026-11-20" };
      const { items } = await api.call(R.changes, { query });
      assert.deepEqual(items.map((i) => [i.username, i.before, i.after]), [
        ["root", 1.08, 1.0856],
        ["root", null, 1.08],
      ]);
      assert.equal(typeof items[0].userId, "number");
    },
  );
});

Deno.test("currency rates: bad input answers 400 with the field and changes nothing", async (t) => {
  const { api, db } = await ratesApp();
  await api.put(RATES, { currency: "USD", day: "2026-11-20", perEur: 1.08 });
  const before = storedRates(db);
  const history = storedChanges(db);
  const cases: Array<[string, unknown, string, RegExp]> = [
    ["EUR takes no rate", { currency: "EUR", day: "2026-11-20", perEur: 1 }, "currency", /EUR/],
    ["a 2-letter code", { currency: "US", day: "2026-11-20", perEur: 1 }, "currency", /3-letter/],
    ["a day that does not exist", { currency: "USD", day: "2026-02-30", perEur: 1 }, "day", /real/],
    [
      "a day in another shape",
      { currency: "USD", day: "20.11.2026", perEur: 1 },
      "day",
      /day like/,
    ],
    ["a zero rate", { currency: "USD", day: "2026-11-20", perEur: 0 }, "perEur", /above 0/],
    ["a negative rate", { currency: "USD", day: "2026-11-20", perEur: -1.1 }, "perEur", /above 0/],
    ["a rate as text", { currency: "USD", day: "2026-11-20", perEur: "1.1" }, "perEur", /number/],
    ["no rate", { currency: "USD", day: "2026-11-20" }, "perEur", /number/],
  ];
  for (const [name, body, field, message] of cases) {
    await t.step(name, async () => {
      const res = await api.put(RATES, body);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      const error = errorOf(res);
      assert.equal(error.issues?.[0].path, field);
      assert.match(error.message, message);
    });
  }
  await t.step("bad filters and keys", async () => {
    assert.equal((await api.get(`${RATES}?from=2026-11-21&to=2026-11-20`)).status, 400);
    assert.equal((await api.get(`${RATES}?limit=0`)).status, 400);
    assert.equal((await api.get(`${RATES}/changes?currency=EURO`)).status, 400);
    assert.equal((await api.del(`${RATES}?currency=USD&day=yesterday`)).status, 400);
    assert.equal((await api.del(`${RATES}?currency=USD`)).status, 400);
  });
  assert.deepEqual(storedRates(db), before);
  assert.deepEqual(storedChanges(db), history);
});

Deno.test("currency rates: only admins change rates; every signed-in user reads them", async (t) => {
  const { app, api, user, db } = await ratesApp();
  await api.put(RATES, { currency: "USD", day: "2026-11-20", perEur: 1.08 });
  await t.step("a plain user reads the rates and their history", async () => {
    assert.equal((await user.call(R.list, {})).total, 1);
    assert.equal((await user.call(R.changes, {})).items.length, 1);
    assert.equal((await user.call(R.lastRun, {})).lastRun, null);
  });
  await t.step("but sets, deletes, uploads and fetches nothing", async () => {
    const answers = [
      await user.attempt(R.set, { body: { currency: "USD", day: "2026-11-20", perEur: 2 } }),
      await user.attempt(R.remove, { query: { currency: "USD", day: "2026-11-20" } }),
      await user.attempt(R.csv, { body: { csv: "2026-11-20,USD,2", dryRun: false } }),
      await user.attempt(R.fetch, {}),
    ];
    for (const res of answers) {
      assert.equal(res.status, 403);
      assert.match(errorOf(res).message, /Only admins change currency rates/);
    }
    assert.deepEqual(storedRates(db), ["USD 2026-11-20 1.08 manual"]);
  });
  await t.step("without a session: 401", async () => {
    assert.equal((await app.request(RATES)).status, 401);
  });
});

Deno.test("currency rates CSV: a dry run answers each row and changes nothing", async () => {
  const { api, db } = await ratesApp();
  await api.put(RATES, { currency: "USD", day: "2026-11-20", perEur: 1.08 });
  const res = await api.call(R.csv, {
    body: {
      csv: "2026-11-20,USD,1.0856\n2026-11-20,gbp,0.8612\n2026-11-21, JPY ,162.5\n",
      dryRun: true,
    },
  });
  assert.equal(res.applied, false);
  assert.deepEqual([res.added, res.changed, res.unchanged], [2, 1, 0]);
  assert.deepEqual(res.rows.map((r) => [r.line, r.ok, r.currency, r.before, r.outcome]), [
    [1, true, "USD", 1.08, "changed"],
    [2, true, "GBP", null, "added"],
    [3, true, "JPY", null, "added"],
  ]);
  assert.deepEqual(storedRates(db), ["USD 2026-11-20 1.08 manual"]);
  assert.equal(storedChanges(db).length, 1);
});

Deno.test("currency rates CSV: one refused row refuses the whole file, each with its reason", async () => {
  const { api, db } = await ratesApp();
  const csv = [
    "day,currency,per_eur",
    "2026-11-20,USD,1.0856",
    "2026-11-20,EUR,1",
    "2026-11-31,GBP,0.86",
    "2026-11-20,JPY,abc",
    "2026-11-20,CHF",
    "2026-11-20,USD,1.09",
    "2026-11-21,SEK,0",
    "2026-11-21,EUO,1.1",
  ].join("\n");
  const res = await api.call(R.csv, { body: { csv, dryRun: false } });
  assert.equal(res.applied, false);
  assert.deepEqual(res.rows.map((r) => [r.line, r.ok, r.error]), [
    [2, true, undefined],
    [3, false, "currency EUR is always 1 and takes no rate"],
    [4, false, "day is not a real date"],
    [5, false, "per_eur 'abc' is not a number above 0"],
    [6, false, "expected 3 columns (day, currency, per_eur)"],
    [7, false, "USD 2026-11-20 is also on line 2"],
    [8, false, "per_eur must be above 0"],
    [9, false, "currency EUO is not a currency code (ISO 4217) like USD or EUR"],
  ]);
  assert.deepEqual(storedRates(db), []);
  assert.deepEqual(storedChanges(db), []);
});

Deno.test("currency rates CSV: a header may order the columns; applying stores every row with history", async (t) => {
  const { api, db } = await ratesApp();
  await api.put(RATES, { currency: "USD", day: "2026-11-20", perEur: 1.08 });
  await t.step("applied whole", async () => {
    const csv = "Currency,Rate,Date\r\nUSD,1.0856,2026-11-20\r\nGBP,0.8612,2026-11-20\r\n";
    const res = await api.call(R.csv, { body: { csv, dryRun: false } });
    assert.equal(res.applied, true);
    assert.deepEqual(storedRates(db), [
      "GBP 2026-11-20 0.8612 csv",
      "USD 2026-11-20 1.0856 csv",
    ]);
    assert.deepEqual(storedChanges(db), [
      "root manual USD 2026-11-20 null→1.08",
      "root csv USD 2026-11-20 1.08→1.0856",
      "root csv GBP 2026-11-20 null→0.8612",
    ]);
  });
  await t.step("a file that cannot be read is a 400 and changes nothing", async () => {
    const files: Array<[string, RegExp]> = [
      ["day,currency,per_eur\n", /CSV: no rows/],
      ["day,currency,amount\n2026-11-20,USD,1", /unknown column 'amount'/],
      ['2026-11-20,"USD,1.1\n', /never closed/],
      ["", /csv: must not be empty/],
    ];
    for (const [csv, message] of files) {
      const res = await api.attempt(R.csv, { body: { csv, dryRun: false } });
      assert.equal(res.status, 400, `${csv}: ${JSON.stringify(res.body)}`);
      assert.match(errorOf(res).message, message);
    }
    assert.equal(storedChanges(db).length, 3);
  });
});
