import assert from "node:assert/strict";
import { CONVERSION_ROUTES } from "../../contracts/api/reports.ts";
import { clickIdOf, NETWORK_IP, trackingApp, type TrackingSetup } from "../tracking/testing.ts";

/** The listed conversion of click `clickId`: its changes as "who: field before → after". */
async function history(s: TrackingSetup, clickId: string) {
  const { items } = await s.api.call(CONVERSION_ROUTES.list, {});
  const item = items.find((i) => i.clickId === clickId)!;
  return {
    id: item.id,
    lines: (item.changes ?? []).map((c) => `${c.username}: ${c.field} ${c.before} → ${c.after}`),
  };
}

async function campaignCost(s: TrackingSetup): Promise<number> {
  const list = await s.api.get("/api/campaigns");
  return (list.body.items as Array<{ id: number; stats: Record<string, number> }>)
    .find((c) => c.id === s.campaignId)!.stats.cost;
}

function postback(s: TrackingSetup, query: string) {
  return s.app.request(`/postback?token=s3cr3t-token&${query}`, { ip: NETWORK_IP });
}

Deno.test("CPA: the cost a conversion charges is in its history, by the postback, and its reversal by the admin", async () => {
  const s = await trackingApp({ campaign: { costModel: "cpa", costValue: 3 } });
  const clickId = clickIdOf(await s.click());
  assert.equal((await postback(s, `clickid=${clickId}&status=sale&txid=1`)).status, 200);
  assert.equal(await campaignCost(s), 3);
  const first = await history(s, clickId);
  assert.deepEqual(first.lines, ["postback: click cost 0 USD → 3 USD"]);

  const res = await s.api.call(CONVERSION_ROUTES.patch, {
    params: { id: first.id },
    body: { status: "rejected" },
  });
  assert.equal(res.status, "rejected");
  assert.equal(await campaignCost(s), 0, "a rejected conversion is not charged");
  assert.deepEqual((await history(s, clickId)).lines, [
    "postback: click cost 0 USD → 3 USD",
    "root: status sale → rejected",
    "root: click cost 3 USD → 0 USD",
  ]);
});

Deno.test("RevShare: a manual conversion's charge is the admin's, after the entry's own line", async () => {
  const s = await trackingApp({ campaign: { costModel: "revshare", costValue: 40 } });
  const clickId = clickIdOf(await s.click());
  const entered = await s.api.post("/api/conversions", { clickId, status: "sale", txid: "M-1" });
  assert.equal(entered.body.outcome, "recorded", JSON.stringify(entered.body));
  // The offer pays 12.5: 40 % of it.
  assert.equal(await campaignCost(s), 5);
  assert.deepEqual((await history(s, clickId)).lines, [
    "root: created  → sale 12.5 USD (manual)",
    "root: click cost 0 USD → 5 USD",
  ]);
});

Deno.test("a conversion that changes no cost adds no cost line (CPC, a lead under CPA)", async () => {
  const cpc = await trackingApp({ campaign: { costModel: "cpc", costValue: 0.2 } });
  const paid = clickIdOf(await cpc.click());
  await postback(cpc, `clickid=${paid}&status=sale&txid=1`);
  assert.deepEqual((await history(cpc, paid)).lines, []);

  const cpa = await trackingApp({ campaign: { costModel: "cpa", costValue: 3 } });
  const clickId = clickIdOf(await cpa.click());
  await postback(cpa, `clickid=${clickId}&status=rejected&txid=1`);
  assert.deepEqual(
    (await history(cpa, clickId)).lines,
    [],
    "a rejected conversion charges nothing",
  );
  assert.equal(await campaignCost(cpa), 0);
});
