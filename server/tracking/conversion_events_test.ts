import assert from "node:assert/strict";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { formatIp, type IpAddress } from "./ip.ts";
import {
  campaignReport,
  clickIdOf,
  NETWORK_IP,
  trackingApp,
  type TrackingSetup,
} from "./testing.ts";

const TOKEN = "s3cr3t-token";

const EVENTS = {
  types: [
    { name: "ftd", label: "FTD", status: "sale", revenue: true },
    { name: "registration", label: "Reg", status: "lead", revenue: false },
    { name: "deposit", status: "sale", revenue: true },
  ],
};

/** Settings → Postback processing → Events, a network mapping its words to them, and an offer paying what is sent. */
async function eventsApp(options: Parameters<typeof trackingApp>[0] = {}) {
  const s = await trackingApp(options);
  assert.equal((await s.api.put("/api/settings/events", EVENTS)).status, 200);
  const network = await s.api.patch(`/api/affiliate-networks/${s.networkId}`, {
    statusMap: { approved: "sale", first_deposit: "ftd", reg: "registration", dep: "deposit" },
  });
  assert.equal(network.status, 200, JSON.stringify(network.body));
  await s.api.patch(`/api/offers/${s.offerIds[0]}`, { payoutMode: "auto" });
  return s;
}

function postback(s: TrackingSetup, query: string) {
  return s.app.request(`/postback?token=${TOKEN}&${query}`, { ip: NETWORK_IP });
}

Deno.test("events: a postback whose status the network maps to ftd records an ftd with its payout", async (t) => {
  const s = await eventsApp();
  const clicks: string[] = [];
  for (const zone of ["z1", "z1", "z2", "z2"]) {
    clicks.push(clickIdOf(await s.click({ query: `?subid=e&zone=${zone}` })));
  }
  const [a, b, c] = clicks;
  await t.step("mapped, by name, and beside the click's other conversions", async () => {
    assert.equal((await postback(s, `clickid=${a}&status=reg&payout=1`)).status, 200);
    const ftd = await postback(s, `clickid=${a}&status=first_deposit&payout=50&txid=D1`);
    assert.deepEqual(await ftd.json(), { ok: true, recorded: true, status: "sale" });
    await postback(s, `clickid=${b}&status=first_deposit&payout=30`);
    await postback(s, `clickid=${c}&status=FTD&payout=20`); // the event type's own name
    await postback(s, `clickid=${b}&status=first_deposit&payout=30`); // a retry counts once
    const rows = s.app.deps.db.prepare(
      "SELECT click_id, status, event, payout, event_payout, current FROM conversions ORDER BY id",
    ).all().map((r) => ({ ...r }));
    assert.deepEqual(rows, [
      {
        click_id: a,
        status: "lead",
        event: "registration",
        payout: 0,
        event_payout: 1e6,
        current: 1,
      },
      { click_id: a, status: "sale", event: "ftd", payout: 50e6, event_payout: 50e6, current: 1 },
      { click_id: b, status: "sale", event: "ftd", payout: 30e6, event_payout: 30e6, current: 1 },
      { click_id: c, status: "sale", event: "ftd", payout: 20e6, event_payout: 20e6, current: 1 },
    ]);
  });
  await t.step("report columns count, revenue and CR equal the hand computation", async () => {
    const answer = await campaignReport(s, { groupBy: "t1", sort: "t1", order: "asc" });
    const totals = answer.totals;
    // 4 clicks; ftd: 3 (50 + 30 + 20), registration 1 (1, not in Revenue).
    assert.equal(totals.clicks, 4);
    assert.equal(totals["ev.ftd.count"], 3);
    assert.equal(totals["ev.ftd.revenue"], 100);
    assert.equal(totals["ev.ftd.cr"], 75);
    assert.equal(totals["ev.registration.count"], 1);
    assert.equal(totals["ev.registration.revenue"], 1);
    assert.equal(totals["ev.registration.cr"], 25);
    assert.equal(totals["ev.deposit.count"], 0);
    assert.equal(totals.revenue, 100, "registration payouts are not revenue");
    assert.equal(totals.sales, 3);
    assert.equal(totals.leads, 1);
    const rows = answer.rows.map((r) => [
      r.labels[0],
      r.metrics["ev.ftd.count"],
      r.metrics["ev.ftd.revenue"],
      r.metrics["ev.ftd.cr"],
    ]);
    assert.deepEqual(rows, [["z1", 2, 80, 100], ["z2", 1, 20, 50]]);
    const columns = answer.columns ?? [];
    assert.ok(columns.some((c) => c.name === "ev.ftd.cr" && c.label === "FTD CR"));
    assert.ok(answer.metrics.includes("ev.ftd.count"));
  });
  await t.step("click-time attribution and a drill-down level read them alike", async () => {
    const byClick = await campaignReport(s, { groupBy: "t1", attribution: "click" });
    assert.equal(byClick.totals["ev.ftd.count"], 3);
    const level = await campaignReport(s, { groupBy: "t1,day", parents: '["z1"]' });
    assert.equal(level.rows[0].metrics["ev.ftd.revenue"], 80);
    assert.equal(level.totals["ev.ftd.count"], 3);
  });
  await t.step("CSV carries the event columns with their labels", async () => {
    const res = await s.app.request(
      `/api/report?subjectType=campaign&subjectIds=${s.campaignId}&groupBy=t1&format=csv&columns=clicks,ev.ftd.count,ev.ftd.revenue`,
      { cookie: await s.app.signIn("root", TEST_PASSWORD) },
    );
    const text = await res.text();
    assert.match(text.split("\n")[0], /Token 1,Clicks,FTD,FTD revenue/);
  });
  await t.step("the postback tester explains the event", async () => {
    const tested = await s.api.call(TOOLS.postbackTest, {
      body: {
        url: `http://localhost/postback?token=${TOKEN}&clickid=${clicks[3]}&status=dep&payout=5`,
        ip: NETWORK_IP,
      },
    });
    assert.equal(tested.conversion!.event, "deposit");
    assert.equal(tested.conversion!.status, "sale");
    assert.match(tested.summary, /event deposit \(sale\) of 5 USD/);
  });
  await t.step("a status map value that is neither a status nor an event type → 400", async () => {
    const bad = await s.api.patch(`/api/affiliate-networks/${s.networkId}`, {
      statusMap: { x: "nope" },
    });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body), /neither a status nor an event type/);
  });
  await t.step("an event type removed from the settings: its postbacks are held", async () => {
    await s.api.put("/api/settings/events", { types: [EVENTS.types[0]] });
    const res = await postback(s, `clickid=${clicks[3]}&status=reg&payout=1`);
    assert.equal((await res.json()).status, "hold");
  });
  await t.step("event names that are statuses, repeated or malformed → 400", async () => {
    for (
      const types of [[{ name: "sale" }], [{ name: "ftd" }, { name: "FTD" }], [{ name: "1x" }]]
    ) {
      assert.equal((await s.api.put("/api/settings/events", { types })).status, 400);
    }
  });
});

/** A loopback listener standing in for the source's postback address. */
function listen() {
  const seen: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    seen.push(req.url);
    return new Response("ok");
  });
  return { seen, port: server.addr.port, close: () => server.shutdown() };
}

Deno.test("events: a source forwards only the events it lists, to the event's own URL with {event}", async (t) => {
  const target = listen();
  const onlyPort = (a: IpAddress, p: number) => formatIp(a) === "127.0.0.1" && p === target.port;
  try {
    const s = await eventsApp({
      tracking: { s2s: { backoffMs: [0], fetch: { allowAddress: onlyPort } } },
    });
    const base = `http://127.0.0.1:${target.port}`;
    const saved = await s.api.patch(`/api/traffic-sources/${s.sourceId}`, {
      postbackUrl: `${base}/pb?e={event}&s={status}&p={payout}&c={clickid}`,
      postbackStatuses: ["sale"],
      postbackEvents: [
        { event: "ftd" },
        { event: "registration", url: `${base}/reg?e={event}&c={clickid}` },
      ],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const convert = async (status: string) => {
      const id = clickIdOf(await s.click({ query: "?subid=x&zone=z" }));
      assert.equal((await postback(s, `clickid=${id}&status=${status}&payout=40`)).status, 200);
      await s.app.deps.tracking.s2s.runDue(Date.now() + 1);
      const row = s.app.deps.db.prepare(
        "SELECT postback_outcome FROM conversions WHERE click_id = ?",
      ).get(id)!;
      return { id, outcome: String(row.postback_outcome) };
    };
    await t.step("ftd: the source's URL, {event} filled", async () => {
      const { id, outcome } = await convert("first_deposit");
      assert.equal(outcome, "sent 200");
      const url = new URL(target.seen.at(-1)!);
      assert.equal(url.pathname, "/pb");
      assert.deepEqual(Object.fromEntries(url.searchParams), {
        e: "ftd",
        s: "sale",
        p: "40",
        c: id,
      });
    });
    await t.step("registration (a lead, a status not forwarded): its own URL", async () => {
      const { id, outcome } = await convert("reg");
      assert.equal(outcome, "sent 200");
      const url = new URL(target.seen.at(-1)!);
      assert.equal(url.pathname, "/reg");
      assert.equal(url.searchParams.get("e"), "registration");
      assert.equal(url.searchParams.get("c"), id);
    });
    await t.step("deposit (a sale) is not listed: not forwarded", async () => {
      const before = target.seen.length;
      assert.equal((await convert("dep")).outcome, "skipped: event deposit is not forwarded");
      assert.equal(target.seen.length, before);
    });
    await t.step("a plain sale still follows the statuses", async () => {
      assert.equal((await convert("approved")).outcome, "sent 200");
      assert.equal(new URL(target.seen.at(-1)!).searchParams.get("e"), "");
    });
    await t.step("an event the settings do not define → 400, nothing saved", async () => {
      const bad = await s.api.patch(`/api/traffic-sources/${s.sourceId}`, {
        postbackEvents: [{ event: "install" }],
      });
      assert.equal(bad.status, 400);
      const source = await s.api.get(`/api/traffic-sources/${s.sourceId}`);
      assert.equal((source.body.postbackEvents as unknown[]).length, 2);
    });
  } finally {
    await target.close();
  }
});
