import assert from "node:assert/strict";
import { formatIp, type IpAddress } from "./ip.ts";
import { UA } from "./enrich/test_agents.ts";
import {
  campaignReport,
  clickIdOf,
  NETWORK_IP,
  throughLander,
  trackingApp,
  type TrackingSetup,
  US_IP,
} from "./testing.ts";

const LANDER = "https://lp.example.com";

/** Both ways in: the redirect link, and the script's call from the lander. */
async function clickBoth(s: TrackingSetup, query: string): Promise<[string, string]> {
  const redirect = clickIdOf(await s.click({ query: `?${query}` }));
  const res = await s.app.request(
    `/rt/${s.key}?u=${encodeURIComponent(`${LANDER}/quiz/?${query}`)}&r=`,
    { ip: US_IP, headers: { origin: LANDER, "user-agent": UA.iphone } },
  );
  assert.equal(res.status, 200);
  return [redirect, String((await res.json()).clickId)];
}

Deno.test("platform click ids: stored from the redirect link and the script, and sent as macros in the source's postback", async (t) => {
  const seen: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    seen.push(req.url);
    return new Response("ok");
  });
  try {
    const port = server.addr.port;
    const s = await trackingApp({
      tracking: {
        s2s: {
          backoffMs: [0],
          fetch: {
            allowAddress: (a: IpAddress, p: number) => formatIp(a) === "127.0.0.1" && p === port,
          },
        },
      },
    });
    await throughLander(s);
    await s.api.patch(`/api/traffic-sources/${s.sourceId}`, {
      postbackUrl:
        `http://127.0.0.1:${port}/pb?f={fbclid}&g={gclid}&tt={ttclid}&m={msclkid}&w={wbraid}&gb={gbraid}`,
      postbackStatuses: ["sale"],
    });
    const query = "fbclid=IwAR1&gclid=Cj0K-x_y&ttclid=E.C.P&msclkid=abc123&wbraid=WB&gbraid=GB";
    const ids = await clickBoth(s, query);
    await t.step("both clicks keep all six ids", () => {
      for (const id of ids) {
        const row = s.app.deps.db.prepare("SELECT ad_click_ids FROM clicks WHERE id = ?").get(id)!;
        assert.deepEqual(JSON.parse(String(row.ad_click_ids)), {
          fbclid: "IwAR1",
          gclid: "Cj0K-x_y",
          ttclid: "E.C.P",
          msclkid: "abc123",
          wbraid: "WB",
          gbraid: "GB",
        });
      }
    });
    await t.step("a click without any stores none", async () => {
      const id = clickIdOf(await s.click({ query: "?zone=z1" }));
      const row = s.app.deps.db.prepare("SELECT ad_click_ids FROM clicks WHERE id = ?").get(id)!;
      assert.equal(row.ad_click_ids, null);
    });
    await t.step("each conversion's source postback carries them", async () => {
      for (const id of ids) {
        const pb = await s.app.request(`/postback?token=s3cr3t-token&clickid=${id}&status=sale`, {
          ip: NETWORK_IP,
        });
        assert.equal(pb.status, 200);
        await s.app.deps.tracking.s2s.runDue(Date.now() + 1);
        const sent = new URL(seen.at(-1)!).searchParams;
        assert.deepEqual(Object.fromEntries(sent), {
          f: "IwAR1",
          g: "Cj0K-x_y",
          tt: "E.C.P",
          m: "abc123",
          w: "WB",
          gb: "GB",
        });
      }
      assert.equal(seen.length, 2);
    });
  } finally {
    await server.shutdown();
  }
});

Deno.test("platform click ids: a macro in a destination URL takes the click's id", async () => {
  const s = await trackingApp();
  await s.api.patch(`/api/offers/${s.offerIds[0]}`, {
    url: "https://offers.example.com/keto?gclid={gclid}&fb={fbclid}",
  });
  const res = await s.click({ query: "?gclid=G-1" });
  assert.equal(res.status, 302);
  assert.match(res.headers.get("location") ?? "", /\?gclid=G-1&fb=&/);
});

Deno.test("platform click ids: report dimensions group clicks by fbclid and gclid", async () => {
  const s = await trackingApp();
  await throughLander(s);
  await clickBoth(s, "fbclid=F1");
  await clickBoth(s, "fbclid=F2&gclid=G1");
  await s.click({ query: "?zone=z" });
  const day = new Date().toISOString().slice(0, 10);
  const report = async (groupBy: string) => {
    const { rows } = await campaignReport(s, { from: day, to: day, tz: "UTC", groupBy });
    return rows.map((r) => [r.labels[0], r.metrics.clicks]).sort();
  };
  assert.deepEqual(await report("fbclid"), [["(unknown)", 1], ["F1", 2], ["F2", 2]]);
  assert.deepEqual(await report("gclid"), [["(unknown)", 3], ["G1", 2]]);
});
