import assert from "node:assert/strict";
import { buildOffer } from "../../fixtures/builders.ts";
import { idOf } from "../entities/testing.ts";
import { clickIdOf, NETWORK_IP, trackingApp, type TrackingSetup } from "./testing.ts";

const sale = (s: TrackingSetup, clickId: string, status = "sale") =>
  s.app.request(
    `/postback?token=s3cr3t-token&clickid=${clickId}&status=${status}&txid=${clickId}`,
    {
      ip: NETWORK_IP,
    },
  );

const offerOf = (s: TrackingSetup, id: string) =>
  Number(s.app.deps.db.prepare("SELECT offer_id FROM clicks WHERE id = ?").get(id)!.offer_id);

async function capped(s: TrackingSetup, patch: Record<string, unknown>) {
  const res = await s.api.patch(`/api/offers/${s.offerIds[0]}`, patch);
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

Deno.test("offer caps: after N conversions today the offer's share goes to its fallback", async () => {
  const s = await trackingApp();
  const [capOffer, fallback] = s.offerIds;
  await capped(s, { dailyCap: 2, capFallbackOfferId: fallback });
  const first = clickIdOf(await s.click());
  assert.equal(offerOf(s, first), capOffer);
  assert.equal((await sale(s, first, "lead")).status, 200);
  const second = clickIdOf(await s.click());
  assert.equal(offerOf(s, second), capOffer, "one conversion of two: still open");
  await sale(s, second, "declined");
  assert.equal(offerOf(s, clickIdOf(await s.click())), capOffer, "rejected ones do not count");
  await sale(s, second);
  assert.equal(offerOf(s, clickIdOf(await s.click())), fallback, "capped: the fallback");
  // A status changed elsewhere (the Conversions screen) frees the cap at once.
  s.app.deps.db.prepare("UPDATE conversions SET status = 'rejected' WHERE click_id = ?").run(first);
  assert.equal(offerOf(s, clickIdOf(await s.click())), capOffer);
  const caps = await s.api.get("/api/offers/caps");
  assert.deepEqual(caps.body.items, [
    { offerId: capOffer, dailyCap: 2, conversions: 1, capped: false },
  ]);
});

Deno.test("offer caps: without a fallback a capped offer is skipped; the click API and lander click-through obey", async (t) => {
  const s = await trackingApp();
  const [capOffer, other] = s.offerIds;
  const third = idOf(await s.api.post("/api/offers", buildOffer({ name: "Third" })));
  await capped(s, { dailyCap: 1 });
  const path = {
    weight: 1,
    direct: false,
    landings: [{ landingId: s.landingId, weight: 1 }],
    offers: [{ offerId: capOffer, weight: 1000 }, { offerId: third, weight: 1 }],
  };
  await s.api.patch(`/api/campaigns/${s.campaignId}`, {
    destination: { type: "flow", flow: { rules: [], defaultPaths: [path] } },
  });
  const before = clickIdOf(await s.click());
  const recorded = await sale(s, before);
  assert.equal(recorded.status, 200, await recorded.text());
  await t.step("redirect: the other offer of the path", async () => {
    for (let i = 0; i < 5; i++) assert.equal(offerOf(s, clickIdOf(await s.click())), third);
  });
  await t.step("lander click-through to the capped offer: the path's other offer", async () => {
    const lp = await s.app.request(`/lp/click?clickid=${before}&offer=1`, { redirect: "manual" });
    assert.equal(lp.status, 302);
    assert.equal(offerOf(s, before), third);
  });
  await t.step("click API: a fallback set now is used", async () => {
    await capped(s, { capFallbackOfferId: other });
    const res = await s.api.post("/api/click-api/v1", {
      key: s.key,
      ip: "8.8.8.8",
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const picked = offerOf(s, String(res.body.clickId));
    assert.ok(picked === other || picked === third, `got ${picked}`);
    assert.notEqual(picked, capOffer);
  });
  await t.step("the list endpoint says it is capped today", async () => {
    const caps = await s.api.get("/api/offers/caps");
    assert.deepEqual(caps.body.items, [
      { offerId: capOffer, dailyCap: 1, conversions: 1, capped: true },
    ]);
  });
});

Deno.test("offer caps: today's caps come by offer id, an edited offer too", async () => {
  const s = await trackingApp();
  const ids = [];
  for (const [name, dailyCap] of [["Cap one", 5], ["Cap two", 7], ["Cap three", 9]] as const) {
    ids.push(idOf(await s.api.post("/api/offers", buildOffer({ name, dailyCap }))));
  }
  // PostgreSQL wrote the edited row anew at its heap's end and, unordered, read it last.
  assert.equal((await s.api.patch(`/api/offers/${ids[0]}`, { dailyCap: 6 })).status, 200);
  const caps = await s.api.get("/api/offers/caps");
  const items = caps.body.items as Array<{ offerId: number; dailyCap: number }>;
  assert.deepEqual(items.map((c) => c.offerId), ids);
  assert.deepEqual(items.map((c) => c.dailyCap), [6, 7, 9]);
});
