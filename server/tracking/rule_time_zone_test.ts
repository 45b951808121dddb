import assert from "node:assert/strict";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { clickIdOf, ruleToSecondOffer, trackingApp, type TrackingSetup } from "./testing.ts";

/** The hour now in `timeZone`, 0–23. */
function hourIn(timeZone: string): number {
  return Number(
    new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(),
  );
}

/** A flow sending this hour in `zone` to the second offer and everyone else to the first. */
function hourRule(s: TrackingSetup, zone: string) {
  return ruleToSecondOffer(s, {
    name: "This hour",
    criteria: [{ field: "hour", op: "is", values: [String(hourIn(zone))] }],
  });
}

/** The offer the next click gets (retried when an hour boundary passes during the call). */
async function offerNow(s: TrackingSetup, zone: string): Promise<number> {
  for (;;) {
    const before = hourIn(zone);
    await hourRule(s, zone);
    const id = clickIdOf(await s.click());
    if (hourIn(zone) !== before) continue;
    return Number(
      s.app.deps.db.prepare("SELECT offer_id FROM clicks WHERE id = ?").get(id)!.offer_id,
    );
  }
}

// Kathmandu is UTC+5:45: its hour is never UTC's.
const ZONE = "Asia/Kathmandu";

Deno.test("rules: weekday and hour run in the campaign's time zone", async () => {
  const s = await trackingApp({ campaign: { timeZone: ZONE } });
  assert.equal(await offerNow(s, ZONE), s.offerIds[1]);
  const utc = await s.api.patch(`/api/campaigns/${s.campaignId}`, { timeZone: "UTC" });
  assert.equal(utc.body.timeZone, "UTC");
  assert.equal(await offerNow(s, ZONE), s.offerIds[0], "in UTC the Kathmandu hour is not now");
  const bad = await s.api.patch(`/api/campaigns/${s.campaignId}`, { timeZone: "Mars/Olympus" });
  assert.equal(bad.status, 400);
});

Deno.test("rules: without its own zone a campaign uses the report time zone in settings", async () => {
  const s = await trackingApp();
  assert.equal(await offerNow(s, ZONE), s.offerIds[0], "the owner's default zone is UTC");
  const cookie = await s.app.signIn("root", TEST_PASSWORD);
  const put = await s.app.send("/api/settings/stats", { timezone: ZONE }, {
    cookie,
    method: "PUT",
  });
  assert.equal(put.status, 200);
  assert.equal(await offerNow(s, ZONE), s.offerIds[1]);
});
