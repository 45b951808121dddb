import assert from "node:assert/strict";
import { clickIdOf, NETWORK_IP, trackingApp } from "../tracking/testing.ts";
import { settingsUser } from "./testing.ts";
import { SETTINGS_ROUTES as SECTIONS } from "../../contracts/api/settings.ts";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";

Deno.test("postback tester: explains what a postback would do and writes nothing", async (t) => {
  const setup = await trackingApp();
  const { app, offerIds, networkId } = setup;
  const admin = await settingsUser(app, { username: "ops", role: "admin" });
  const clickId = clickIdOf(await setup.click());
  const conversions = () =>
    Number(app.deps.db.prepare("SELECT count(*) AS n FROM conversions").get()?.n);
  const test = (query: string, ip = NETWORK_IP) =>
    admin.call(TOOLS.postbackTest, {
      body: { url: `https://track.example.com/postback?${query}`, ip },
    });

  await t.step("an unknown click would be a 404", async () => {
    const result = await test("clickid=nope&status=sale");
    assert.equal(result.outcome, "reject");
    assert.equal(result.httpStatus, 404);
  });
  await t.step("a wrong token would be refused", async () => {
    const result = await test(`clickid=${clickId}&status=sale&token=wrong`);
    assert.equal(result.httpStatus, 403);
    assert.ok(result.steps.some((s) => s.name === "Token" && !s.ok));
  });
  await t.step("a sender outside the network's allowlist would be refused", async () => {
    const result = await test(`clickid=${clickId}&token=s3cr3t-token`, "198.51.100.1");
    assert.equal(result.httpStatus, 403);
  });
  await t.step("the network's status map and the offer's fixed payout apply", async () => {
    const result = await test(
      `clickid=${clickId}&status=approved&payout=99&txid=a&token=s3cr3t-token`,
    );
    assert.equal(result.outcome, "record");
    assert.equal(result.conversion?.status, "sale");
    assert.equal(result.conversion?.payout, 12.5, "fixed payout ignores the postback's");
    assert.equal(result.conversion?.offerId, offerIds[0]);
    assert.match(result.steps.find((s) => s.name === "Status")!.detail, /status map/);
  });
  await t.step("a global alias maps what the network does not", async () => {
    await admin.call(SECTIONS["postback-processing"].put, {
      body: { statusAliases: { paid: "sale" } },
    });
    const result = await test(`clickid=${clickId}&status=PAID&token=s3cr3t-token`);
    assert.equal(result.conversion?.status, "sale");
    const unknown = await test(`clickid=${clickId}&status=weird&token=s3cr3t-token`);
    assert.equal(unknown.conversion?.status, "hold", "unknown text is held, as the handler does");
  });
  await t.step("nothing was written by the tests", () => {
    assert.equal(conversions(), 0);
  });
  await t.step("after the real postback, the same one is a duplicate", async () => {
    const res = await app.request(
      `/postback?clickid=${clickId}&status=approved&txid=a&token=s3cr3t-token`,
      { ip: NETWORK_IP },
    );
    assert.equal(res.status, 200);
    assert.equal(conversions(), 1);
    const result = await test(`clickid=${clickId}&status=approved&txid=a&token=s3cr3t-token`);
    assert.equal(result.outcome, "duplicate");
    const other = await test(`clickid=${clickId}&status=approved&txid=b&token=s3cr3t-token`);
    assert.equal(other.outcome, "record");
    assert.match(other.steps.at(-1)!.detail, /replaces/);
    await admin.call(SECTIONS["postback-processing"].put, { body: { duplicatePolicy: "ignore" } });
    assert.equal((await test(`clickid=${clickId}&txid=c&token=s3cr3t-token`)).outcome, "duplicate");
  });
  await t.step("a path that is not the postback path is named", async () => {
    const res = await admin.call(TOOLS.postbackTest, { body: { url: `/c/x?clickid=${clickId}` } });
    assert.equal(res.httpStatus, 404);
  });
  void networkId;
});

Deno.test("tracking links: built from the campaign, its source, the domain and the paths", async () => {
  const setup = await trackingApp();
  const admin = await settingsUser(setup.app, { username: "ops", role: "admin" });
  const domain = await admin.post("/api/domains", {
    name: "Track",
    host: "go.example.net",
    purpose: "tracking",
  });
  await admin.call(SECTIONS["url-customization"].put, { body: { clickPath: "/go" } });
  const links = await admin.call(TOOLS.trackingLinks, {
    query: {
      campaignId: String(setup.campaignId),
      domainId: String(domain.body.id),
      affiliateNetworkId: String(setup.networkId),
    },
  });
  assert.equal(
    links.click,
    `https://go.example.net/go/${setup.key}?subid=\${SUBID}&cost=\${COST}&zone=\${ZONEID}&os=\${OS}`,
  );
  assert.equal(links.landerClick, "https://go.example.net/lp/click?clickid={clickid}");
  assert.equal(
    links.postback,
    "https://go.example.net/postback?clickid={clickid}&status={status}&payout={payout}&txid={txid}&token=s3cr3t-token",
  );
  assert.match(links.pixelHtml, /<img src="https:\/\/go\.example\.net\/pixel\.gif/);
  const bad = await admin.attempt(TOOLS.trackingLinks, { query: { campaignId: "abc" } });
  assert.equal(bad.status, 400);
});
