import assert from "node:assert/strict";
import { clickIdOf, NETWORK_IP, trackingApp, type TrackingSetup } from "./testing.ts";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";

const conversions = (s: TrackingSetup) =>
  s.app.deps.db.prepare("SELECT status, payout, txid FROM conversions ORDER BY id").all()
    .map((r) => ({ ...r }));

Deno.test("pixel: the clickid parameter records a conversion without the cookie, under postback rules", async (t) => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  const pixel = (query: string, ip = NETWORK_IP) => s.app.request(`/pixel.gif?${query}`, { ip });
  await t.step("token and allowlist apply", async () => {
    const noToken = await pixel(`clickid=${id}&status=lead&payout=2`);
    assert.equal(noToken.status, 403);
    assert.equal(noToken.headers.get("content-type"), "image/gif");
    const outside = await pixel(`clickid=${id}&status=lead&token=s3cr3t-token`, "198.51.100.7");
    assert.equal(outside.status, 403);
    assert.deepEqual(conversions(s), []);
  });
  await t.step("recorded once, with the network's status map", async () => {
    const ok = await pixel(`clickid=${id}&status=approved&txid=A&token=s3cr3t-token`);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("content-type"), "image/gif");
    assert.equal((await ok.arrayBuffer()).byteLength, 42);
    await pixel(`clickid=${id}&status=approved&txid=A&token=s3cr3t-token`);
    assert.deepEqual(conversions(s).map((c) => [c.status, c.txid]), [["sale", "A"]]);
  });
  await t.step("an unknown clickid is 404 and writes nothing", async () => {
    const res = await pixel("clickid=AAAAAAAAAAAAAAAAAAAAAAAA&token=s3cr3t-token");
    assert.equal(res.status, 404);
    assert.equal(conversions(s).length, 1);
  });
});

Deno.test("pixel: without a clickid the rotor_click cookie still names the click", async () => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  const res = await s.app.request("/pixel.gif?status=lead&txid=C", {
    cookie: `rotor_click=${id}`,
  });
  assert.equal(res.status, 200);
  assert.deepEqual(conversions(s).map((c) => c.status), ["lead"]);
});

Deno.test("pixel: the link Settings → Tracking links builds for a network records (its token included)", async () => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  const links = await s.api.call(TOOLS.trackingLinks, {
    query: { campaignId: String(s.campaignId), affiliateNetworkId: String(s.networkId) },
  });
  // The advertiser's page fills in the click id and the payout.
  const url = new URL(links.pixel.replace("{clickid}", id).replace("{payout}", "3"));
  const res = await s.app.request(`${url.pathname}${url.search}`, { ip: NETWORK_IP });
  assert.equal(res.status, 200, links.pixel);
  assert.deepEqual(conversions(s).map((c) => c.status), ["lead"]);
  assert.ok(links.pixelHtml.includes(links.pixel), "the HTML form carries the same address");
});
