import assert from "node:assert/strict";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";
import { gzipSync } from "node:zlib";
import { UA } from "./enrich/test_agents.ts";
import { NETWORK_IP, throughLander, trackingApp, type TrackingSetup, US_IP } from "./testing.ts";

const LANDER = "https://lp.example.com";
/** Offer 1's URL in its network's template, for click `id`. */
const offerUrl = (id: string) => `https://offers.example.com/keto?click=${id}&c=US&s1=${id}`;

/** The script's call from a page at `page`, sent with `origin` (null: none). */
function directClick(
  s: TrackingSetup,
  opts: { page?: string; referrer?: string; origin?: string | null; key?: string; raw?: string },
): Promise<Response> {
  const page = opts.page ?? `${LANDER}/quiz/`;
  const query = opts.raw ??
    `u=${encodeURIComponent(page)}&r=${encodeURIComponent(opts.referrer ?? "")}`;
  const headers: Record<string, string> = {
    "user-agent": UA.iphone,
    "accept-language": "en-US,en;q=0.9",
  };
  const origin = opts.origin === undefined ? LANDER : opts.origin;
  if (origin !== null) headers.origin = origin;
  return s.app.request(`/rt/${opts.key ?? s.key}?${query}`, { ip: US_IP, headers });
}

function clickCount(s: TrackingSetup): number {
  return Number(s.app.deps.db.prepare("SELECT count(*) AS n FROM clicks").get()!.n);
}

Deno.test("direct click: a page on the lander's origin records the click as the redirect does, and links and postbacks attach to it", async (t) => {
  const s = await trackingApp();
  await throughLander(s);
  const page = `${LANDER}/quiz/?subid=ext-7&zone=z9&fbclid=FB.1-abc&cost=0.05`;
  const res = await directClick(s, { page, referrer: "https://m.facebook.com/" });
  const body = await res.json();
  let id = "";
  await t.step("200 with the click id and the offer, readable by the lander's origin", () => {
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(res.headers.get("access-control-allow-origin"), LANDER);
    assert.equal(res.headers.get("cache-control"), "no-store");
    assert.equal(res.headers.get("set-cookie"), null, "no cookie: the lander keeps the id");
    id = String(body.clickId);
    assert.equal(body.url, offerUrl(id), "the offer's URL with macros");
  });
  await t.step("the stored click has the page's tokens, external id, lander and fbclid", () => {
    const row = s.app.deps.db.prepare(
      `SELECT campaign_id, landing_id, offer_id, external_id, tokens, referrer, ad_click_ids
       FROM clicks WHERE id = ?`,
    ).get(id)!;
    assert.deepEqual({ ...row }, {
      campaign_id: s.campaignId,
      landing_id: s.landingId,
      offer_id: s.offerIds[0],
      external_id: "ext-7",
      tokens: JSON.stringify(["z9"]),
      referrer: "https://m.facebook.com/",
      ad_click_ids: JSON.stringify({ fbclid: "FB.1-abc" }),
    });
    assert.equal(clickCount(s), 1);
  });
  await t.step(
    "the lander click-through with that id counts an LP click and reaches the offer",
    async () => {
      const lp = await s.app.request(`/lp/click?clickid=${id}`, { redirect: "manual" });
      assert.equal(lp.status, 302);
      assert.equal(lp.headers.get("location"), offerUrl(id));
      const row = s.app.deps.db.prepare("SELECT lp_click_ts FROM clicks WHERE id = ?").get(id)!;
      assert.notEqual(row.lp_click_ts, null);
    },
  );
  await t.step("a postback for it attributes the conversion", async () => {
    const pb = await s.app.request(`/postback?token=s3cr3t-token&clickid=${id}&status=sale`, {
      ip: NETWORK_IP,
    });
    assert.equal(pb.status, 200);
    const conv = s.app.deps.db.prepare("SELECT status FROM conversions WHERE click_id = ?")
      .get(id);
    assert.equal(conv?.status, "sale");
  });
});

Deno.test("direct click: refused origins, unknown campaigns and bad input answer 4xx and store nothing", async (t) => {
  const s = await trackingApp();
  await throughLander(s);
  const refused = async (res: Response, status: number, code: string) => {
    const body = await res.json();
    assert.equal(res.status, status, JSON.stringify(body));
    assert.equal(body.error.code, code);
    assert.equal(clickCount(s), 0, "nothing stored");
  };
  await t.step(
    "an origin that is not one of the campaign's landers: 403, no CORS header",
    async () => {
      const res = await directClick(s, { origin: "https://evil.example.net" });
      assert.equal(res.headers.get("access-control-allow-origin"), null);
      await refused(res, 403, "CROSS_ORIGIN");
    },
  );
  await t.step("the lander's host on another scheme or port is another origin", async () => {
    await refused(await directClick(s, { origin: "http://lp.example.com" }), 403, "CROSS_ORIGIN");
    await refused(
      await directClick(s, { origin: "https://lp.example.com:8443" }),
      403,
      "CROSS_ORIGIN",
    );
  });
  await t.step("no Origin at all (not a browser on a lander): 403", async () => {
    await refused(await directClick(s, { origin: null }), 403, "CROSS_ORIGIN");
  });
  await t.step("unknown campaign: 404", async () => {
    await refused(await directClick(s, { key: "nope" }), 404, "NOT_FOUND");
  });
  await t.step("missing, non-http or overlong page address, overlong referrer: 400", async () => {
    for (
      const raw of [
        "",
        "r=x",
        `u=${encodeURIComponent("javascript:alert(1)")}`,
        "u=not%20a%20url",
        `u=${encodeURIComponent(`${LANDER}/?q=${"x".repeat(5000)}`)}`,
        `u=${encodeURIComponent(`${LANDER}/`)}&r=${"y".repeat(5000)}`,
      ]
    ) {
      const res = await directClick(s, { raw });
      assert.equal(res.headers.get("access-control-allow-origin"), LANDER, "the script reads why");
      await refused(res, 400, "BAD_REQUEST");
    }
  });
  await t.step("a campaign whose flow has no lander takes direct clicks from nowhere", async () => {
    const other = await trackingApp();
    const res = await directClick(other, {});
    assert.equal(res.status, 403);
    assert.equal(clickCount(other), 0);
  });
  await t.step("a paused campaign: 404", async () => {
    await s.api.patch(`/api/campaigns/${s.campaignId}`, { status: "paused" });
    await refused(await directClick(s, {}), 404, "NOT_FOUND");
  });
});

Deno.test("direct click: a lander hosted on the tracker calls from its own origin", async () => {
  const s = await trackingApp();
  const landing = await s.api.post("/api/landings", {
    name: "Hosted",
    url: "/lp/files/quiz/index.html",
    offerCount: 1,
  });
  assert.equal(landing.status, 201, JSON.stringify(landing.body));
  await s.api.patch(`/api/campaigns/${s.campaignId}`, {
    destination: {
      type: "flow",
      flow: {
        rules: [],
        defaultPaths: [{
          landings: [{ landingId: landing.body.id, weight: 1 }],
          offers: [{ offerId: s.offerIds[0], weight: 1 }],
        }],
      },
    },
  });
  const page = "http://localhost/lp/files/quiz/index.html?zone=z1";
  const sameOrigin = await s.app.request(
    `/rt/${s.key}?u=${encodeURIComponent(page)}&r=`,
    { ip: US_IP, headers: { "sec-fetch-site": "same-origin", "user-agent": UA.iphone } },
  );
  const body = await sameOrigin.json();
  assert.equal(sameOrigin.status, 200, JSON.stringify(body));
  const row = s.app.deps.db.prepare("SELECT landing_id FROM clicks WHERE id = ?")
    .get(String(body.clickId))!;
  assert.equal(row.landing_id, landing.body.id);
  const foreign = await directClick(s, { page: `${LANDER}/x`, origin: LANDER });
  assert.equal(foreign.status, 403, "the hosted lander opens no other origin");
});

Deno.test("direct click: /rt.js is served small and precompressed, and Tracking links give its snippet", async (t) => {
  const s = await trackingApp();
  await t.step("the script, under 4 KB gzip", async () => {
    const res = await s.app.request("/rt.js", { headers: { "accept-encoding": "identity" } });
    assert.equal(res.status, 200, "run `deno task build` first");
    assert.match(res.headers.get("content-type") ?? "", /javascript/);
    assert.equal(res.headers.get("cache-control"), "public, max-age=3600");
    const text = await res.text();
    assert.match(text, /\/rt\//);
    assert.ok(gzipSync(text, { level: 9 }).length <= 4096);
    const gz = await s.app.request("/rt.js", { headers: { "accept-encoding": "gzip" } });
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    await gz.body?.cancel();
  });
  await t.step("Settings → Tracking links: the snippet names the campaign's key", async () => {
    const query = { campaignId: String(s.campaignId) };
    const links = await s.api.call(TOOLS.trackingLinks, { query });
    assert.equal(
      links.directScript,
      `<script async src="${links.base}/rt.js" data-campaign="${s.key}"></script>`,
    );
    const none = await s.api.call(TOOLS.trackingLinks, {});
    assert.equal(none.directScript, "");
  });
});

Deno.test("direct click: the script's signs of an automated browser give a headless verdict the bot policy acts on", async () => {
  const s = await trackingApp({
    campaign: { botPolicy: "flag", costModel: "cpc", costValue: 0.05 },
  });
  await throughLander(s);
  const seen = async (signals: string) => {
    const page = `${LANDER}/quiz/`;
    const raw = `u=${encodeURIComponent(page)}&r=${signals ? `&s=${signals}` : ""}`;
    const res = await directClick(s, { raw });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    return s.app.deps.db.prepare("SELECT is_bot, bot_reason, cost FROM clicks WHERE id = ?")
      .get(String(body.clickId))!;
  };
  const person = await seen("");
  assert.deepEqual([person.is_bot, person.cost], [0, 50_000]);
  const robot = await seen("wh");
  assert.equal(robot.is_bot, 1);
  assert.equal(robot.cost, 0, "a flagged click costs nothing");
  assert.match(String(robot.bot_reason), /headless browser: webdriver, headless/);
});
