import assert from "node:assert/strict";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { REPORT_ROUTES } from "../../contracts/api/reports.ts";
import { clickIdOf, NETWORK_IP, trackingApp, type TrackingSetup } from "../tracking/testing.ts";

/** A click and its postback conversion; returns the conversion's id and payout (the offer decides). */
async function convert(s: TrackingSetup, status: string, payout: string, txid: string) {
  const id = clickIdOf(await s.click());
  const res = await s.app.request(
    `/postback?token=s3cr3t-token&clickid=${id}&status=${status}&payout=${payout}&txid=${txid}`,
    { ip: NETWORK_IP },
  );
  assert.equal(res.status, 200);
  const row = s.app.deps.db.prepare("SELECT id, payout FROM conversions WHERE click_id = ?").get(
    id,
  )!;
  return { id: Number(row.id), payout: Number(row.payout) / 1e6 };
}

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Revenue, approved and pending revenue of the campaign in its list, report and CSV. */
async function figures(s: TrackingSetup) {
  const list = await s.api.get("/api/campaigns");
  const row = (list.body.items as Array<{ id: number; stats: Record<string, number> }>)
    .find((c) => c.id === s.campaignId)!;
  const q = `subjectType=campaign&subjectIds=${s.campaignId}&from=${day(-1)}&to=${day(1)}`;
  const { totals } = await s.api.call(REPORT_ROUTES.report, {
    query: {
      subjectType: "campaign",
      subjectIds: String(s.campaignId),
      from: day(-1),
      to: day(1),
      groupBy: "campaign",
    },
  });
  const cookie = await s.app.signIn("root", TEST_PASSWORD);
  const csv = await s.app.request(`/api/report?${q}&groupBy=campaign&format=csv`, { cookie });
  const [head, first] = (await csv.text()).trim().split("\n").map((l) => l.split(","));
  const cell = (label: string) => Number(first[head.indexOf(label)]);
  return {
    list: [row.stats.revenue, row.stats.approvedRevenue, row.stats.pendingRevenue],
    report: [totals.revenue, totals.approvedRevenue, totals.pendingRevenue],
    csv: [cell("Revenue"), cell("Approved revenue"), cell("Pending revenue")],
  };
}

Deno.test("revenue: a lead is pending, a sale approved, revenue their sum; lead → sale moves it", async () => {
  const s = await trackingApp();
  const lead = await convert(s, "lead", "2.5", "A");
  await convert(s, "hold", "7", "C");
  await convert(s, "rejected", "5", "D");
  const sale = (await convert(s, "sale", "10", "B")).payout;
  assert.ok(lead.payout > 0 && sale > 0);
  const before = [lead.payout + sale, sale, lead.payout];
  assert.deepEqual(await figures(s), { list: before, report: before, csv: before });

  const res = await s.api.patch(`/api/conversions/${lead.id}`, { status: "sale" });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const after = [lead.payout + sale, lead.payout + sale, 0];
  assert.deepEqual(await figures(s), { list: after, report: after, csv: after });
});
