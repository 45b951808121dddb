import assert from "node:assert/strict";
import { buildOffer } from "../../fixtures/builders.ts";
import { idOf } from "../entities/testing.ts";
import { clickIdOf, trackingApp } from "./testing.ts";

const DE = "81.169.145.1", US = "8.8.8.8";

Deno.test("offer country: an offer is skipped for visitors from other countries; redirect and lander click-through obey", async (t) => {
  const s = await trackingApp();
  const german = s.offerIds[0];
  const american = idOf(await s.api.post("/api/offers", buildOffer({ name: "US only" })));
  for (const [id, country] of [[german, "DE"], [american, "US"]] as const) {
    const res = await s.api.patch(`/api/offers/${id}`, { country });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }
  const path = {
    weight: 1,
    direct: false,
    landings: [{ landingId: s.landingId, weight: 1 }],
    offers: [{ offerId: german, weight: 1 }, { offerId: american, weight: 1 }],
  };
  const saved = await s.api.patch(`/api/campaigns/${s.campaignId}`, {
    destination: { type: "flow", flow: { rules: [], defaultPaths: [path] } },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const offerOf = (id: string) =>
    Number(s.app.deps.db.prepare("SELECT offer_id FROM clicks WHERE id = ?").get(id)!.offer_id);

  await t.step("redirect: each visitor gets only the offer of their country", async () => {
    for (let i = 0; i < 6; i++) {
      assert.equal(offerOf(clickIdOf(await s.click({ ip: DE }))), german);
      assert.equal(offerOf(clickIdOf(await s.click({ ip: US }))), american);
    }
  });
  await t.step("lander click-through to another country's offer: the visitor's own", async () => {
    const click = clickIdOf(await s.click({ ip: US }));
    const lp = await s.app.request(`/lp/click?clickid=${click}&offer=1`, { redirect: "manual" });
    assert.equal(lp.status, 302);
    assert.equal(offerOf(click), american);
  });
  await t.step("a visitor no offer fits is still routed, not lost, at the lander too", async () => {
    const BR = "177.184.208.56";
    const res = await s.click({ ip: BR });
    assert.equal(res.status, 302);
    const click = clickIdOf(res);
    assert.ok([german, american].includes(offerOf(click)));
    // The lander's button: the offer the click was given, not a 404 that loses the visitor.
    for (const query of ["", "&offer=1"]) {
      const lp = await s.app.request(`/lp/click?clickid=${click}${query}`, { redirect: "manual" });
      assert.equal(lp.status, 302, `offer${query}: ${await lp.clone().text()}`);
    }
  });
  await t.step("an offer without a country takes every visitor", async () => {
    await s.api.patch(`/api/offers/${german}`, { country: "" });
    const seen = new Set<number>();
    for (let i = 0; i < 40 && seen.size < 2; i++) {
      seen.add(offerOf(clickIdOf(await s.click({ ip: US }))));
    }
    assert.deepEqual([...seen].sort(), [german, american].sort());
  });
});

Deno.test("offer country: a country given to an offer of a flow already taking clicks holds from the next click", async () => {
  const s = await trackingApp();
  const [first, second] = [s.offerIds[0], idOf(await s.api.post("/api/offers", buildOffer()))];
  const saved = await s.api.patch(`/api/campaigns/${s.campaignId}`, {
    destination: {
      type: "flow",
      flow: {
        rules: [],
        defaultPaths: [{
          weight: 1,
          direct: true,
          landings: [],
          offers: [{ offerId: first, weight: 1 }, { offerId: second, weight: 1 }],
        }],
      },
    },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const offerOf = async () => {
    const id = clickIdOf(await s.click({ ip: US }));
    return Number(
      s.app.deps.db.prepare("SELECT offer_id FROM clicks WHERE id = ?").get(id)!.offer_id,
    );
  };
  // Neither offer has a country or a cap: the flow routes without asking (freeOffers).
  const seen = new Set<number>();
  for (let i = 0; i < 60 && seen.size < 2; i++) seen.add(await offerOf());
  assert.deepEqual([...seen].sort(), [first, second].sort());
  assert.equal((await s.api.patch(`/api/offers/${first}`, { country: "DE" })).status, 200);
  for (let i = 0; i < 20; i++) assert.equal(await offerOf(), second);
});
