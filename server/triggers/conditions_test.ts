import assert from "node:assert/strict";
import {
  check,
  createTrigger,
  history,
  HOUR,
  metric,
  MIN,
  spendTrigger,
  T0,
  traffic,
  world,
} from "./testing.ts";

Deno.test("triggers: cost ≥ 20 with no conversions over 6 h fires, with the figures, and not before", async () => {
  const w = await world();
  const id = await createTrigger(w, spendTrigger(w));
  traffic(w, { n: 10, ts: T0 - 2 * HOUR, cost: 1.5 });
  assert.deepEqual(await check(w, id), [], "15 spent: below 20");
  traffic(w, { n: 5, ts: T0 - HOUR, cost: 1.5 });
  assert.deepEqual(await check(w, id), ["Push"]);
  const [record] = await history(w, id);
  assert.equal(record.figures["cost@6h"], 22.5);
  assert.equal(record.figures["conversions@6h"], 0);
  assert.match(record.why, /cost 22.5 >= 20/);
});

Deno.test("triggers: the window slides — clicks older than the window do not count", async () => {
  const w = await world();
  const id = await createTrigger(w, spendTrigger(w));
  traffic(w, { n: 20, ts: T0 - 7 * HOUR, cost: 2 });
  assert.deepEqual(await check(w, id), []);
  const wide = await createTrigger(
    w,
    spendTrigger(w, {
      conditions: [metric("cost >= 20", "1 days")],
    }),
  );
  assert.deepEqual(await check(w, wide), ["Push"]);
  const minutes = await createTrigger(
    w,
    spendTrigger(w, {
      conditions: [metric("clicks >= 1", "30 minutes")],
    }),
  );
  assert.deepEqual(await check(w, minutes), []);
  traffic(w, { n: 1, ts: T0 - 10 * MIN });
  assert.deepEqual(await check(w, minutes), ["Push"]);
});

Deno.test("triggers: a conversion keeps the spend trigger quiet; `any` logic fires on either", async () => {
  const w = await world();
  const all = await createTrigger(w, spendTrigger(w));
  const any = await createTrigger(w, spendTrigger(w, { logic: "any" }));
  traffic(w, { n: 10, ts: T0 - HOUR, cost: 1 });
  traffic(w, { n: 1, ts: T0 - HOUR, conversions: 1 });
  assert.deepEqual(await check(w, all), [], "10 spent and a sale");
  assert.deepEqual(await check(w, any), [], "neither holds");
  traffic(w, { n: 10, ts: T0 - HOUR, cost: 1.5 });
  assert.deepEqual(await check(w, all), [], "25 spent but a sale");
  assert.deepEqual(await check(w, any), ["Push"], "25 spent is enough for any");
});

Deno.test("triggers: the minimum-clicks guard holds metric conditions back", async () => {
  const w = await world();
  const cr = metric("cr < 5", "6 hours");
  const guarded = await createTrigger(w, spendTrigger(w, { conditions: [cr], minClicks: 50 }));
  const open = await createTrigger(w, spendTrigger(w, { conditions: [cr], minClicks: 0 }));
  traffic(w, { n: 30, ts: T0 - HOUR });
  assert.deepEqual(await check(w, open), ["Push"]);
  assert.deepEqual(await check(w, guarded), [], "30 clicks < 50");
  traffic(w, { n: 30, ts: T0 - HOUR });
  assert.deepEqual(await check(w, guarded), ["Push"]);
});

Deno.test("triggers: a ratio over a zero divisor (CR without clicks, ROI without cost) never holds", async () => {
  const w = await world();
  const cr = await createTrigger(w, spendTrigger(w, { conditions: [metric("cr < 5", "6 hours")] }));
  const roi = await createTrigger(
    w,
    spendTrigger(w, { conditions: [metric("roi <= 0", "6 hours")], minClicks: 10 }),
  );
  assert.deepEqual(await check(w, cr), [], "no clicks: no CR to be low");
  traffic(w, { n: 20, ts: T0 - HOUR });
  assert.deepEqual(await check(w, roi), [], "no cost: no ROI to be low");
  assert.deepEqual(await check(w, cr), ["Push"], "20 clicks, no sale: CR 0 < 5");
  traffic(w, { n: 5, ts: T0 - HOUR, cost: 1 });
  assert.deepEqual(await check(w, roi), ["Push"], "5 spent, nothing earned: ROI -100");
});

Deno.test("triggers: a % change against the previous window (CR fell by more than 50 %)", async () => {
  const w = await world();
  const id = await createTrigger(
    w,
    spendTrigger(w, {
      conditions: [metric("cr <= -50", "24 hours", { previous: true })],
    }),
  );
  traffic(w, { n: 100, ts: T0 - 30 * HOUR, conversions: 10 }); // previous: CR 10 %
  traffic(w, { n: 100, ts: T0 - 2 * HOUR, conversions: 6 }); // now: CR 6 % (-40 %)
  assert.deepEqual(await check(w, id), []);
  traffic(w, { n: 100, ts: T0 - 2 * HOUR }); // now: CR 3 % (-70 %)
  assert.deepEqual(await check(w, id), ["Push"]);
  const [record] = await history(w, id);
  assert.equal(record.figures["cr change %"], -70);
});

Deno.test("triggers: a formula column is a metric like any other", async () => {
  const w = await world();
  const id = await createTrigger(
    w,
    spendTrigger(w, {
      formulas: [{ name: "f_cost2", label: "Double cost", expr: "cost * 2", format: "money" }],
      conditions: [metric("f_cost2 > 30", "6 hours")],
    }),
  );
  traffic(w, { n: 10, ts: T0 - HOUR, cost: 1.5 });
  assert.deepEqual(await check(w, id), [], "2 × 15 = 30, not > 30");
  traffic(w, { n: 1, ts: T0 - HOUR, cost: 1 });
  assert.deepEqual(await check(w, id), ["Push"]);
});

Deno.test("triggers: figures equal the report's for the same range", async () => {
  const w = await world();
  traffic(w, { n: 7, ts: T0 - 26 * HOUR, cost: 0.3, conversions: 2, payout: 4 });
  traffic(w, { n: 5, ts: T0 - 3 * HOUR, cost: 0.7, conversions: 1, payout: 9 });
  const day = Date.UTC(2026, 2, 1);
  const figures = await w.app.deps.reads.run("triggerFigures", {
    scope: { type: "campaign", ids: [w.campaignId], campaignId: null, token: null },
    formulas: [],
    spans: [{ start: day, end: day + 2 * 86_400_000 }],
  });
  const report = await w.api.get(
    `/api/report?subjectType=campaign&subjectIds=${w.campaignId}&groupBy=campaign&from=2026-03-01&to=2026-03-02`,
  );
  assert.deepEqual(figures.spans[0][`campaign:${w.campaignId}`], report.body.totals);
});

Deno.test("triggers: no postback from a network for 3 h while clicks ≥ 100", async () => {
  const w = await world();
  const id = await createTrigger(w, {
    name: "Silent network",
    scope: { type: "affiliate-network" },
    conditions: [{ kind: "noPostbacks", window: { amount: 3, unit: "hours" }, minClicks: 100 }],
    actions: [{ kind: "notify", channels: ["panel"] }],
  });
  traffic(w, { n: 99, ts: T0 - HOUR });
  assert.deepEqual(await check(w, id), [], "99 clicks");
  traffic(w, { n: 1, ts: T0 - HOUR, conversions: 1 });
  assert.deepEqual(await check(w, id), [], "a postback came");
  w.clock.now = T0 + 3 * HOUR;
  traffic(w, { n: 100, ts: T0 + HOUR });
  assert.deepEqual(await check(w, id), ["MaxBounty"]);
});

Deno.test("triggers: a scope lists its items; others are not watched", async () => {
  const w = await world();
  const byOffer = (ids: number[]) =>
    spendTrigger(w, {
      scope: { type: "offer", ids },
      conditions: [metric("clicks >= 5", "1 hours")],
    });
  const onlyB = await createTrigger(w, byOffer([w.offerB]));
  const every = await createTrigger(w, byOffer([]));
  traffic(w, { n: 5, ts: T0 - 10 * MIN, offerId: w.offerA });
  assert.deepEqual(await check(w, onlyB), []);
  assert.deepEqual(await check(w, every), ["A"]);
});

Deno.test("triggers: a formula column that does not parse is refused, on create and on edit", async () => {
  const w = await world();
  const formula = (expr: string) => [{ name: "f_cpl", label: "CPL", expr, format: "money" }];
  const bad = spendTrigger(w, {
    formulas: formula("cost / "),
    conditions: [metric("f_cpl > 2", "6 hours")],
  });
  const refused = await w.api.post("/api/triggers", bad);
  assert.equal(refused.status, 400);
  const error = refused.body.error as { message: string; issues: { path: string }[] };
  assert.equal(error.issues[0].path, "formulas.0.expr");
  assert.match(error.message, /formulas\.0\.expr: The formula ends too early/);
  assert.equal((await w.api.get("/api/triggers")).body.total, 3, "the install's three only");
  const id = await createTrigger(w, { ...bad, formulas: formula("cost / leads") });
  const edit = await w.api.patch(`/api/triggers/${id}`, { formulas: formula("cost / nope") });
  assert.equal(edit.status, 400);
  const stored = (await w.api.get(`/api/triggers/${id}`)).body.formulas as { expr: string }[];
  assert.equal(stored[0].expr, "cost / leads");
});

Deno.test("triggers: bad input answers 400 and saves nothing", async (t) => {
  const w = await world();
  const before = (await w.api.get("/api/triggers")).body.total;
  const cases: [string, Record<string, unknown>][] = [
    ["unknown metric", {
      conditions: [metric("nope > 1", "1 hours")],
    }],
    ["pause on an offer scope", { scope: { type: "offer" }, actions: [{ kind: "pauseCampaign" }] }],
    ["URL check on campaigns", { conditions: [{ kind: "urlDown" }] }],
    ["token scope without a token", { scope: { type: "token", campaignId: w.campaignId } }],
    ["no actions", { actions: [] }],
    ["a window over 90 days", {
      conditions: [metric("cost > 1", "91 days")],
    }],
  ];
  for (const [name, patch] of cases) {
    await t.step(name, async () => {
      const res = await w.api.post("/api/triggers", spendTrigger(w, patch));
      assert.equal(res.status, 400, JSON.stringify(res.body));
    });
  }
  assert.equal((await w.api.get("/api/triggers")).body.total, before);
});
