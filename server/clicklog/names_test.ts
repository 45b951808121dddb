import assert from "node:assert/strict";
import { CLICK_ROUTES } from "../../contracts/api/reports.ts";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { clickIdOf, trackingApp } from "../tracking/testing.ts";

Deno.test("click log: each click carries its campaign, source and offer names beside the ids, in JSON and CSV", async (t) => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  // A click whose offer row is gone shows its id as `#id` rather than nothing.
  const orphan = `${id.slice(0, -3)}zzz`;
  s.app.deps.db.prepare(
    "INSERT INTO clicks (id, ts, campaign_id, offer_id, cost, is_unique) VALUES (?, ?, ?, 999, 0, 1)",
  ).run(orphan, Date.now(), s.campaignId);

  await t.step("JSON: ids unchanged, names added after them", async () => {
    const { columns, items } = await s.api.call(CLICK_ROUTES.list, { query: { tz: "UTC" } });
    for (const [idKey, nameKey] of [["campaignId", "campaignName"], ["offerId", "offerName"]]) {
      assert.equal(columns.indexOf(nameKey), columns.indexOf(idKey) + 1, nameKey);
    }
    const click = items.find((item) => item.id === id)!;
    assert.equal(click.campaignId, s.campaignId);
    assert.equal(click.campaignName, "Keto US push");
    assert.equal(click.trafficSourceId, s.sourceId);
    assert.equal(click.trafficSourceName, "PropellerAds");
    assert.equal(click.offerId, s.offerIds[0]);
    assert.equal(click.offerName, "Keto Diet US");
    assert.equal(click.landingName, null, "a direct path has no lander");
    assert.equal(items.find((item) => item.id === orphan)!.offerName, "#999");
  });

  await t.step("CSV: a name column beside each id column", async () => {
    const cookie = await s.app.signIn("root", TEST_PASSWORD);
    const res = await s.app.request("/api/clicks?format=csv&tz=UTC", { cookie });
    assert.equal(res.status, 200);
    const [header, ...rows] = (await res.text()).trim().split("\r\n");
    const names = header.split(",");
    const row = rows.find((line) => line.startsWith(`${id},`) || line.includes(`,${id},`))!;
    const cells = row.split(",");
    assert.equal(cells[names.indexOf("campaignName")], "Keto US push");
    assert.equal(cells[names.indexOf("offerName")], "Keto Diet US");
  });
});
