import assert from "node:assert/strict";
import { UA } from "./enrich/test_agents.ts";
import { recordClick } from "./click.ts";
import { clickIdOf, throughLander, trackingApp, US_IP } from "./testing.ts";
import { idOf } from "../entities/testing.ts";

Deno.test("click: an active campaign answers 302 to the offer with macros, after storing the click", async () => {
  const t = await trackingApp();
  const res = await t.click({ query: "?subid=ext-1&zone=z9&os=android&cost=0.5" });
  assert.equal(res.status, 302);
  const id = clickIdOf(res);
  const location = new URL(res.headers.get("location")!);
  assert.equal(location.origin, "https://offers.example.com");
  assert.equal(location.searchParams.get("click"), id);
  assert.equal(location.searchParams.get("c"), "US");
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("rotor_click="))!;
  assert.match(cookie, /; Path=\/;.*HttpOnly; SameSite=Lax/);
  assert.equal(res.headers.get("cache-control"), "no-store");
  // A plain 302 keeps the visitor's referrer; hiding it is what the `meta` redirect modes are for.
  assert.equal(res.headers.get("referrer-policy"), null);
  const row = t.app.deps.db.prepare("SELECT * FROM clicks WHERE id = ?").get(id)!;
  assert.equal(row.campaign_id, t.campaignId);
  assert.equal(row.traffic_source_id, t.sourceId);
  assert.equal(row.offer_id, t.offerIds[0]);
  assert.equal(row.external_id, "ext-1");
  assert.equal(row.tokens, '["z9","android"]');
  assert.equal(row.cost, 12_000, "CPC 0.012 in micro-units");
  assert.equal(row.is_unique, 1);
  assert.equal(row.ip, US_IP);
  const ua = t.app.deps.db.prepare("SELECT * FROM user_agents WHERE id = ?").get(row.ua_id)!;
  assert.deepEqual([ua.device_type, ua.os, ua.brand], ["mobile", "iOS", "Apple"]);
});

Deno.test("click: unknown, paused and archived campaigns answer 404 without a redirect or a click", async (t) => {
  const s = await trackingApp();
  const count = () => Number(s.app.deps.db.prepare("SELECT count(*) AS n FROM clicks").get()!.n);
  await t.step("unknown key", async () => {
    const res = await s.click({ key: "no-such-campaign" });
    assert.equal(res.status, 404);
    assert.equal(res.headers.get("location"), null);
  });
  await t.step("paused (the cache sees the change at once)", async () => {
    assert.equal((await s.click()).status, 302);
    await s.api.patch(`/api/campaigns/${s.campaignId}`, { status: "paused" });
    const res = await s.click();
    assert.equal(res.status, 404);
    assert.equal(res.headers.get("location"), null);
    assert.equal(count(), 1);
  });
  await t.step("archived", async () => {
    await s.api.patch(`/api/campaigns/${s.campaignId}`, { status: "active" });
    await s.api.del(`/api/campaigns/${s.campaignId}`);
    assert.equal((await s.click()).status, 404);
    assert.equal(count(), 1);
  });
});

Deno.test("click: uniqueness per campaign within uniquenessHours", async () => {
  const t = await trackingApp({ campaign: { uniquenessHours: 1 } });
  const engine = t.app.deps.tracking;
  const unique = async (opts: { ip: string; ua: string; now: number }) => {
    const d = await recordClick(engine, {
      key: t.key,
      ip: opts.ip,
      userAgent: opts.ua,
      query: new URLSearchParams(),
      now: opts.now,
    });
    assert.equal(d.kind, "redirect");
    const id = (d as { clickId: string }).clickId;
    return t.app.deps.db.prepare("SELECT is_unique FROM clicks WHERE id = ?").get(id)!.is_unique;
  };
  const t0 = Date.now();
  assert.equal(await unique({ ip: US_IP, ua: UA.iphone, now: t0 }), 1);
  assert.equal(await unique({ ip: US_IP, ua: UA.iphone, now: t0 + 1000 }), 0);
  assert.equal(await unique({ ip: US_IP, ua: UA.galaxy, now: t0 + 2000 }), 1, "another device");
  assert.equal(await unique({ ip: "1.1.1.1", ua: UA.iphone, now: t0 + 3000 }), 1, "another IP");
  assert.equal(await unique({ ip: US_IP, ua: UA.iphone, now: t0 + 3_700_000 }), 1, "window over");
  // After a restart the memory is rebuilt from the stored clicks.
  t.app.deps.tracking.uniqueness.clear();
  t.app.deps.tracking.uniqueness.load(t.app.deps.db, t0 + 3_800_000);
  assert.equal(await unique({ ip: US_IP, ua: UA.iphone, now: t0 + 3_800_000 }), 0);
  assert.equal(await unique({ ip: US_IP, ua: UA.galaxy, now: t0 + 2000 + 3_700_000 }), 1);
  // Coming back every 50 minutes: unique once an hour from the last unique click (also after a
  // restart), not never again.
  const every = [0, 50, 100, 150, 200].map((m) => t0 + 10 * 3_600_000 + m * 60_000);
  const back: unknown[] = [];
  for (const now of every) {
    back.push(await unique({ ip: "2.2.2.2", ua: UA.iphone, now }));
    if (now === every[2]) {
      t.app.deps.tracking.uniqueness.clear();
      t.app.deps.tracking.uniqueness.load(t.app.deps.db, now);
    }
  }
  assert.deepEqual(back, [1, 0, 1, 0, 1]);
});

Deno.test("click: bot policies route, flag or block", async (t) => {
  for (const policy of ["route", "flag", "block"] as const) {
    await t.step(policy, async () => {
      const s = await trackingApp({ campaign: { botPolicy: policy } });
      const res = await s.click({ ua: UA.googlebot });
      const id = clickIdOf(res);
      const row = s.app.deps.db.prepare(
        "SELECT is_bot, bot_reason, offer_id FROM clicks WHERE id = ?",
      )
        .get(id)!;
      if (policy === "block") {
        assert.equal(res.status, 404);
        assert.equal(res.headers.get("location"), null);
        assert.equal(await res.text(), "");
        assert.equal(row.offer_id, null);
      } else {
        assert.equal(res.status, 302);
      }
      assert.equal(row.is_bot, policy === "route" ? 0 : 1);
      if (policy !== "route") assert.match(String(row.bot_reason), /Google/);
    });
  }
});

Deno.test("click: cost models", async (t) => {
  const costOf = async (campaign: Record<string, unknown>, query = "") => {
    const s = await trackingApp({ campaign });
    const id = clickIdOf(await s.click({ query }));
    return Number(s.app.deps.db.prepare("SELECT cost FROM clicks WHERE id = ?").get(id)!.cost);
  };
  await t.step(
    "CPC",
    async () => assert.equal(await costOf({ costModel: "cpc", costValue: 0.05 }), 50_000),
  );
  await t.step(
    "CPM",
    async () => assert.equal(await costOf({ costModel: "cpm", costValue: 1.5 }), 1_500),
  );
  await t.step("auto from the cost parameter", async () => {
    assert.equal(await costOf({ costModel: "auto" }, "?cost=0.0031"), 3_100);
    assert.equal(await costOf({ costModel: "auto" }, "?cost=abc"), 0);
    assert.equal(await costOf({ costModel: "auto" }, "?cost=1e309"), 0);
  });
  await t.step("CPA and RevShare cost nothing until a conversion", async () => {
    assert.equal(await costOf({ costModel: "cpa", costValue: 3 }), 0);
    assert.equal(await costOf({ costModel: "revshare", costValue: 40 }), 0);
  });
});

Deno.test("click: request values never change the destination's origin", async () => {
  const t = await trackingApp({
    campaign: {
      destination: { type: "url", url: "https://dest.example.com/x?z={t1}&e={externalid}" },
    },
  });
  for (const evil of ["@evil.com", "//evil.com", "\r\nSet-Cookie: a=b", "%2F%2Fevil", "a#b?c"]) {
    const res = await t.click({
      query: `?zone=${encodeURIComponent(evil)}&subid=${encodeURIComponent(evil)}`,
    });
    assert.equal(res.status, 302);
    const location = new URL(res.headers.get("location")!);
    assert.equal(location.origin, "https://dest.example.com");
    assert.equal(location.searchParams.get("z"), evil);
  }
});

Deno.test("click: rules, landers, rotations and campaign links", async (t) => {
  const s = await trackingApp();
  const [a, b] = s.offerIds;
  const lander = { weight: 100, direct: false, landings: [{ landingId: s.landingId, weight: 1 }] };
  const rotation = await s.api.post("/api/rotations", {
    name: "R",
    rules: [{
      name: "Germany",
      criteria: [{ field: "country", op: "is", values: ["DE"] }],
      paths: [{ ...lander, offers: [{ offerId: a, weight: 1 }, { offerId: b, weight: 1 }] }],
    }],
    defaultPaths: [{ weight: 1, direct: true, offers: [{ offerId: b, weight: 1 }] }],
  });
  await s.api.patch(`/api/campaigns/${s.campaignId}`, {
    destination: { type: "rotation", rotationId: rotation.body.id },
  });
  await t.step("the matching rule's lander, then /lp/click to the Nth offer", async () => {
    const res = await s.click({ ip: "81.169.145.1" }); // a German address
    assert.equal(res.status, 302);
    const id = clickIdOf(res);
    assert.match(
      res.headers.get("location")!,
      new RegExp(`^https://lp\\.example\\.com/quiz/\\?c=${id}$`),
    );
    const lp = await s.app.request(`/lp/click?offer=2`, {
      cookie: `rotor_click=${id}`,
      redirect: "manual",
    });
    assert.equal(lp.status, 302);
    assert.match(
      lp.headers.get("location")!,
      new RegExp(`^https://shop\\.example\\.com/buy\\?c=${id}&s1=${id}$`),
    );
    const row = s.app.deps.db.prepare(
      "SELECT rule, path, offer_id, lp_click_ts, rotation_id FROM clicks WHERE id = ?",
    ).get(id)!;
    const stored = await s.api.get(`/api/rotations/${rotation.body.id}`);
    const rule = (stored.body.rules as { id: number; paths: { id: number }[] }[])[0];
    assert.equal(row.rule, rule.id, "the rule's stable id");
    assert.equal(row.path, rule.paths[0].id);
    assert.equal(row.offer_id, b);
    assert.equal(row.rotation_id, rotation.body.id);
    assert.ok(Number(row.lp_click_ts) > 0);
    const byParam = await s.app.request(`/lp/click?clickid=${id}&offer=1`, { redirect: "manual" });
    assert.match(byParam.headers.get("location")!, /^https:\/\/offers\.example\.com\/keto\?/);
  });
  await t.step(
    "offer=N beyond the lander's offerCount is not a link of it: the click's offer",
    async () => {
      const id = clickIdOf(await s.click({ ip: "81.169.145.1" }));
      const first = await s.app.request(`/lp/click?clickid=${id}&offer=1`, { redirect: "manual" });
      assert.match(first.headers.get("location")!, /^https:\/\/offers\.example\.com\/keto\?/);
      const second = `/lp/click?clickid=${id}&offer=2`;
      await s.api.patch(`/api/landings/${s.landingId}`, { offerCount: 1 });
      const beyond = await s.app.request(second, { redirect: "manual" });
      assert.equal(beyond.status, 302);
      assert.match(beyond.headers.get("location")!, /^https:\/\/offers\.example\.com\/keto\?/);
      await s.api.patch(`/api/landings/${s.landingId}`, { offerCount: 2 });
      const within = await s.app.request(second, { redirect: "manual" });
      assert.match(within.headers.get("location")!, /^https:\/\/shop\.example\.com\/buy\?/);
    },
  );
  await t.step("/lp/click without a known click answers 404", async () => {
    assert.equal((await s.app.request("/lp/click")).status, 404);
    assert.equal((await s.app.request("/lp/click?clickid=nope")).status, 404);
    assert.equal((await s.app.request("/lp/click?clickid=-ZZZZZZZ--AAAAAAAAAAAAAA")).status, 404);
  });
  await t.step("the default path elsewhere", async () => {
    const res = await s.click();
    assert.match(res.headers.get("location")!, /^https:\/\/shop\.example\.com\/buy/);
    const id = clickIdOf(res);
    const lp = await s.app.request(`/lp/click?clickid=${id}`, { redirect: "manual" });
    assert.equal(lp.status, 302, "a direct click still reaches its offer");
    const row = s.app.deps.db.prepare("SELECT lp_click_ts FROM clicks WHERE id = ?").get(id)!;
    assert.equal(row.lp_click_ts, null, "but no lander click is counted");
  });
  await t.step(
    "a campaign sending to another campaign follows it; a loop answers 404",
    async () => {
      const other = await s.api.post("/api/campaigns", {
        name: "Entry",
        destination: { type: "campaign", campaignId: s.campaignId },
      });
      const res = await s.click({ key: String(other.body.key) });
      assert.equal(res.status, 302);
      const row = s.app.deps.db.prepare("SELECT campaign_id FROM clicks WHERE id = ?").get(
        clickIdOf(res),
      )!;
      assert.equal(
        row.campaign_id,
        other.body.id,
        "the click belongs to the campaign the source sent it to",
      );
      await s.api.patch(`/api/campaigns/${s.campaignId}`, {
        destination: { type: "campaign", campaignId: other.body.id },
      });
      assert.equal((await s.click({ key: String(other.body.key) })).status, 404);
      assert.equal((await s.click()).status, 404);
    },
  );
});

Deno.test("click: a hosted lander is a relative address on this host", async () => {
  const s = await trackingApp();
  const hosted = await s.api.post("/api/landings", {
    name: "Hosted",
    url: "/lp/files/quiz/index.html",
  });
  await s.api.patch(`/api/campaigns/${s.campaignId}`, {
    destination: {
      type: "flow",
      flow: {
        rules: [],
        defaultPaths: [{
          weight: 1,
          landings: [{ landingId: hosted.body.id, weight: 1 }],
          offers: [{ offerId: s.offerIds[0], weight: 1 }],
        }],
      },
    },
  });
  const res = await s.click();
  assert.equal(res.headers.get("location"), "/lp/files/quiz/index.html");
});

Deno.test("click: a link ending in a slash is the same link, for the campaign and the lander's button", async (t) => {
  const s = await trackingApp();
  const [a, b] = s.offerIds;
  await throughLander(s, [a, b]);
  let id = "";
  await t.step("/c/KEY/?… clicks as /c/KEY?…", async () => {
    const res = await s.click({ query: "/?t1=zone7" });
    assert.equal(res.status, 302);
    id = clickIdOf(res);
    assert.match(res.headers.get("location")!, /^https:\/\/lp\.example\.com\//);
    const row = s.app.deps.db.prepare("SELECT campaign_id FROM clicks WHERE id = ?").get(id)!;
    assert.equal(row.campaign_id, s.campaignId);
  });
  await t.step("/lp/click/?offer=2 goes on as /lp/click?offer=2", async () => {
    const res = await s.app.request("/lp/click/?offer=2", {
      cookie: `rotor_click=${id}`,
      redirect: "manual",
    });
    assert.equal(res.status, 302);
    assert.match(res.headers.get("location")!, /^https:\/\/shop\.example\.com\/buy\?/);
  });
});

Deno.test("click: a HEAD request on the lander's button answers its offer and counts no lander click", async () => {
  const s = await trackingApp();
  await throughLander(s);
  const id = clickIdOf(await s.click());
  const lpClickTs = () =>
    s.app.deps.db.prepare("SELECT lp_click_ts FROM clicks WHERE id = ?").get(id)!.lp_click_ts;
  const head = await s.app.request(`/lp/click?clickid=${id}`, {
    method: "HEAD",
    redirect: "manual",
  });
  assert.equal(head.status, 302);
  assert.match(head.headers.get("location")!, /^https:\/\/offers\.example\.com\//);
  assert.equal(lpClickTs(), null);
  const get = await s.app.request(`/lp/click?clickid=${id}`, { redirect: "manual" });
  assert.equal(get.status, 302);
  assert.equal(typeof lpClickTs(), "number");
});

Deno.test("click: a clickid that is no click id (an unfilled {clickid}) leaves the lander click to the cookie", async () => {
  const s = await trackingApp();
  const [a, b] = s.offerIds;
  await throughLander(s, [a, b]);
  const id = clickIdOf(await s.click());
  // The builder's lander link pasted into a hosted page, where nothing fills its macro in.
  for (const given of ["%7Bclickid%7D", "undefined", ""]) {
    const res = await s.app.request(`/lp/click?clickid=${given}&offer=2`, {
      cookie: `rotor_click=${id}`,
      redirect: "manual",
    });
    assert.equal(res.status, 302, given);
    assert.match(
      res.headers.get("location")!,
      new RegExp(`^https://shop\\.example\\.com/buy\\?c=${id}`),
    );
  }
  const row = s.app.deps.db.prepare("SELECT lp_click_ts FROM clicks WHERE id = ?").get(id)!;
  assert.ok(Number(row.lp_click_ts) > 0, "the lander click is counted");
  const without = await s.app.request("/lp/click?clickid=%7Bclickid%7D&offer=2");
  assert.equal(without.status, 404, "no cookie either: still no click");
});

Deno.test("click: a hosted lander's address may be percent-encoded and carry macros in its query", async (t) => {
  const s = await trackingApp();
  const useLander = (landingId: number) =>
    s.api.patch(`/api/campaigns/${s.campaignId}`, {
      destination: {
        type: "flow",
        flow: {
          rules: [],
          defaultPaths: [{
            weight: 1,
            landings: [{ landingId, weight: 1 }],
            offers: [{ offerId: s.offerIds[0], weight: 1 }],
          }],
        },
      },
    });
  await t.step("the address Files shows for a folder with a space, with {macros}", async () => {
    const url = "/lp/files/keto%20quiz/?zone={t1}&c={clickid}";
    const created = await s.api.post("/api/landings", { name: "Hosted", url });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await useLander(idOf(created));
    const res = await s.click({ query: "?zone=z%207" });
    assert.equal(
      res.headers.get("location"),
      `/lp/files/keto%20quiz/?zone=z%207&c=${clickIdOf(res)}`,
    );
  });
  await t.step("a way out of /lp/files/, a macro in the path or a space: refused", async () => {
    const before = (await s.api.get("/api/landings?archived=all")).body.total;
    for (
      const url of [
        "/lp/files/../api/x",
        "/lp/files/%2E%2E/api/x",
        "/lp/files/{t1}/index.html",
        "/lp/files/a b.html",
        "/lp/files/",
      ]
    ) {
      const res = await s.api.post("/api/landings", { name: "Bad", url });
      assert.equal(res.status, 400, url);
    }
    assert.equal((await s.api.get("/api/landings?archived=all")).body.total, before);
  });
});

Deno.test("click: the network's offer URL template reaches the offer URL's query", async (t) => {
  const s = await trackingApp();
  const cases = [
    ["{offer_url}&aff_sub={clickid}", "https://net.example.com/go", "/go"],
    ["{offer_url}&aff_sub={clickid}", "https://net.example.com/go?o=7", "/go"],
    ["{offer_url}?aff_sub={clickid}", "https://net.example.com/go?o=7#top", "/go"],
    ["{offer_url}&aff_sub={clickid}", "https://net.example.com/#/offer", "/"],
  ];
  for (const [template, url, pathname] of cases) {
    await t.step(`${template} on ${url}`, async () => {
      await s.api.patch(`/api/affiliate-networks/${s.networkId}`, { offerUrlTemplate: template });
      await s.api.patch(`/api/offers/${s.offerIds[0]}`, { url });
      const res = await s.click();
      const location = new URL(res.headers.get("location")!);
      assert.equal(location.pathname, pathname);
      assert.equal(location.searchParams.get("aff_sub"), clickIdOf(res), "the network gets it");
      if (url.includes("?o=7")) assert.equal(location.searchParams.get("o"), "7");
      assert.equal(location.hash, new URL(url).hash, "the fragment stays last");
    });
  }
});

Deno.test("click: an offer URL template that would never be used is refused", async () => {
  const s = await trackingApp();
  const path = `/api/affiliate-networks/${s.networkId}`;
  const before = (await s.api.get(path)).body.offerUrlTemplate;
  for (
    const template of [
      "https://net.example.com/go?sub={clickid}",
      "sub1={clickid}",
      "{offer_url} &s=1",
    ]
  ) {
    const res = await s.api.patch(path, { offerUrlTemplate: template });
    assert.equal(res.status, 400, template);
    assert.match(JSON.stringify(res.body), /must start with \{offer_url\}/);
  }
  assert.equal((await s.api.get(path)).body.offerUrlTemplate, before, "nothing changed");
});
