import assert from "node:assert/strict";
import { CLICK_ROUTES } from "../../contracts/api/reports.ts";
import { UA } from "./enrich/test_agents.ts";
import { enrichVisitor, loadEnrichmentData } from "./enrich/visitor.ts";
import { recordClick } from "./click.ts";
import { IpFrequency, judgeQuality } from "./quality.ts";
import { campaignReport, clickIdOf, trackingApp, type TrackingSetup } from "./testing.ts";
import { TrafficQualitySettings } from "../../contracts/settings.ts";

loadEnrichmentData();

/** Real addresses of the shipped ASN database (@ip-location-db/asn), looked up from its ranges. */
const IP = {
  /** AWS, AS16509 Amazon.com, Inc. (Ashburn, US): a data centre. */
  aws: "52.94.236.248",
  /** Hetzner, AS24940 Hetzner Online GmbH (Falkenstein, DE): a data centre. */
  hetzner: "5.9.10.20",
  /** Hetzner's IPv6 network. */
  hetznerV6: "2a01:4f8::1",
  /** Comcast, AS7922 (California, US): a home broadband line. */
  comcast: "73.162.10.20",
  /** Deutsche Telekom, AS3320 (Düsseldorf, DE): a home broadband line. */
  telekom: "79.192.10.20",
  /** Cloudflare, AS13335: hosting by AS, but iCloud Private Relay's people come through it. */
  relay: "104.16.0.1",
};

const BROWSER = {
  "user-agent": UA.iphone,
  "accept-language": "en-US,en;q=0.9",
  accept: "text/html",
};

/** GET /c/:key from `ip` with a browser's headers, changed by `headers` (null drops one). */
function visit(s: TrackingSetup, ip: string, headers: Record<string, string | null> = {}) {
  const sent: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...BROWSER, ...headers })) if (v !== null) sent[k] = v;
  return s.app.request(`/c/${s.key}`, { ip, headers: sent, redirect: "manual" });
}

type Row = { is_bot: number; bot_reason: string | null; cost: number; offer_id: number | null };
const rowOf = (s: TrackingSetup, id: string) =>
  s.app.deps.db.prepare("SELECT is_bot, bot_reason, cost, offer_id FROM clicks WHERE id = ?")
    .get(id) as Row;

async function reasonOf(s: TrackingSetup, ip: string, headers: Record<string, string | null> = {}) {
  return rowOf(s, clickIdOf(await visit(s, ip, headers))).bot_reason;
}

async function setQuality(s: TrackingSetup, value: Record<string, unknown>): Promise<void> {
  const res = await s.api.put("/api/settings/traffic-quality", value);
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

Deno.test("traffic quality: each reason, from real networks of the shipped ASN data", async (t) => {
  const s = await trackingApp({ campaign: { botPolicy: "flag" } });
  await t.step("a declared bot", async () => {
    assert.match(String(await reasonOf(s, IP.comcast, { "user-agent": UA.googlebot })), /Google/);
  });
  await t.step("empty or missing headers", async () => {
    assert.equal(await reasonOf(s, IP.comcast, { "user-agent": null }), "no user agent");
    assert.equal(await reasonOf(s, IP.comcast, { "user-agent": "" }), "no user agent");
    assert.equal(
      await reasonOf(s, IP.comcast, { "accept-language": null }),
      "no Accept-Language header",
    );
    assert.equal(
      await reasonOf(s, IP.comcast, { "accept-language": " " }),
      "no Accept-Language header",
    );
    assert.equal(await reasonOf(s, IP.comcast, { "accept-language": "*" }), 'Accept-Language "*"');
  });
  await t.step("data-centre networks: AWS, Hetzner (IPv4 and IPv6)", async () => {
    assert.equal(await reasonOf(s, IP.aws), "data centre: AS16509 Amazon.com, Inc.");
    assert.equal(await reasonOf(s, IP.hetzner), "data centre: AS24940 Hetzner Online GmbH");
    assert.equal(await reasonOf(s, IP.hetznerV6), "data centre: AS24940 Hetzner Online GmbH");
  });
  await t.step("residential lines and a privacy relay are people", async () => {
    for (const ip of [IP.comcast, IP.telekom, IP.relay]) {
      const row = rowOf(s, clickIdOf(await visit(s, ip)));
      assert.deepEqual([row.is_bot, row.bot_reason, row.cost], [0, null, 12_000], ip);
    }
  });
  await t.step("too many clicks from one IP in the window (default 30 in 60 s)", async () => {
    const ip = "79.192.10.21";
    for (let i = 0; i < 30; i++) assert.equal(await reasonOf(s, ip), null, `click ${i + 1}`);
    assert.equal(await reasonOf(s, ip), "more than 30 clicks from one IP in 60 s");
    assert.equal(await reasonOf(s, "79.192.10.22"), null, "another IP is counted apart");
  });
  await t.step("a headless browser, as a page script may report it (the hook)", async () => {
    const d = await recordClick(s.app.deps.tracking, {
      key: s.key,
      ip: IP.telekom,
      userAgent: UA.iphone,
      acceptLanguage: "de",
      query: "",
      signals: { webdriver: true, headless: false },
    });
    assert.equal(d.kind, "redirect");
    if (d.kind !== "redirect") return;
    assert.equal(rowOf(s, d.clickId).bot_reason, "headless browser: webdriver");
  });
});

Deno.test("traffic quality: each setting changes the verdict — headers, data centre, IP limit and window", async (t) => {
  const s = await trackingApp({ campaign: { botPolicy: "flag" } });
  await t.step("emptyHeaders off: a missing Accept-Language is no verdict", async () => {
    await setQuality(s, { emptyHeaders: false });
    assert.equal(await reasonOf(s, IP.comcast, { "accept-language": null }), null);
    await setQuality(s, { emptyHeaders: true });
    assert.equal(
      await reasonOf(s, IP.comcast, { "accept-language": null }),
      "no Accept-Language header",
    );
  });
  await t.step("dataCentre off: AWS is no verdict", async () => {
    await setQuality(s, { dataCentre: false });
    assert.equal(await reasonOf(s, IP.aws), null);
    await setQuality(s, {});
    assert.match(String(await reasonOf(s, IP.aws)), /^data centre/);
  });
  await t.step("ipClickLimit: the N+1st click is a verdict; 0 turns the check off", async () => {
    await setQuality(s, { ipClickLimit: 3 });
    const reasons = [];
    for (let i = 0; i < 5; i++) reasons.push(await reasonOf(s, "73.162.10.31"));
    const over = "more than 3 clicks from one IP in 60 s";
    assert.deepEqual(reasons, [null, null, null, over, over]);
    await setQuality(s, { ipClickLimit: 0 });
    for (let i = 0; i < 5; i++) assert.equal(await reasonOf(s, "73.162.10.32"), null);
  });
  await t.step(
    "ipWindowSeconds: clicks further apart than the window are not counted together",
    async () => {
      // Click ids only go forward in time: the test's clock starts at the next whole hour.
      const t0 = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
      const reasonAt = async (ip: string, at: number) => {
        const d = await recordClick(s.app.deps.tracking, {
          key: s.key,
          ip,
          userAgent: UA.iphone,
          acceptLanguage: "en",
          query: "",
          now: at,
        });
        return d.kind === "redirect" ? rowOf(s, d.clickId).bot_reason : d.kind;
      };
      const run = async (ip: string) => [
        await reasonAt(ip, t0),
        await reasonAt(ip, t0 + 1000),
        await reasonAt(ip, t0 + 2000),
        await reasonAt(ip, t0 + 25_000),
      ];
      await setQuality(s, { ipClickLimit: 2, ipWindowSeconds: 10 });
      const short = "more than 2 clicks from one IP in 10 s";
      assert.deepEqual(await run("73.162.10.41"), [null, null, short, null]);
      await setQuality(s, { ipClickLimit: 2, ipWindowSeconds: 3600 });
      const long = "more than 2 clicks from one IP in 3600 s";
      assert.deepEqual(await run("73.162.10.42"), [null, null, long, long]);
    },
  );
  await t.step("bad values are refused and nothing changes", async () => {
    await setQuality(s, { ipClickLimit: 7 });
    for (const bad of [{ ipClickLimit: -1 }, { ipWindowSeconds: 0 }, { dataCentre: "no" }]) {
      const res = await s.api.put("/api/settings/traffic-quality", bad);
      assert.equal(res.status, 400, JSON.stringify(bad));
    }
    assert.equal((await s.api.get("/api/settings/traffic-quality")).body.ipClickLimit, 7);
  });
});

Deno.test("traffic quality: the bot policy applies to every verdict", async (t) => {
  const verdicts: [string, string, Record<string, string | null>][] = [
    ["declared bot", "73.162.10.51", { "user-agent": UA.googlebot }],
    ["missing headers", "73.162.10.52", { "accept-language": null }],
    ["data centre", IP.hetzner, {}],
  ];
  for (const policy of ["route", "flag", "block"] as const) {
    await t.step(policy, async () => {
      const s = await trackingApp({ campaign: { botPolicy: policy, costValue: 0.05 } });
      await setQuality(s, { ipClickLimit: 1 });
      // The second click from one IP is over a limit of 1.
      await visit(s, IP.telekom);
      const cases = [...verdicts, ["IP frequency", IP.telekom, {}] as (typeof verdicts)[number]];
      for (const [label, ip, headers] of cases) {
        const res = await visit(s, ip, headers);
        const row = rowOf(s, clickIdOf(res));
        assert.ok(row.bot_reason, `${label}: the reason is kept under ${policy}`);
        if (policy === "block") {
          assert.equal(res.status, 404, label);
          assert.equal(row.offer_id, null, label);
        } else {
          assert.equal(res.status, 302, label);
          assert.equal(row.offer_id, s.offerIds[0], label);
        }
        assert.equal(row.is_bot, policy === "route" ? 0 : 1, label);
        assert.equal(row.cost, policy === "route" ? 50_000 : 0, `${label}: flagged costs nothing`);
      }
      const person = rowOf(s, clickIdOf(await visit(s, IP.comcast)));
      assert.deepEqual([person.is_bot, person.bot_reason, person.cost], [0, null, 50_000]);
    });
  }
});

Deno.test("traffic quality: a HEAD request is no visit — flagged, free, and still answered", async () => {
  // A link checker or an uptime monitor on a campaign link sends HEAD; no browser does.
  const s = await trackingApp({ campaign: { botPolicy: "flag", costValue: 0.05 } });
  const head = await s.app.request(`/c/${s.key}`, {
    method: "HEAD",
    ip: IP.comcast,
    headers: BROWSER,
    redirect: "manual",
  });
  assert.equal(head.status, 302);
  assert.ok(head.headers.get("location"), "the answer is a GET's, without a body");
  assert.equal(await head.text(), "");
  const row = rowOf(s, clickIdOf(head));
  assert.deepEqual([row.is_bot, row.bot_reason, row.cost], [1, "HEAD request", 0]);
  // The same visitor's GET is a person's click, at the campaign's cost.
  const get = rowOf(s, clickIdOf(await visit(s, IP.comcast)));
  assert.deepEqual([get.is_bot, get.bot_reason, get.cost], [0, null, 50_000]);
});

Deno.test("traffic quality: an isBot rule sees the verdict, not only declared bots", async () => {
  const s = await trackingApp();
  const [a, b] = s.offerIds;
  const direct = (offerId: number) => ({
    weight: 1,
    direct: true,
    offers: [{ offerId, weight: 1 }],
  });
  const res = await s.api.patch(`/api/campaigns/${s.campaignId}`, {
    destination: {
      type: "flow",
      flow: {
        rules: [{
          name: "Bots",
          criteria: [{ field: "isBot", op: "is", values: ["true"] }],
          paths: [direct(b)],
        }],
        defaultPaths: [direct(a)],
      },
    },
  });
  assert.equal(res.status, 200);
  assert.equal(rowOf(s, clickIdOf(await visit(s, IP.aws))).offer_id, b);
  assert.equal(rowOf(s, clickIdOf(await visit(s, IP.comcast))).offer_id, a);
});

Deno.test("traffic quality: the report's Quality reason dimension and the click log show the reason", async () => {
  const s = await trackingApp({ campaign: { botPolicy: "flag" } });
  await visit(s, IP.aws);
  await visit(s, IP.aws);
  await visit(s, IP.comcast, { "user-agent": UA.googlebot });
  await visit(s, IP.comcast);
  // Through tomorrow: another test of this file moves the click clock to the next whole hour,
  // which near midnight is tomorrow.
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const { rows } = await campaignReport(s, {
    from: day(0),
    to: day(1),
    tz: "UTC",
    groupBy: "botReason",
  });
  assert.deepEqual(
    rows.map((r) => [r.labels[0], r.metrics.clicks]).sort(),
    [
      ["clean", 1],
      ["data centre: AS16509 Amazon.com, Inc.", 2],
      ['user agent matches "Google"', 1],
    ],
  );
  const log = await s.api.call(CLICK_ROUTES.list, { query: { campaignId: s.campaignId } });
  const reasons = log.items.map((i) => i.botReason);
  assert.equal(reasons.filter((r) => r === "data centre: AS16509 Amazon.com, Inc.").length, 2);
  assert.ok(log.columns.includes("botReason"));
});

Deno.test("traffic quality: the verdict's order and the IP window estimate", async (t) => {
  const settings = TrafficQualitySettings.parse({});
  const v = (ip: string, userAgent = UA.iphone) => enrichVisitor({ ip, userAgent, now: 0 });
  await t.step("a declared bot wins over a data centre; a data centre over the IP count", () => {
    assert.match(
      String(judgeQuality(v(IP.aws, UA.googlebot), { ipClicks: 99 }, settings)),
      /Google/,
    );
    assert.match(String(judgeQuality(v(IP.aws), { ipClicks: 99 }, settings)), /^data centre/);
    assert.match(String(judgeQuality(v(IP.comcast), { ipClicks: 99 }, settings)), /^more than 30/);
    assert.equal(
      judgeQuality(v(IP.comcast), { ipClicks: 30, acceptLanguage: "en" }, settings),
      null,
    );
  });
  await t.step("the sliding estimate weighs the previous window by what it still covers", () => {
    const f = new IpFrequency();
    for (let i = 0; i < 10; i++) f.count("a", 1000 + i, 10_000);
    // Half-way through the next window, half of the previous window's 10 still count.
    assert.equal(f.count("a", 15_000, 10_000), 1 + 5);
    assert.equal(f.count("b", 15_000, 10_000), 1);
    // Two windows on, nothing of it is left.
    assert.equal(f.count("a", 35_000, 10_000), 1);
  });
  await t.step("IPv4 addresses are counted as numbers, exactly, however many there are", () => {
    const f = new IpFrequency();
    // Enough addresses to grow the table several times; every third one clicks twice.
    for (let i = 0; i < 20_000; i++) {
      const ip = (0x5d000000 + i * 7919) >>> 0;
      assert.equal(f.count(ip, 1000, 60_000), 1);
      if (i % 3 === 0) assert.equal(f.count(ip, 1001, 60_000), 2);
    }
    for (let i = 0; i < 20_000; i += 997) {
      const ip = (0x5d000000 + i * 7919) >>> 0;
      assert.equal(f.count(ip, 1002, 60_000), i % 3 === 0 ? 3 : 2);
    }
    // Address 0.0.0.0 and the text of an address are keys of their own.
    assert.equal(f.count(0, 1003, 60_000), 1);
    assert.equal(f.count(0, 1003, 60_000), 2);
    assert.equal(f.count("93.0.0.0", 1003, 60_000), 1);
  });
});
