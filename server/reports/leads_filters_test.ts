import assert from "node:assert/strict";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { clickIdOf, NETWORK_IP, trackingApp, US_IP } from "../tracking/testing.ts";

Deno.test("leads: a filtered report's leads are those whose click passes its filters", async (t) => {
  const s = await trackingApp();
  const us = clickIdOf(await s.click({ ip: US_IP }));
  // A documentation address: no country.
  const nowhere = clickIdOf(await s.click({ ip: "198.51.100.7" }));
  for (const [id, txid] of [[us, "t-us"], [nowhere, "t-x"]]) {
    const res = await s.app.request(
      `/postback?token=s3cr3t-token&clickid=${id}&status=sale&payout=5&txid=${txid}`,
      { ip: NETWORK_IP },
    );
    assert.equal(res.status, 200);
  }
  const cookie = await s.app.signIn("root", TEST_PASSWORD);
  const leads = async (filters?: unknown) => {
    const query = new URLSearchParams({
      subjectType: "campaign",
      subjectIds: String(s.campaignId),
      tz: "UTC",
      ...(filters ? { filters: JSON.stringify(filters) } : {}),
    });
    const res = await s.app.request(`/api/report/leads?${query}`, { cookie });
    return { status: res.status, body: await res.json() };
  };
  const clicks = (body: { items: { clickId: string }[] }) => body.items.map((i) => i.clickId);

  await t.step("no filter: both", async () => {
    assert.deepEqual(clicks((await leads()).body).sort(), [us, nowhere].sort());
  });
  await t.step("country is US: the US click's", async () => {
    assert.deepEqual(clicks((await leads([{ dim: "country", values: ["US"] }])).body), [us]);
  });
  await t.step("country is not US: the other", async () => {
    const answer = await leads([{ dim: "country", op: "isNot", values: ["US"] }]);
    assert.deepEqual(clicks(answer.body), [nowhere]);
  });
  await t.step("by the conversion's day in the zone: both today, none on another day", async () => {
    const today = Math.floor(Date.now() / 86_400_000);
    assert.equal(clicks((await leads([{ dim: "day", values: [today] }])).body).length, 2);
    assert.deepEqual(clicks((await leads([{ dim: "day", values: [today - 3] }])).body), []);
  });
  await t.step("a value of the other type matches as its dimension holds it", async () => {
    // SQLite found nothing for a number sent as text (or text sent as a number); PostgreSQL,
    // comparing text, found the clicks.
    const today = Math.floor(Date.now() / 86_400_000);
    assert.equal(clicks((await leads([{ dim: "day", values: [String(today)] }])).body).length, 2);
    const campaign = [{ dim: "campaign", values: [String(s.campaignId)] }];
    assert.equal(clicks((await leads(campaign)).body).length, 2);
    const report = async (filters: unknown) => {
      const query = new URLSearchParams({
        subjectType: "campaign",
        subjectIds: String(s.campaignId),
        groupBy: "campaign",
        tz: "UTC",
        filters: JSON.stringify(filters),
      });
      const res = await s.app.request(`/api/report?${query}`, { cookie });
      assert.equal(res.status, 200);
      return (await res.json()).totals.clicks;
    };
    assert.equal(await report([{ dim: "day", values: [String(today)] }]), 2);
    assert.equal(
      await report([{ dim: "campaign", op: "isNot", values: [String(s.campaignId)] }]),
      0,
    );
  });
  await t.step("a filter on no dimension: 400, naming it", async () => {
    const answer = await leads([{ dim: "nope", values: ["x"] }]);
    assert.equal(answer.status, 400);
    assert.match(JSON.stringify(answer.body), /filters.*is not a dimension/);
  });
});
