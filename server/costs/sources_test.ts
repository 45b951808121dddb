import assert from "node:assert/strict";
import { createApiKey } from "../auth/api_keys.ts";
import { apiAs } from "../entities/testing.ts";
import { costsById, costSetup, day } from "./testing.ts";

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

Deno.test("cost CSV: a dry run checks every row and changes nothing; a bad row names its line and blocks the file", async () => {
  const { s } = await costSetup();
  const before = costsById(s);
  const csv = [
    "campaign,from,to,token,amount,currency",
    `${s.campaignId},${day(-2)},${day(-2)},zone=z1,4,USD`,
    `Nowhere,${day(-1)},${day(-1)},,1,USD`,
    `${s.campaignId},${day(-1)},${day(-1)},colour=red,1,USD`,
    `${s.campaignId},${day(-1)},${day(-1)},2.5,EUR`,
    `${s.campaignId},${day(-1)},${day(-1)},2.5,EUO`,
  ].join("\n");
  for (const dryRun of [true, false]) {
    const res = await s.api.post("/api/cost-updates/csv", { csv, dryRun });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const rows = res.body.rows as Array<{ line: number; ok: boolean; error?: string }>;
    assert.equal(res.body.applied, false);
    assert.deepEqual(rows.map((r) => [r.line, r.ok]), [
      [2, true],
      [3, false],
      [4, false],
      [5, false],
      [6, false],
    ]);
    assert.match(rows[1].error!, /no campaign 'Nowhere'/);
    assert.match(rows[2].error!, /no token 'colour'/);
    assert.match(rows[3].error!, /No USD\/EUR rate on or before/);
    assert.equal(rows[4].error, "currency EUO is not a currency code (ISO 4217) like USD or EUR");
  }
  assert.deepEqual(costsById(s), before);
  assert.deepEqual((await s.api.get("/api/cost-updates")).body.items, []);
});

Deno.test("cost CSV: good rows apply together, by campaign name and source token name, and are recorded as CSV", async () => {
  const { s, clicks } = await costSetup();
  const name = String((await s.api.get(`/api/campaigns/${s.campaignId}`)).body.name);
  const csv = [
    `"${name}",${day(-2)},${day(-2)},zone=z1,4,usd`,
    `${s.campaignId},${day(-1)},${day(-1)},5.5,USD`,
  ].join("\r\n");
  const res = await s.api.post("/api/cost-updates/csv", { csv, dryRun: false });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.applied, true);
  const costs = costsById(s);
  const z1 = clicks.filter((c) => c.day === -2 && c.zone === "z1");
  assert.equal(sum(z1.map((c) => costs.get(c.id)!)), 4_000_000);
  assert.equal(sum(clicks.filter((c) => c.day === -1).map((c) => costs.get(c.id)!)), 5_500_000);
  const history = (await s.api.get("/api/cost-updates")).body.items as Array<{ source: string }>;
  assert.deepEqual(history.map((h) => h.source), ["csv", "csv"]);
});

Deno.test("Keitaro's update_costs call, sent unchanged with an API key, sets the spend of a sub id's clicks", async () => {
  const { s, clicks } = await costSetup();
  const root = s.app.deps.db.prepare("SELECT id FROM users WHERE username = 'root'").get()!;
  const { key } = createApiKey(s.app.deps.db, { userId: Number(root.id), name: "ad spend sync" });
  const headers = { "api-key": key, "content-type": "application/json" };
  const body = {
    start_date: `${day(-1)} 00:00`,
    end_date: `${day(0)} 00:00`,
    timezone: "UTC",
    cost: "6.30",
    currency: "USD",
    only_campaign_uniques: 0,
    filters: { sub_id_1: "z2" },
  };
  const url = `/admin_api/v1/campaigns/${s.campaignId}/update_costs`;
  const res = await s.app.request(url, { method: "POST", headers, body: JSON.stringify(body) });
  assert.equal(res.status, 200, await res.clone().text());
  const answer = await res.json();
  assert.equal(answer.success, true);
  const z2 = clicks.filter((c) => c.day === -1 && c.zone === "z2");
  assert.equal(answer.clicks, z2.length);
  const costs = costsById(s);
  assert.equal(sum(z2.map((c) => costs.get(c.id)!)), 6_300_000);
  const [entry] = (await s.api.get("/api/cost-updates")).body.items as Array<{ source: string }>;
  assert.equal(entry.source, "keitaro");

  const noKey = await apiAs(s.app).post(url, body);
  assert.equal(noKey.status, 401);
  const badKey = await s.app.request(url, {
    method: "POST",
    headers: { ...headers, "api-key": "rk_wrong" },
    body: JSON.stringify(body),
  });
  assert.equal(badKey.status, 401);
});

Deno.test("cost CSV: an amount that is not a decimal and a day that does not exist are refused by line, with what was wrong", async () => {
  const { s } = await costSetup();
  const before = costsById(s);
  const id = s.campaignId;
  const csv = [
    `${id},${day(-1)},${day(-1)},abc,USD`,
    `${id},${day(-1)},${day(-1)},zone=z1,,USD`,
    `${id},${day(-1)},${day(-1)},0x10,USD`,
    `${id},2026-02-30,${day(-1)},1,USD`,
    `${id},${day(-1)},${day(-1)},-2,USD`,
  ].join("\n");
  const res = await s.api.post("/api/cost-updates/csv", { csv, dryRun: false });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.applied, false);
  const rows = res.body.rows as Array<{ line: number; ok: boolean; error?: string }>;
  assert.deepEqual(rows.map((r) => [r.line, r.ok, r.error]), [
    [1, false, "amount 'abc' is not a number"],
    [2, false, "amount '' is not a number"],
    [3, false, "amount '0x10' is not a number"],
    [4, false, "from is not a real date"],
    [5, false, "amount must be 0 or more"],
  ]);
  assert.deepEqual(costsById(s), before);
  assert.deepEqual((await s.api.get("/api/cost-updates")).body.items, []);
});

Deno.test("Keitaro's end_date is a moment the period includes: a next day's date or 23:59:59 ends the day, not a day later; a comma list names several values", async () => {
  const { s, clicks } = await costSetup();
  const root = s.app.deps.db.prepare("SELECT id FROM users WHERE username = 'root'").get()!;
  const { key } = createApiKey(s.app.deps.db, { userId: Number(root.id), name: "ad spend sync" });
  const url = `/admin_api/v1/campaigns/${s.campaignId}/update_costs`;
  const send = (body: Record<string, unknown>) =>
    s.app.request(url, {
      method: "POST",
      headers: { "api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ timezone: "UTC", currency: "USD", ...body }),
    });
  const dayTotal = (offset: number) =>
    sum(clicks.filter((c) => c.day === offset).map((c) => costsById(s).get(c.id)!));
  const untouched = dayTotal(-1);
  const ends = [day(-1), `${day(-2)} 23:59:59`, `${day(-2)} 23:59`];
  for (const [i, end_date] of ends.entries()) {
    const res = await send({ start_date: day(-2), end_date, cost: 3 + i });
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal((await res.json()).clicks, clicks.filter((c) => c.day === -2).length);
    assert.equal(dayTotal(-2), (3 + i) * 1_000_000, end_date);
    assert.equal(dayTotal(-1), untouched, `${end_date} leaves the next day alone`);
  }
  const both = await send({
    start_date: `${day(-1)} 00:00`,
    end_date: `${day(0)} 00:00`,
    cost: "2.40",
    filters: { sub_id_1: "z1, z2" },
  });
  assert.equal(both.status, 200, await both.clone().text());
  assert.equal((await both.json()).clicks, clicks.filter((c) => c.day === -1).length);
  assert.equal(dayTotal(-1), 2_400_000);
  // Keitaro's external_id is the click's external id (none of these clicks has one).
  const external = await send({
    start_date: day(-1),
    end_date: day(0),
    cost: 1,
    filters: { external_id: "fb-123" },
  });
  assert.equal(external.status, 422, await external.clone().text());
  assert.match(await external.text(), /No clicks match/);
});

Deno.test("Keitaro's batch call clicks/update_costs sets each period's spend over the campaigns; one period refused refuses all, naming it", async () => {
  const { s, clicks } = await costSetup();
  const root = s.app.deps.db.prepare("SELECT id FROM users WHERE username = 'root'").get()!;
  const { key } = createApiKey(s.app.deps.db, { userId: Number(root.id), name: "ad spend sync" });
  const send = (body: Record<string, unknown>) =>
    s.app.request("/admin_api/v1/clicks/update_costs", {
      method: "POST",
      headers: { "api-key": key, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const before = costsById(s);
  const refused = await send({
    campaign_ids: [s.campaignId],
    only_campaign_uniques: 0,
    costs: [
      { start_date: `${day(-2)} 00:00:00`, end_date: `${day(-2)} 23:59:59`, cost: 4 },
      {
        start_date: `${day(-1)} 00:00:00`,
        end_date: `${day(-1)} 23:59:59`,
        cost: 1,
        filters: { sub_id_1: "nowhere" },
      },
    ],
  });
  assert.equal(refused.status, 422, await refused.clone().text());
  assert.match(await refused.text(), /costs\[1\]: No clicks match/);
  assert.deepEqual(costsById(s), before);

  const res = await send({
    campaign_ids: [s.campaignId],
    timezone: "UTC",
    currency: "USD",
    costs: [
      { start_date: `${day(-2)} 00:00:00`, end_date: `${day(-2)} 23:59:59`, cost: 4 },
      {
        start_date: `${day(-1)} 00:00:00`,
        end_date: `${day(-1)} 23:59:59`,
        cost: "1.50",
        timezone: "UTC",
        filters: { sub_id_1: "z2" },
      },
    ],
  });
  assert.equal(res.status, 200, await res.clone().text());
  const answer = await res.json();
  assert.equal(answer.success, true);
  assert.equal(answer.updates.length, 2);
  const costs = costsById(s);
  assert.equal(sum(clicks.filter((c) => c.day === -2).map((c) => costs.get(c.id)!)), 4_000_000);
  const z2 = clicks.filter((c) => c.day === -1 && c.zone === "z2");
  assert.equal(sum(z2.map((c) => costs.get(c.id)!)), 1_500_000);
  const history = (await s.api.get("/api/cost-updates")).body.items as Array<{ source: string }>;
  assert.deepEqual(history.map((h) => h.source), ["keitaro", "keitaro"]);
  const period = { start_date: day(-2), end_date: day(-1), cost: 1 };
  const unknown = await send({ campaign_ids: [999], costs: [period] });
  assert.equal(unknown.status, 404, await unknown.clone().text());
  assert.match(await unknown.text(), /costs\[0\]: No campaign #999/);
  const backwards = await send({
    campaign_ids: [s.campaignId],
    costs: [{ ...period, start_date: day(-1), end_date: day(-3) }],
  });
  assert.equal(backwards.status, 400, await backwards.clone().text());
  assert.match(await backwards.text(), /costs\[0\]: end_date: must not be before the start/);
  const noKey = await apiAs(s.app).post("/admin_api/v1/clicks/update_costs", {});
  assert.equal(noKey.status, 401);
});
