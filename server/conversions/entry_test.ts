import assert from "node:assert/strict";
import { CONVERSION_ROUTES } from "../../contracts/api/reports.ts";
import { signedIn } from "../entities/testing.ts";
import { clickIdOf, trackingApp, type TrackingSetup } from "../tracking/testing.ts";

const localNow = (offsetMs = 0) =>
  new Date(Date.now() + offsetMs).toISOString().slice(0, 19).replace("T", " ");

async function revenue(s: TrackingSetup): Promise<[number, number]> {
  const list = await s.api.get("/api/campaigns");
  const row = (list.body.items as Array<{ id: number; stats: Record<string, number> }>)
    .find((c) => c.id === s.campaignId)!;
  return [row.stats.conversions, row.stats.revenue];
}

Deno.test("manual conversion: recorded with the postback's rules, once, in the history with its author", async () => {
  const s = await trackingApp();
  const clickId = clickIdOf(await s.click());
  const entry = { clickId, status: "approved", payout: "20", currency: "eur", txid: "M-1" };
  const res = await s.api.post("/api/conversions", entry);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.outcome, "recorded");
  assert.equal(res.body.status, "sale", "a network word maps as in a postback");
  // The offer pays a fixed 12.5: as for a postback, the sent amount does not replace it.
  assert.deepEqual(await revenue(s), [1, 12.5]);
  const again = await s.api.post("/api/conversions", entry);
  assert.equal(again.body.outcome, "duplicate");
  assert.deepEqual(await revenue(s), [1, 12.5]);
  const [item] = (await s.api.call(CONVERSION_ROUTES.list, {})).items;
  const [change] = item.changes ?? [];
  assert.ok(change, "the entry is in the history");
  assert.equal(change.username, "root");
  assert.match(change.after, new RegExp(`sale 12.5 ${item.currency} \\(manual\\)`));
});

Deno.test("manual conversion: an unknown click, a time before the click or in the future, bad fields are refused; nothing is written", async () => {
  const s = await trackingApp();
  const clickId = clickIdOf(await s.click());
  const cases = [
    [{ clickId: "0P0000000000000000000000", status: "lead" }, 422, "Unknown click"],
    [{ clickId, status: "lead", time: "2020-01-01 00:00" }, 422, "before its click"],
    [{ clickId, status: "lead", time: localNow(3_600_000) }, 422, "in the future"],
    [{ clickId, status: "lead", payout: "ten" }, 400, "payout"],
    [{ clickId, status: "" }, 400, "status"],
  ] as const;
  for (const [body, status, text] of cases) {
    const res = await s.api.post("/api/conversions", body);
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.match(JSON.stringify(res.body), new RegExp(text));
  }
  assert.deepEqual(await revenue(s), [0, 0]);
  const user = await signedIn(s.app, {
    username: "ann",
    role: "user",
    permissions: { "*": "write" },
  });
  const refused = await user.post("/api/conversions", { clickId, status: "lead" });
  assert.equal(refused.status, 403);
  assert.match(JSON.stringify(refused.body), /Only admins change conversions/);
  const upload = await user.post("/api/conversions/upload", { csv: `${clickId},lead,,,,` });
  assert.equal(upload.status, 403);
  assert.match(JSON.stringify(upload.body), /Only admins change conversions/);
});

Deno.test("conversion upload: a dry run names each row's fate and writes nothing; a refused row blocks the file; a clean file applies", async () => {
  const s = await trackingApp();
  const a = clickIdOf(await s.click());
  const b = clickIdOf(await s.click());
  const good = [
    "clickid,status,payout,currency,txid,time",
    `${a},lead,5,USD,T1,`,
    `${b},sale,7.5,USD,T2,${localNow(2000)}`,
  ];
  const bad = [
    ...good,
    `nope,lead,1,USD,T3,`,
    `${a},lead,5,USD,T1,2020-01-01 00:00`,
    `${b},lead,5,XYZ,T4,`,
  ];
  const upload = (csv: string[]) =>
    s.api.call(CONVERSION_ROUTES.upload, { body: { csv: csv.join("\n"), dryRun: false } });
  const dry = await upload(bad);
  assert.equal(dry.applied, false);
  const rows = dry.rows;
  assert.deepEqual(rows.map((r) => [r.line, r.outcome]), [
    [2, "recorded"],
    [3, "recorded"],
    [4, "refused"],
    [5, "refused"],
    [6, "refused"],
  ]);
  assert.match(rows[2].error!, /Unknown click/);
  assert.match(rows[3].error!, /before its click/);
  // A code no rate can exist for, as the single entry's body refuses it.
  assert.match(rows[4].error!, /ISO 4217/);
  assert.deepEqual(await revenue(s), [0, 0]);

  const applied = await upload(good);
  assert.equal(applied.applied, true);
  assert.deepEqual(await revenue(s), [2, 25]);
  const twice = await upload(good);
  assert.deepEqual(twice.rows.map((r) => r.outcome), ["duplicate", "duplicate"]);
  assert.deepEqual(await revenue(s), [2, 25]);
});

Deno.test("conversion upload: a status change replaces the click's conversion and its history says what it was before", async () => {
  const s = await trackingApp();
  const clickId = clickIdOf(await s.click());
  const upload = (row: string) =>
    s.api.call(CONVERSION_ROUTES.upload, {
      body: { csv: `clickid,status,payout,currency,txid,time\n${row}`, dryRun: false },
    });
  assert.equal((await upload(`${clickId},hold,,,T1,`)).applied, true);
  const changed = await upload(`${clickId},sale,,,T1,`);
  assert.deepEqual(changed.rows.map((r) => [r.outcome, r.status]), [["recorded", "sale"]]);
  const items = (await s.api.call(CONVERSION_ROUTES.list, {})).items;
  const sale = items.find((i) => i.status === "sale")!;
  const hold = items.find((i) => i.status === "hold")!;
  assert.deepEqual(await revenue(s), [1, 12.5], "the sale replaced the hold");
  const [change] = sale.changes ?? [];
  assert.equal(change.username, "root");
  assert.equal(change.field, "replaced");
  assert.equal(change.before, `hold 12.5 ${hold.currency} (#${hold.id})`);
  assert.match(change.after, /^sale 12.5 .* \(upload\)$/);
});

Deno.test("conversion upload: a dry run calls a row repeating an earlier row of the file a duplicate, as applying the file does", async () => {
  const s = await trackingApp();
  const a = clickIdOf(await s.click());
  const csv = [`${a},sale,,,T1,`, `${a},approved,,,T1,`, `${a},hold,,,T2,`].join("\n");
  const upload = (dryRun: boolean) =>
    s.api.call(CONVERSION_ROUTES.upload, { body: { csv, dryRun } });
  const dry = await upload(true);
  const applied = await upload(false);
  assert.equal(applied.applied, true);
  const fates = (answer: typeof dry) => answer.rows.map((r) => [r.line, r.outcome, r.status]);
  assert.deepEqual(fates(dry), [[1, "recorded", "sale"], [2, "duplicate", "sale"], [
    3,
    "recorded",
    "hold",
  ]]);
  assert.deepEqual(fates(applied), fates(dry));
});

Deno.test("conversion history: a hide-profit user sees no payout in it, as in the conversion", async () => {
  const s = await trackingApp();
  const clickId = clickIdOf(await s.click());
  const upload = (row: string) =>
    s.api.call(CONVERSION_ROUTES.upload, { body: { csv: row, dryRun: false } });
  assert.equal((await upload(`${clickId},hold,,,T1,`)).applied, true);
  assert.equal((await upload(`${clickId},sale,,,T1,`)).applied, true);
  const viewer = await signedIn(s.app, {
    username: "buyer",
    role: "user",
    permissions: { "*": "read" },
    hideProfit: true,
  });
  const { items } = (await viewer.get("/api/conversions")).body as {
    items: Array<{
      id: number;
      status: string;
      payout?: number;
      changes: Array<Record<string, string>>;
    }>;
  };
  const sale = items.find((i) => i.status === "sale")!;
  assert.equal(sale.payout, undefined);
  const hold = items.find((i) => i.status === "hold")!;
  assert.deepEqual(
    [...hold.changes, ...sale.changes].map((c) => `${c.field}: ${c.before} → ${c.after}`),
    [
      "created:  → hold (upload)",
      `replaced: hold (#${hold.id}) → sale (upload)`,
    ],
  );
  // The admin's view keeps the amounts.
  const [own] = (await s.api.call(CONVERSION_ROUTES.list, { query: { status: "sale" } })).items;
  assert.match(own.changes![0].after, /^sale 12\.5 \w{3} \(upload\)$/);
});
