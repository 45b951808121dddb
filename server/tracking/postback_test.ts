import assert from "node:assert/strict";
import { clickIdOf, NETWORK_IP, toOffer, trackingApp, type TrackingSetup } from "./testing.ts";

const TOKEN = "s3cr3t-token";

function postback(s: TrackingSetup, query: string, opts: { ip?: string; method?: string } = {}) {
  return s.app.request(`/postback?token=${TOKEN}&${query}`, {
    ip: opts.ip ?? NETWORK_IP,
    method: opts.method,
  });
}

function conversions(s: TrackingSetup) {
  return s.app.deps.db.prepare(
    "SELECT status, original_status, payout, txid, current, currency FROM conversions ORDER BY id",
  ).all().map((r) => ({ ...r }));
}

Deno.test("postback: records a conversion once; a repeated txid counts once", async () => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  const first = await postback(s, `clickid=${id}&status=approved&txid=T1`);
  assert.equal(first.status, 200);
  assert.deepEqual(await first.json(), { ok: true, recorded: true, status: "sale" });
  const again = await postback(s, `clickid=${id}&status=approved&txid=T1`);
  assert.deepEqual(await again.json(), { ok: true, recorded: false, status: "sale" });
  assert.deepEqual(conversions(s), [
    {
      status: "sale",
      original_status: "approved",
      payout: 12_500_000,
      txid: "T1",
      current: 1,
      currency: "USD",
    },
  ]);
  const list = await s.api.get("/api/offers");
  const offer = (list.body.items as Array<{ id: number; stats: Record<string, number> }>)
    .find((o) => o.id === s.offerIds[0])!;
  assert.equal(offer.stats.conversions, 1);
  assert.equal(offer.stats.revenue, 12.5);
  assert.equal(offer.stats.clicks, 1);
});

Deno.test("postback: concurrent retries of one postback count once", async () => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => postback(s, `clickid=${id}&status=sale&txid=X`)),
  );
  assert.ok(answers.every((r) => r.status === 200));
  const recorded = await Promise.all(answers.map((r) => r.json()));
  assert.equal(recorded.filter((b) => b.recorded).length, 1);
  assert.equal(conversions(s).length, 1);
});

Deno.test("postback: errors write nothing", async (t) => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  await t.step("unknown click id → 404", async () => {
    assert.equal((await postback(s, "clickid=-ZZZZZZZ--AAAAAAAAAAAAAA&status=sale")).status, 404);
    assert.equal((await postback(s, "clickid=nonsense")).status, 404);
    assert.equal((await postback(s, "status=sale")).status, 404);
  });
  for (
    const payout of ["NaN", "-1", "1e309", "1,5", "Infinity", "0x10", "1.", "99999999999"]
  ) {
    await t.step(`payout ${payout} → 400`, async () => {
      const res = await postback(s, `clickid=${id}&payout=${encodeURIComponent(payout)}`);
      assert.equal(res.status, 400);
      assert.equal((await res.json()).error.code, "BAD_PAYOUT");
    });
  }
  await t.step("wrong or missing token → 403", async () => {
    const res = await s.app.request(`/postback?clickid=${id}&token=wrong`, { ip: NETWORK_IP });
    assert.equal(res.status, 403);
    assert.equal((await s.app.request(`/postback?clickid=${id}`, { ip: NETWORK_IP })).status, 403);
  });
  await t.step("an address outside the allowlist → 403", async () => {
    assert.equal((await postback(s, `clickid=${id}`, { ip: "198.51.100.7" })).status, 403);
  });
  assert.equal(conversions(s).length, 0);
});

Deno.test("postback: a payout with more than six decimals (a float) is rounded, not lost", async () => {
  const s = await trackingApp();
  await toOffer(s, s.offerIds[1]); // its payout comes from the postback
  const sent = ["0.30000000000000004", "1.1234565", "2.9999999", "7.0000004"];
  for (const [i, payout] of sent.entries()) {
    const id = clickIdOf(await s.click());
    const res = await postback(s, `clickid=${id}&status=sale&txid=F${i}&payout=${payout}`);
    assert.equal(res.status, 200, payout);
    await res.body?.cancel();
  }
  assert.deepEqual(conversions(s).map((r) => r.payout), [300_000, 1_123_457, 3_000_000, 7_000_000]);
});

Deno.test("postback: status map, replacement and upsells", async (t) => {
  const s = await trackingApp();
  await t.step("a later postback replaces the click's conversion", async () => {
    const id = clickIdOf(await s.click());
    await postback(s, `clickid=${id}&status=pending&txid=A`);
    await postback(s, `clickid=${id}&status=approved&txid=A`);
    await postback(s, `clickid=${id}&status=pending&txid=A`); // a late retry changes nothing
    const rows = conversions(s);
    assert.deepEqual(rows.map((r) => [r.status, r.current]), [["hold", 0], ["sale", 1]]);
  });
  await t.step("upsell offers add up; auto payout comes from the postback", async () => {
    s.app.deps.db.exec("DELETE FROM s2s_queue; DELETE FROM conversions");
    await toOffer(s, s.offerIds[1]);
    const id = clickIdOf(await s.click());
    await postback(s, `clickid=${id}&status=sale&txid=U1&payout=10.25`);
    await postback(s, `clickid=${id}&status=sale&txid=U2&payout=4.75&currency=eur`);
    await postback(s, `clickid=${id}&status=sale&txid=U2&payout=4.75`);
    const rows = conversions(s);
    assert.deepEqual(rows.map((r) => [r.payout, r.current, r.currency]), [
      [10_250_000, 1, "USD"],
      [4_750_000, 1, "EUR"],
    ]);
  });
  await t.step("POST with a form body works like GET", async () => {
    const id = clickIdOf(await s.click());
    const res = await s.app.request("/postback", {
      method: "POST",
      ip: NETWORK_IP,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `clickid=${id}&status=declined&token=${TOKEN}&txid=F`,
    });
    assert.equal(res.status, 200);
    assert.equal((await res.json()).status, "rejected");
  });
});

Deno.test("postback: CPA and RevShare costs are charged at conversion", async (t) => {
  for (
    const [model, value, expected] of [["cpa", 3, 3_000_000], ["revshare", 40, 5_000_000]] as const
  ) {
    await t.step(model, async () => {
      const s = await trackingApp({ campaign: { costModel: model, costValue: value } });
      const id = clickIdOf(await s.click());
      await postback(s, `clickid=${id}&status=sale&txid=1`);
      const row = s.app.deps.db.prepare("SELECT cost FROM clicks WHERE id = ?").get(id)!;
      assert.equal(row.cost, expected);
    });
  }
});

Deno.test("postback: RevShare charges in the top currency, the same one on a tie on both stores", async () => {
  const s = await trackingApp({ campaign: { costModel: "revshare", costValue: 40 } });
  const settings = await s.api.get("/api/settings/postback-processing");
  const put = await s.api.put("/api/settings/postback-processing", {
    ...(settings.body as object),
    duplicatePolicy: "add",
  });
  assert.equal(put.status, 200, JSON.stringify(put.body));
  for (const offer of s.offerIds) {
    assert.equal((await s.api.patch(`/api/offers/${offer}`, { payoutMode: "auto" })).status, 200);
  }
  const id = clickIdOf(await s.click());
  for (const [txid, currency] of [["1", "AUD"], ["2", "USD"], ["3", "EUR"]]) {
    const res = await postback(
      s,
      `clickid=${id}&status=sale&txid=${txid}&payout=10&currency=${currency}`,
    );
    assert.equal(res.status, 200);
  }
  const row = s.app.deps.db.prepare("SELECT cost, cost_currency FROM clicks WHERE id = ?").get(id)!;
  // PostgreSQL charged the tie in AUD (its first group), SQLite in USD.
  assert.deepEqual([Number(row.cost), row.cost_currency], [4_000_000, "USD"]);
});

Deno.test("pixel: records a conversion for the visitor's cookie and answers a GIF", async () => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  const res = await s.app.request("/pixel.gif?status=lead&txid=P", { cookie: `rotor_click=${id}` });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "image/gif");
  assert.equal((await res.arrayBuffer()).byteLength, 42);
  assert.deepEqual(conversions(s).map((c) => c.status), ["lead"]);
  const none = await s.app.request("/pixel.gif");
  assert.equal(none.status, 404);
  assert.equal(none.headers.get("content-type"), "image/gif");
  const bad = await s.app.request("/pixel.gif?payout=1,5", { cookie: `rotor_click=${id}` });
  assert.equal(bad.status, 400);
  assert.equal(conversions(s).length, 1);
});
