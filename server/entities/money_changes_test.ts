import assert from "node:assert/strict";
import { buildAffiliateNetwork, buildCampaign, buildOffer } from "../../fixtures/builders.ts";
import { adminApi, idOf, signedIn } from "./testing.ts";

type Change = { ts: number; author: string; field: string; before: unknown; after: unknown };
const changesOf = async (api: { get: (p: string) => Promise<{ body: unknown }> }, path: string) =>
  ((await api.get(`${path}/changes`)).body as { items: Change[] }).items;

Deno.test("money changes: an offer's payout and a campaign's cost are on record with who, when, before and after", async (t) => {
  const { app, api } = await adminApi();
  const offer = `/api/offers/${idOf(await api.post("/api/offers", buildOffer({ payout: 2 })))}`;
  const campaign = `/api/campaigns/${idOf(await api.post("/api/campaigns", buildCampaign()))}`;

  await t.step("a new offer has none", async () => {
    assert.deepEqual(await changesOf(api, offer), []);
  });

  await t.step("a payout change: one line, the values as the API shows them", async () => {
    const before = Date.now();
    assert.equal((await api.patch(offer, { payout: 2.5 })).status, 200);
    const [line, ...rest] = await changesOf(api, offer);
    assert.deepEqual(rest, []);
    assert.deepEqual({ ...line, ts: 0 }, {
      ts: 0,
      author: "root",
      field: "payout",
      before: 2,
      after: 2.5,
    });
    assert.ok(line.ts >= before && line.ts <= Date.now());
  });

  await t.step("a change of name or URL only: nothing new", async () => {
    assert.equal((await api.patch(offer, { name: "Renamed", notes: "x" })).status, 200);
    assert.equal((await changesOf(api, offer)).length, 1);
  });

  await t.step("a refused patch changes nothing and records nothing", async () => {
    assert.equal((await api.patch(offer, { payout: -1 })).status, 400);
    assert.equal((await api.get(offer)).body.payout, 2.5);
    assert.equal((await changesOf(api, offer)).length, 1);
  });

  await t.step(
    "mode and currency in one patch: a line each, newest first, by whoever sent it",
    async () => {
      const buyer = await signedIn(app, {
        username: "buyer",
        role: "user",
        permissions: { offer: "write" },
      });
      assert.equal((await buyer.patch(offer, { payoutMode: "auto", currency: "EUR" })).status, 200);
      const lines = await changesOf(api, offer);
      assert.deepEqual(
        lines.map((l) => [l.author, l.field, l.before, l.after]),
        [
          ["buyer", "payoutMode", "fixed", "auto"],
          ["buyer", "currency", "USD", "EUR"],
          ["root", "payout", 2, 2.5],
        ],
      );
    },
  );

  await t.step("a mass edit records each offer it changed", async () => {
    const other = idOf(await api.post("/api/offers", buildOffer({ name: "B", payout: 1 })));
    const res = await api.patch("/api/offers/mass", {
      ids: [other, Number(offer.split("/").pop())],
      patch: { payout: 3 },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(
      (await changesOf(api, `/api/offers/${other}`)).map((l) => [l.before, l.after]),
      [[1, 3]],
    );
    assert.deepEqual((await changesOf(api, offer))[0].after, 3);
  });

  await t.step("a campaign's cost model and value", async () => {
    const res = await api.patch(campaign, { costModel: "cpm", costValue: 4 });
    assert.equal(res.status, 200);
    assert.deepEqual(
      (await changesOf(api, campaign)).map((l) => [l.field, l.before, l.after]),
      [["costModel", "cpc", "cpm"], ["costValue", 0.012, 4]],
    );
  });

  await t.step("read right needed; an unknown id is a 404", async () => {
    const outsider = await signedIn(app, {
      username: "outsider",
      role: "user",
      permissions: { campaign: "read" },
    });
    assert.equal((await outsider.get(`${offer}/changes`)).status, 403);
    assert.equal((await outsider.get(`${campaign}/changes`)).status, 200);
    assert.equal((await api.get("/api/offers/99999/changes")).status, 404);
  });
});

Deno.test("money changes: a network's currency (its postbacks' payouts without one) is on record", async () => {
  const { api } = await adminApi();
  const network = `/api/affiliate-networks/${
    idOf(await api.post("/api/affiliate-networks", buildAffiliateNetwork({ currency: "USD" })))
  }`;
  assert.equal((await api.patch(network, { postbackToken: "abc", notes: "x" })).status, 200);
  assert.deepEqual(await changesOf(api, network), [], "nothing about money changed");
  assert.equal((await api.patch(network, { currency: "EUR" })).status, 200);
  const lines = await changesOf(api, network);
  assert.deepEqual(lines.map((l) => [l.author, l.field, l.before, l.after]), [
    ["root", "currency", "USD", "EUR"],
  ]);
});
