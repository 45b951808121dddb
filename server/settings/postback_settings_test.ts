/**
 * Settings → Postback processing acting on real postbacks (`/postback`):
 * status aliases, the duplicate policy, the default IP allowlist, and the
 * tester agreeing with the handler on every postback.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { clickIdOf, NETWORK_IP, trackingApp, type TrackingSetup } from "../tracking/testing.ts";
import { settingsUser } from "./testing.ts";
import { SETTINGS_TOOL_ROUTES as TOOLS } from "../../contracts/api/settings_tools.ts";

const TOKEN = "s3cr3t-token";

async function setup() {
  const s = await trackingApp();
  const admin = await settingsUser(s.app, { username: "ops", role: "admin" });
  const settings = async (value: Record<string, unknown>) => {
    const res = await admin.put("/api/settings/postback-processing", value);
    assert.equal(res.status, 200, JSON.stringify(res.body));
  };
  return { s, admin, settings };
}

function postback(s: TrackingSetup, query: string, ip = NETWORK_IP) {
  return s.app.request(`/postback?${query}`, { ip });
}

function rows(s: TrackingSetup, clickId: string) {
  return s.app.deps.db.prepare(
    "SELECT status, original_status, txid, current FROM conversions WHERE click_id = ? ORDER BY id",
  ).all(clickId).map((r) => [r.status, r.txid, r.current]);
}

Deno.test("postback settings: status aliases map what the network's map does not", async () => {
  const { s, settings } = await setup();
  const id = clickIdOf(await s.click());
  const before = await postback(s, `clickid=${id}&status=Paid&txid=1&token=${TOKEN}`);
  assert.equal((await before.json()).status, "hold", "unknown text is held without an alias");
  await settings({ statusAliases: { paid: "lead", trash: "hold" } });
  const after = await postback(s, `clickid=${id}&status=PAID&txid=2&token=${TOKEN}`);
  assert.equal((await after.json()).status, "lead");
  const overridden = await postback(s, `clickid=${id}&status=trash&txid=3&token=${TOKEN}`);
  assert.equal((await overridden.json()).status, "hold", "an alias wins over the common words");
  const network = await postback(s, `clickid=${id}&status=approved&txid=4&token=${TOKEN}`);
  assert.equal((await network.json()).status, "sale", "the network's own map still comes first");
});

Deno.test("postback settings: the duplicate policy decides a second conversion of a click", async (t) => {
  const { s, settings } = await setup();
  const twoPostbacks = async () => {
    const id = clickIdOf(await s.click());
    const first = await postback(s, `clickid=${id}&status=sale&txid=A&token=${TOKEN}`);
    const second = await postback(s, `clickid=${id}&status=sale&txid=B&token=${TOKEN}`);
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    return { id, recorded: (await second.json()).recorded as boolean };
  };
  await t.step("replace (default): the later one counts instead", async () => {
    const { id, recorded } = await twoPostbacks();
    assert.equal(recorded, true);
    assert.deepEqual(rows(s, id), [["sale", "A", 0], ["sale", "B", 1]]);
  });
  await t.step("ignore: the first stands and nothing is written", async () => {
    await settings({ duplicatePolicy: "ignore" });
    const { id, recorded } = await twoPostbacks();
    assert.equal(recorded, false);
    assert.deepEqual(rows(s, id), [["sale", "A", 1]]);
    const update = await postback(s, `clickid=${id}&status=rejected&txid=A&token=${TOKEN}`);
    assert.equal(
      (await update.json()).recorded,
      true,
      "a new status of the same txid still applies",
    );
    assert.deepEqual(rows(s, id), [["sale", "A", 0], ["rejected", "A", 1]]);
  });
  await t.step("add: both count", async () => {
    await settings({ duplicatePolicy: "add" });
    const { id, recorded } = await twoPostbacks();
    assert.equal(recorded, true);
    assert.deepEqual(rows(s, id), [["sale", "A", 1], ["sale", "B", 1]]);
    const offers = await s.api.get("/api/offers");
    const offer = (offers.body.items as Array<{ id: number; stats: { conversions: number } }>)
      .find((o) => o.id === s.offerIds[0])!;
    assert.ok(offer.stats.conversions >= 3, "added conversions reach the stats");
  });
});

Deno.test("postback settings: the default IP allowlist guards networks without their own", async (t) => {
  const { s, settings } = await setup();
  const id = clickIdOf(await s.click());
  await settings({ ipAllowlist: ["198.51.100.0/24"] });
  await t.step("the network's own allowlist wins over the default", async () => {
    assert.equal((await postback(s, `clickid=${id}&txid=1&token=${TOKEN}`)).status, 200);
    const outside = await postback(s, `clickid=${id}&txid=2&token=${TOKEN}`, "198.51.100.7");
    assert.equal(outside.status, 403);
  });
  await t.step("without one, the default applies", async () => {
    const patched = await s.api.patch(`/api/affiliate-networks/${s.networkId}`, {
      postbackIpAllowlist: [],
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const refused = await postback(s, `clickid=${id}&txid=3&token=${TOKEN}`);
    assert.equal(refused.status, 403);
    assert.equal((await refused.json()).error.code, "FORBIDDEN");
    const allowed = await postback(s, `clickid=${id}&txid=4&token=${TOKEN}`, "198.51.100.7");
    assert.equal(allowed.status, 200);
  });
  await t.step("an empty default lets any sender in", async () => {
    await settings({ ipAllowlist: [] });
    assert.equal(
      (await postback(s, `clickid=${id}&txid=5&token=${TOKEN}`, "192.0.2.1")).status,
      200,
    );
  });
});

Deno.test("postback settings: the tester predicts exactly what /postback then does", async () => {
  const { s, admin, settings } = await setup();
  const clicks = [clickIdOf(await s.click()), clickIdOf(await s.click()), "nope"];
  const postbackCase = fc.record({
    click: fc.integer({ min: 0, max: 2 }),
    status: fc.constantFrom("", "sale", "approved", "Paid", "weird", "pending", "trash"),
    txid: fc.constantFrom("", "A", "B"),
    payout: fc.constantFrom("", "3.5", "1,5", "-1"),
    token: fc.constantFrom(TOKEN, "wrong"),
    ip: fc.constantFrom(NETWORK_IP, "198.51.100.7"),
    policy: fc.constantFrom("replace", "ignore", "add"),
    aliases: fc.constantFrom({}, { paid: "lead" }, { weird: "rejected", trash: "hold" }),
  });
  await fc.assert(
    fc.asyncProperty(postbackCase, async (c) => {
      await settings({ duplicatePolicy: c.policy, statusAliases: c.aliases });
      const query = new URLSearchParams({
        clickid: clicks[c.click],
        status: c.status,
        txid: c.txid,
        payout: c.payout,
        token: c.token,
      });
      const predicted = await admin.call(TOOLS.postbackTest, {
        body: { url: `/postback?${query}`, ip: c.ip },
      });
      const real = await postback(s, String(query), c.ip);
      const body = await real.json();
      assert.equal(real.status, predicted.httpStatus, JSON.stringify(predicted));
      if (real.status !== 200) return;
      assert.equal(body.recorded, predicted.outcome === "record");
      assert.equal(body.status, predicted.conversion!.status);
    }),
    { numRuns: 60 },
  );
});
