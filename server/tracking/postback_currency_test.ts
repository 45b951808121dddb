import assert from "node:assert/strict";
import { clickIdOf, NETWORK_IP, toOffer, trackingApp, type TrackingSetup } from "./testing.ts";

function postback(s: TrackingSetup, query: string) {
  return s.app.request(`/postback?token=s3cr3t-token&${query}`, { ip: NETWORK_IP });
}

function lastConversion(s: TrackingSetup) {
  const row = s.app.deps.db.prepare(
    "SELECT payout, currency FROM conversions ORDER BY id DESC LIMIT 1",
  ).get()!;
  return [Number(row.payout), String(row.currency)];
}

Deno.test("postback currency: each amount is stored in the currency it is in", async (t) => {
  const s = await trackingApp();
  await s.api.patch(`/api/affiliate-networks/${s.networkId}`, { currency: "GBP" });
  await t.step("a fixed USD payout stays USD under currency=EUR", async () => {
    const id = clickIdOf(await s.click());
    assert.equal((await postback(s, `clickid=${id}&status=sale&txid=A&currency=EUR`)).status, 200);
    assert.deepEqual(lastConversion(s), [12_500_000, "USD"]);
  });
  await toOffer(s, s.offerIds[1]);
  await t.step("an auto payout sent with currency=EUR is EUR", async () => {
    const id = clickIdOf(await s.click());
    await postback(s, `clickid=${id}&status=sale&txid=B&payout=3&currency=EUR`);
    assert.deepEqual(lastConversion(s), [3_000_000, "EUR"]);
  });
  await t.step("an auto payout sent without a currency is in the network's currency", async () => {
    const id = clickIdOf(await s.click());
    await postback(s, `clickid=${id}&status=sale&txid=C&payout=4`);
    assert.deepEqual(lastConversion(s), [4_000_000, "GBP"]);
  });
  await t.step("no payout sent: the offer's payout in the offer's currency", async () => {
    const id = clickIdOf(await s.click());
    await postback(s, `clickid=${id}&status=sale&txid=D&currency=EUR`);
    assert.deepEqual(lastConversion(s), [1_000_000, "USD"]);
  });
});

Deno.test("postback currency: a network's unknown code is kept, not refused (decision 187)", async () => {
  const s = await trackingApp();
  await toOffer(s, s.offerIds[1]);
  const id = clickIdOf(await s.click());
  // The conversion counts; the report's note names the missing rate.
  const res = await postback(s, `clickid=${id}&status=sale&txid=X&payout=3&currency=xyz`);
  assert.equal(res.status, 200);
  await res.body?.cancel();
  assert.deepEqual(lastConversion(s), [3_000_000, "XYZ"]);
});
