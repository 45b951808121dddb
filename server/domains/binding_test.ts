import assert from "node:assert/strict";
import { buildDomain } from "../../fixtures/builders.ts";
import { idOf } from "../entities/testing.ts";
import { US_IP } from "../tracking/testing.ts";
import { trackingApp, type TrackingSetup } from "../tracking/testing.ts";
import { settingsUser } from "../settings/testing.ts";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";

function visit(s: TrackingSetup, path: string, host: string) {
  return s.app.request(path, { ip: US_IP, headers: { host }, redirect: "manual" });
}

const clicks = (s: TrackingSetup) =>
  Number(s.app.deps.db.prepare("SELECT count(*) AS n FROM clicks").get()!.n);

Deno.test("domains: a campaign bound to its domain answers 404 on other hosts", async (t) => {
  const s = await trackingApp();
  const domainId = idOf(await s.api.post("/api/domains", buildDomain({ host: "go.example.org" })));
  await t.step("unbound: any host clicks", async () => {
    assert.equal((await visit(s, `/c/${s.key}`, "other.example.net")).status, 302);
  });
  await t.step("bound to its domain: only that host clicks", async () => {
    const res = await s.api.patch(`/api/campaigns/${s.campaignId}`, { domainId, domainOnly: true });
    assert.equal(res.status, 200);
    assert.equal(res.body.domainOnly, true);
    const before = clicks(s);
    const elsewhere = await visit(s, `/c/${s.key}`, "other.example.net");
    assert.equal(elsewhere.status, 404);
    assert.equal(clicks(s), before, "no click recorded on another host");
    assert.equal((await visit(s, `/c/${s.key}`, "GO.example.org")).status, 302);
  });
  await t.step("bound without a domain of its own: the default tracking domain", async () => {
    await s.api.patch(`/api/campaigns/${s.campaignId}`, { domainId: null });
    assert.equal((await visit(s, `/c/${s.key}`, "go.example.org")).status, 302);
    assert.equal((await visit(s, `/c/${s.key}`, "localhost")).status, 404);
  });
});

Deno.test("domains: a domain's root address is its root campaign's click", async (t) => {
  const s = await trackingApp();
  const res = await s.api.post(
    "/api/domains",
    buildDomain({ host: "root.example.org", rootCampaignId: s.campaignId }),
  );
  assert.equal(res.status, 201, JSON.stringify(res.body));
  await t.step("https://domain/?subid=… clicks the campaign, query kept", async () => {
    const before = clicks(s);
    const answer = await visit(s, "/?subid=ext-9", "root.example.org");
    assert.equal(answer.status, 302);
    assert.match(String(answer.headers.get("location")), /^https:\/\/offers\.example\.com\//);
    assert.equal(clicks(s), before + 1);
    const row = s.app.deps.db.prepare("SELECT external_id FROM clicks ORDER BY ts DESC LIMIT 1")
      .get()!;
    assert.equal(row.external_id, "ext-9");
  });
  await t.step("other hosts and other paths still go to the panel", async () => {
    const other = await visit(s, "/", "panel.example.org");
    assert.equal(other.status, 302);
    assert.equal(other.headers.get("location"), "/panel/");
    const path = await visit(s, "/reports", "root.example.org");
    assert.equal(path.headers.get("location"), "/panel/reports");
  });
  await t.step("an unknown root campaign is refused", async () => {
    const bad = await s.api.post(
      "/api/domains",
      buildDomain({ host: "x.example.org", isDefault: false, rootCampaignId: 99_999 }),
    );
    assert.equal(bad.status, 400);
  });
});

Deno.test("domains: a bound campaign without its own domain answers on its link's host", async (t) => {
  const s = await trackingApp();
  const admin = await settingsUser(s.app, { username: "ops", role: "admin" });
  await s.api.post("/api/domains", buildDomain({ host: "go.example.org" })); // Domains default
  const chosen = idOf(
    await s.api.post("/api/domains", buildDomain({ host: "t2.example.org", isDefault: false })),
  );
  assert.equal((await admin.put("/api/settings/tracking-links", { domainId: chosen })).status, 200);
  await s.api.patch(`/api/campaigns/${s.campaignId}`, { domainId: null, domainOnly: true });
  const clickLink = async () =>
    new URL(
      (await s.api.call(TOOLS.trackingLinks, { query: { campaignId: String(s.campaignId) } }))
        .click,
    );
  await t.step("the default chosen in Settings → Tracking links", async () => {
    const link = await clickLink();
    assert.equal(link.host, "t2.example.org");
    assert.equal((await visit(s, `${link.pathname}${link.search}`, link.host)).status, 302);
    assert.equal((await visit(s, `/c/${s.key}`, "go.example.org")).status, 404);
  });
  await t.step("that default archived: both fall back to the Domains default", async () => {
    assert.equal((await s.api.del(`/api/domains/${chosen}`)).status, 200);
    const link = await clickLink();
    assert.equal(link.host, "go.example.org");
    assert.equal((await visit(s, `${link.pathname}${link.search}`, link.host)).status, 302);
    assert.equal((await visit(s, `/c/${s.key}`, "t2.example.org")).status, 404);
  });
});
