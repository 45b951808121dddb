import assert from "node:assert/strict";
import { CLICK_ROUTES } from "../../contracts/api/reports.ts";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { clickIdPrefix, clickIdTime, isClickId, newClickId } from "./click_id.ts";
import { clickIdOf, NETWORK_IP, trackingApp } from "./testing.ts";
import { rebuildRollups } from "../reports/rollup_rebuild.ts";

const FORBIDDEN_FIRST = ["-", "=", "+", "@", "\t", "\r"];

Deno.test("click id: no id starts with a character a spreadsheet reads as a formula", () => {
  // Every time prefix from 1970 to year 8000, and ids made now.
  for (let ms = 0; ms < 190_000_000_000_000; ms += 9_999_999_937) {
    const prefix = clickIdPrefix(ms);
    assert.ok(!FORBIDDEN_FIRST.includes(prefix[0]), prefix);
    assert.equal(clickIdTime(prefix + "0".repeat(16)), ms);
  }
  for (let i = 0; i < 1000; i++) {
    const id = newClickId();
    assert.ok(!FORBIDDEN_FIRST.includes(id[0]), id);
    assert.ok(isClickId(id));
  }
});

Deno.test("click id: the click log CSV shows the id the network received, unchanged", async () => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  assert.ok(/^[0-9A-Za-z_]/.test(id));
  const location = new URL((await s.click()).headers.get("location")!);
  assert.ok(!location.searchParams.get("s1")!.startsWith("-"));
  const cookie = await s.app.signIn("root", TEST_PASSWORD);
  const res = await s.app.request("/api/clicks?format=csv&tz=UTC", { cookie });
  assert.equal(res.status, 200);
  const csv = await res.text();
  assert.ok(csv.includes(`\r\n${id},`) || csv.includes(`,${id},`), "the id appears as issued");
  assert.ok(!csv.includes(`'${id}`));
});

/** A click stored by an earlier version: its id starts with `-` (decision 030's format). */
function legacyClick(s: Awaited<ReturnType<typeof trackingApp>>, ts: number): string {
  const id = "-" + clickIdPrefix(ts).slice(1) + "legacyClickId012";
  s.app.deps.db.prepare(
    "INSERT INTO clicks (id, ts, campaign_id, offer_id, cost, is_unique) VALUES (?, ?, ?, ?, 0, 1)",
  ).run(id, ts, s.campaignId, s.offerIds[0]);
  // That version's writer counted it in the rollups, as every stored click is.
  rebuildRollups(s.app.deps.db);
  return id;
}

Deno.test("click id: ids issued before the change are still accepted, listed and counted", async () => {
  const s = await trackingApp();
  const now = Date.now();
  const legacy = legacyClick(s, now - 60_000);
  assert.equal(clickIdTime(legacy), now - 60_000);
  const fresh = clickIdOf(await s.click());
  const pb = await s.app.request(
    `/postback?token=s3cr3t-token&clickid=${legacy}&status=sale&txid=L`,
    { ip: NETWORK_IP },
  );
  assert.equal(pb.status, 200);
  assert.equal((await pb.json()).recorded, true);
  const day = new Date(now).toISOString().slice(0, 10);
  const clicks = (query: { from?: string; to?: string; tz?: string; search?: string }) =>
    s.api.call(CLICK_ROUTES.list, { query });
  const log = await clicks({ from: day, to: day, tz: "UTC" });
  assert.deepEqual(log.items.map((i) => i.id), [fresh, legacy], "both formats, newest first");
  assert.equal((await clicks({ search: legacy })).items.length, 1);
  const list = await s.api.get(`/api/campaigns?from=${day}&to=${day}&tz=UTC`);
  const stats = (list.body.items as { id: number; stats: Record<string, number> }[])
    .find((c) => c.id === s.campaignId)!.stats;
  assert.equal(stats.clicks, 2);
});
