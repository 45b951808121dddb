import assert from "node:assert/strict";
import { formatIp, type IpAddress } from "./ip.ts";
import { clickIdOf, NETWORK_IP, trackingApp, type TrackingSetup } from "./testing.ts";

/** A loopback listener that records every request it sees. */
function listen(handler: (req: Request) => Response = () => new Response("ok")) {
  const seen: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    seen.push(req.url);
    return handler(req);
  });
  return { seen, port: server.addr.port, close: () => server.shutdown() };
}

/** Test hook: exactly one loopback port stands in for a public server. */
const onlyPort = (port: number) => (a: IpAddress, p: number) =>
  formatIp(a) === "127.0.0.1" && p === port;

async function convert(s: TrackingSetup, query = "status=sale") {
  const id = clickIdOf(await s.click({ query: "?subid=ext-42&zone=z1" }));
  const res = await s.app.request(`/postback?token=s3cr3t-token&clickid=${id}&${query}`, {
    ip: NETWORK_IP,
  });
  assert.equal(res.status, 200);
  await s.app.deps.tracking.s2s.runDue(Date.now() + 1);
  return String(
    s.app.deps.db.prepare("SELECT postback_outcome FROM conversions WHERE click_id = ?").get(id)!
      .postback_outcome,
  );
}

Deno.test("S2S: the source's postback is sent with macros, per status, payout % and campaign override", async (t) => {
  const target = listen();
  try {
    const s = await trackingApp({
      tracking: {
        s2s: { backoffMs: [0], fetch: { allowAddress: onlyPort(target.port) } },
      },
    });
    const base = `http://127.0.0.1:${target.port}`;
    await s.api.patch(`/api/traffic-sources/${s.sourceId}`, {
      postbackUrl: `${base}/pb?id={externalid}&p={payout}&s={status}&z={t1}&c={clickid}`,
      postbackStatuses: ["sale"],
      payoutPercent: 50,
    });
    await t.step("a sale is sent, payout at 50%", async () => {
      assert.equal(await convert(s), "sent 200");
      const url = new URL(target.seen.at(-1)!);
      assert.equal(url.pathname, "/pb");
      assert.equal(url.searchParams.get("id"), "ext-42");
      assert.equal(url.searchParams.get("p"), "6.25");
      assert.equal(url.searchParams.get("s"), "sale");
      assert.equal(url.searchParams.get("z"), "z1");
    });
    await t.step("a status the source does not take is skipped", async () => {
      assert.match(await convert(s, "status=pending"), /^skipped: hold/);
      assert.equal(target.seen.length, 1);
    });
    await t.step("the campaign's URL overrides the source's", async () => {
      await s.api.patch(`/api/campaigns/${s.campaignId}`, {
        postbackUrl: `${base}/campaign?c={clickid}`,
      });
      assert.equal(await convert(s), "sent 200");
      assert.equal(new URL(target.seen.at(-1)!).pathname, "/campaign");
    });
    await t.step("postback 0% sends nothing", async () => {
      await s.api.patch(`/api/campaigns/${s.campaignId}`, { postbackUrl: "" });
      await s.api.patch(`/api/traffic-sources/${s.sourceId}`, { postbackPercent: 0 });
      assert.match(await convert(s), /^skipped: postback 0%/);
      assert.equal(target.seen.length, 2);
    });
  } finally {
    await target.close();
  }
});

Deno.test("S2S: failures retry with backoff, then give up; the outcome stays on the conversion", async () => {
  let answers = 0;
  const target = listen(() => new Response("no", { status: answers++ < 1 ? 500 : 200 }));
  try {
    const s = await trackingApp({
      tracking: {
        s2s: { backoffMs: [60_000], fetch: { allowAddress: onlyPort(target.port) } },
      },
    });
    await s.api.patch(`/api/traffic-sources/${s.sourceId}`, {
      postbackUrl: `http://127.0.0.1:${target.port}/pb?c={clickid}`,
    });
    assert.equal(await convert(s), "retrying (1): answered 500");
    await s.app.deps.tracking.s2s.runDue(Date.now() + 1000);
    assert.equal(target.seen.length, 1, "not before its backoff");
    await s.app.deps.tracking.s2s.runDue(Date.now() + 61_000);
    assert.equal(target.seen.length, 2);
    const row = s.app.deps.db.prepare("SELECT postback_outcome FROM conversions").get()!;
    assert.equal(row.postback_outcome, "sent 200");
    assert.equal(s.app.deps.tracking.s2s.depth, 0);
  } finally {
    await target.close();
  }
});

Deno.test("S2S: loopback, private, metadata and odd address forms, and a redirect to loopback, never reach the canary", async (t) => {
  const canary = listen();
  const redirector = listen(() =>
    new Response(null, { status: 302, headers: { location: `http://127.0.0.1:${canary.port}/x` } })
  );
  try {
    const s = await trackingApp({
      tracking: {
        s2s: {
          backoffMs: [],
          fetch: { timeoutMs: 30_000, allowAddress: onlyPort(redirector.port) },
        },
      },
    });
    const p = canary.port;
    const forms = [
      `http://127.0.0.1:${p}/pb`,
      `http://0.0.0.0:${p}/pb`,
      `http://[::1]:${p}/pb`,
      `http://[::ffff:127.0.0.1]:${p}/pb`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://2130706433:${p}/pb`,
      `http://localhost:${p}/pb`,
    ];
    for (const url of forms) {
      await t.step(url, async () => {
        await s.api.patch(`/api/traffic-sources/${s.sourceId}`, {
          postbackUrl: `${url}?c={clickid}`,
        });
        assert.match(await convert(s), /^failed, not retried: refused/);
      });
    }
    await t.step("a redirect to loopback is not followed", async () => {
      await s.api.patch(`/api/traffic-sources/${s.sourceId}`, {
        postbackUrl: `http://127.0.0.1:${redirector.port}/pb?c={clickid}`,
      });
      assert.match(await convert(s), /^failed after 1 attempts: redirect not followed \(302\)/);
      assert.equal(redirector.seen.length, 1);
    });
    assert.deepEqual(canary.seen, [], "the canary saw nothing");
  } finally {
    await canary.close();
    await redirector.close();
  }
});

Deno.test("S2S: an address that can never succeed fails at once with the reason, never retried", async () => {
  const s = await trackingApp({ tracking: { s2s: { backoffMs: [0, 0, 0] } } });
  for (
    const [url, reason] of [
      [
        "http://10.1.2.3/pb?c={clickid}",
        /^failed, not retried: refused: 10\.1\.2\.3 is .*not a public/,
      ],
      ["http://127.0.0.1:9/pb?c={clickid}", /^failed, not retried: refused: 127\.0\.0\.1/],
      ["http://localhost/pb?c={clickid}", /^failed, not retried: refused: localhost/],
    ] as const
  ) {
    await s.api.patch(`/api/traffic-sources/${s.sourceId}`, { postbackUrl: url });
    assert.match(await convert(s), reason, url);
    assert.equal(s.app.deps.tracking.s2s.depth, 0, "nothing left to retry");
  }
});

Deno.test("S2S: saving a postback URL that can never be sent answers a warning; a malformed one is refused", async () => {
  const s = await trackingApp();
  const source = `/api/traffic-sources/${s.sourceId}`;
  const warned = await s.api.patch(source, { postbackUrl: "http://192.168.1.5/pb?c={clickid}" });
  assert.equal(warned.status, 200);
  assert.equal(warned.body.postbackUrl, "http://192.168.1.5/pb?c={clickid}", "it is saved");
  assert.deepEqual(warned.body.warnings, [{
    path: "postbackUrl",
    message: "postbacks to this URL can never be sent: 192.168.1.5 is not a public address",
  }]);
  const campaign = await s.api.patch(`/api/campaigns/${s.campaignId}`, {
    postbackUrl: "https://localhost/pb?c={clickid}",
  });
  assert.equal(campaign.status, 200);
  assert.match(JSON.stringify(campaign.body.warnings), /localhost is not a public address/);
  const fine = await s.api.patch(source, {
    postbackUrl: "https://{t1}.example.com/pb?c={clickid}",
  });
  assert.equal(fine.body.warnings, undefined);
  const bad = await s.api.patch(source, { postbackUrl: "not a url" });
  assert.equal(bad.status, 400);
  assert.equal(
    (await s.api.get(source)).body.postbackUrl,
    "https://{t1}.example.com/pb?c={clickid}",
  );
});
