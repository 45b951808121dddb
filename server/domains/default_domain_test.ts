import assert from "node:assert/strict";
import { buildDomain } from "../../fixtures/builders.ts";
import { idOf } from "../entities/testing.ts";
import { settingsUser } from "../settings/testing.ts";
import { trackingApp } from "../tracking/testing.ts";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";

Deno.test("tracking links: a campaign without a domain gets the default tracking domain, in the links' scheme", async (t) => {
  const s = await trackingApp();
  const admin = await settingsUser(s.app, { username: "ops", role: "admin" });
  const links = () =>
    s.api.call(TOOLS.trackingLinks, { query: { campaignId: String(s.campaignId) } });
  await t.step("no tracking domain at all: the panel's own address", async () => {
    assert.match((await links()).click, /^http:\/\/localhost\/c\//);
  });
  const domainId = idOf(await s.api.post("/api/domains", buildDomain({ host: "go.example.org" })));
  await t.step("the domain marked default on Domains is used, with https", async () => {
    const body = await links();
    assert.match(body.click, /^https:\/\/go\.example\.org\/c\//);
    assert.match(body.postback, /^https:\/\/go\.example\.org\/postback\?/);
  });
  await t.step("the links' scheme is the one chosen in Settings → Tracking links", async () => {
    assert.equal((await admin.put("/api/settings/tracking-links", { scheme: "http" })).status, 200);
    assert.match((await links()).click, /^http:\/\/go\.example\.org\/c\//);
  });
  await t.step("a domain chosen in Settings wins over the Domains default", async () => {
    const other = idOf(
      await s.api.post("/api/domains", buildDomain({ host: "t2.example.org", isDefault: false })),
    );
    await admin.put("/api/settings/tracking-links", { domainId: other, scheme: "https" });
    assert.match((await links()).click, /^https:\/\/t2\.example\.org\/c\//);
    assert.ok(domainId !== other);
  });
});
