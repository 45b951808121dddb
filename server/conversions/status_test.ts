import assert from "node:assert/strict";
import { CONVERSION_ROUTES } from "../../contracts/api/reports.ts";
import { signedIn } from "../entities/testing.ts";
import { formatIp, type IpAddress } from "../tracking/ip.ts";
import { clickIdOf, NETWORK_IP, trackingApp, type TrackingSetup } from "../tracking/testing.ts";

/** A loopback listener standing in for the traffic source's postback server. */
function listen() {
  const seen: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    seen.push(req.url);
    return new Response("ok");
  });
  return { seen, port: server.addr.port, close: () => server.shutdown() };
}

/** A tracker whose source postbacks may reach the local listener on `port`, at once. */
function s2sApp(port: number): Promise<TrackingSetup> {
  return trackingApp({
    tracking: {
      s2s: {
        backoffMs: [0],
        fetch: {
          allowAddress: (a: IpAddress, p: number) => formatIp(a) === "127.0.0.1" && p === port,
        },
      },
    },
  });
}

async function lead(s: TrackingSetup, txid: string): Promise<number> {
  const id = clickIdOf(await s.click({ query: "?subid=ext-7" }));
  const res = await s.app.request(
    `/postback?token=s3cr3t-token&clickid=${id}&status=lead&txid=${txid}`,
    { ip: NETWORK_IP },
  );
  assert.equal(res.status, 200);
  return Number(
    s.app.deps.db.prepare("SELECT id FROM conversions WHERE click_id = ?").get(id)!.id,
  );
}

/** The listed conversions by id, each with its recorded changes. */
async function listed(s: TrackingSetup) {
  const { items } = await s.api.call(CONVERSION_ROUTES.list, {});
  return new Map(items.map((i) => [i.id, { ...i, changes: i.changes ?? [] }]));
}

const revenue = async (s: TrackingSetup) => {
  const list = await s.api.get("/api/campaigns");
  const row = (list.body.items as Array<{ id: number; stats: Record<string, number> }>)
    .find((c) => c.id === s.campaignId)!;
  return { conversions: row.stats.conversions, revenue: row.stats.revenue };
};

Deno.test("conversion status: an admin's change is recorded, moves the sums and sends the source postback", async (t) => {
  const target = listen();
  try {
    const s = await s2sApp(target.port);
    await s.api.patch(`/api/traffic-sources/${s.sourceId}`, {
      postbackUrl: `http://127.0.0.1:${target.port}/pb?ext={externalid}&status={status}`,
    });
    const first = await lead(s, "A");
    const second = await lead(s, "B");
    const third = await lead(s, "C");
    await s.app.deps.tracking.s2s.runDue(Date.now() + 1);
    assert.deepEqual(target.seen, [], "a lead is not forwarded (the source forwards sales)");

    await t.step("a plain user may not change a status; nothing changes", async () => {
      const user = await signedIn(s.app, { username: "viewer", role: "user" });
      const res = await user.patch(`/api/conversions/${first}`, { status: "sale" });
      assert.equal(res.status, 403);
      assert.equal((await listed(s)).get(first)!.status, "lead");
    });

    await t.step(
      "lead → sale: recorded with its author, sums move, the sale is forwarded",
      async () => {
        const res = await s.api.patch(`/api/conversions/${first}`, { status: "sale" });
        assert.equal(res.status, 200);
        assert.deepEqual(res.body, { id: first, status: "sale", postbackOutcome: "queued" });
        await s.app.deps.tracking.s2s.runDue(Date.now() + 1);
        assert.equal(target.seen.length, 1);
        assert.match(target.seen[0], /\/pb\?ext=ext-7&status=sale$/);
        const item = (await listed(s)).get(first)!;
        assert.equal(item.status, "sale");
        assert.equal(item.changes.length, 1);
        assert.deepEqual(
          { ...item.changes[0], ts: 0 },
          {
            ts: 0,
            username: "root",
            field: "status",
            before: "lead",
            after: "sale",
            postbackOutcome: "queued",
          },
        );
        assert.deepEqual(await revenue(s), { conversions: 3, revenue: 37.5 });
      },
    );

    await t.step("bulk: several conversions at once; an unknown id changes none", async () => {
      const bad = await s.api.patch("/api/conversions/mass", {
        ids: [second, 999_999],
        status: "rejected",
      });
      assert.equal(bad.status, 404);
      assert.equal((await listed(s)).get(second)!.status, "lead");
      const empty = await s.api.patch("/api/conversions/mass", { ids: [], status: "sale" });
      assert.equal(empty.status, 400);
      const res = await s.api.patch("/api/conversions/mass", {
        ids: [second, third],
        status: "rejected",
      });
      assert.equal(res.status, 200);
      const now = await listed(s);
      assert.deepEqual([now.get(second)!.status, now.get(third)!.status], ["rejected", "rejected"]);
      assert.equal(
        now.get(third)!.changes[0].postbackOutcome,
        "skipped: rejected is not forwarded",
      );
      assert.deepEqual(await revenue(s), { conversions: 1, revenue: 12.5 });
    });
  } finally {
    await target.close();
  }
});

Deno.test("conversion status: a replaced conversion is not changed, recorded or forwarded", async () => {
  const target = listen();
  try {
    const s = await s2sApp(target.port);
    await s.api.patch(`/api/traffic-sources/${s.sourceId}`, {
      postbackUrl: `http://127.0.0.1:${target.port}/pb?ext={externalid}&status={status}`,
      postbackStatuses: ["lead", "sale"],
    });
    const replaced = await lead(s, "A");
    const clickId = String(
      s.app.deps.db.prepare("SELECT click_id FROM conversions WHERE id = ?").get(replaced)!
        .click_id,
    );
    const sale = await s.app.request(
      `/postback?token=s3cr3t-token&clickid=${clickId}&status=sale&txid=A`,
      { ip: NETWORK_IP },
    );
    assert.equal(sale.status, 200);
    await s.app.deps.tracking.s2s.runDue(Date.now() + 1);
    const sent = target.seen.length;
    assert.equal((await listed(s)).get(replaced)!.current, false);

    // Its lead would count nothing, yet would tell the source "lead" after the click's sale.
    const res = await s.api.patch(`/api/conversions/${replaced}`, { status: "hold" });
    assert.equal(res.status, 409, JSON.stringify(res.body));
    assert.match(JSON.stringify(res.body), /replaced/);
    const mass = await s.api.patch("/api/conversions/mass", { ids: [replaced], status: "lead" });
    assert.equal(mass.status, 200, "its own status is no change");
    await s.app.deps.tracking.s2s.runDue(Date.now() + 1);
    assert.equal(target.seen.length, sent);
    const item = (await listed(s)).get(replaced)!;
    assert.deepEqual([item.status, item.changes], ["lead", []]);
    assert.deepEqual(await revenue(s), { conversions: 1, revenue: 12.5 });
  } finally {
    await target.close();
  }
});
