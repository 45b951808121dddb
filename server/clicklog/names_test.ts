import assert from "node:assert/strict";
import { CLICK_ROUTES } from "../../contracts/api/reports.ts";
import { TEST_PASSWORD } from "../../tests/helpers/api.ts";
import { clickIdOf, NETWORK_IP, trackingApp } from "../tracking/testing.ts";

Deno.test("click log: each click carries its campaign, source and offer names beside the ids, in JSON and CSV", async (t) => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  // A click whose offer row is gone shows its id as `#id` rather than nothing.
  const orphan = `${id.slice(0, -3)}zzz`;
  s.app.deps.db.prepare(
    "INSERT INTO clicks (id, ts, campaign_id, offer_id, cost, is_unique) VALUES (?, ?, ?, 999, 0, 1)",
  ).run(orphan, Date.now(), s.campaignId);

  await t.step("JSON: ids unchanged, names added after them", async () => {
    const { columns, items } = await s.api.call(CLICK_ROUTES.list, { query: { tz: "UTC" } });
    for (const [idKey, nameKey] of [["campaignId", "campaignName"], ["offerId", "offerName"]]) {
      assert.equal(columns.indexOf(nameKey), columns.indexOf(idKey) + 1, nameKey);
    }
    const click = items.find((item) => item.id === id)!;
    assert.equal(click.campaignId, s.campaignId);
    assert.equal(click.campaignName, "Keto US push");
    assert.equal(click.trafficSourceId, s.sourceId);
    assert.equal(click.trafficSourceName, "PropellerAds");
    assert.equal(click.offerId, s.offerIds[0]);
    assert.equal(click.offerName, "Keto Diet US");
    assert.equal(click.landingName, null, "a direct path has no lander");
    assert.equal(items.find((item) => item.id === orphan)!.offerName, "#999");
  });

  await t.step("CSV: headed in words, a name column beside each id column", async () => {
    const cookie = await s.app.signIn("root", TEST_PASSWORD);
    const res = await s.app.request("/api/clicks?format=csv&tz=UTC", { cookie });
    assert.equal(res.status, 200);
    const [header, ...rows] = (await res.text()).trim().split("\r\n");
    const names = header.split(",");
    const row = rows.find((line) => line.startsWith(`${id},`) || line.includes(`,${id},`))!;
    const cells = row.split(",");
    // Headed in words: a named entity's name and its id.
    assert.equal(cells[names.indexOf("Campaign")], "Keto US push");
    assert.equal(cells[names.indexOf("Offer")], "Keto Diet US");
    assert.equal(cells[names.indexOf("Offer id")], String(s.offerIds[0]));
    assert.equal(cells[names.indexOf("Click id")], id);
    assert.equal(names.includes("campaignName"), false, "no raw keys");
  });
});

Deno.test("click log: names of entity types the user may not read show as ids, in JSON and CSV", async () => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  await s.app.addUser("buyer", "user");
  s.app.deps.db.prepare("UPDATE users SET permissions = ? WHERE username = 'buyer'")
    .run(JSON.stringify({ "*": "none", campaign: "read" }));
  const cookie = await s.app.signIn("buyer", TEST_PASSWORD);
  const json = await s.app.request("/api/clicks?tz=UTC", { cookie });
  assert.equal(json.status, 200);
  const click = (await json.json()).items.find((item: { id: string }) => item.id === id);
  assert.equal(click.campaignName, "Keto US push");
  assert.equal(click.offerId, s.offerIds[0]);
  assert.equal(click.offerName, `#${s.offerIds[0]}`);
  assert.equal(click.trafficSourceName, `#${s.sourceId}`);
  const csv = await (await s.app.request("/api/clicks?format=csv&tz=UTC", { cookie })).text();
  assert.match(csv, /Keto US push/);
  assert.doesNotMatch(csv, /Keto Diet US|PropellerAds/);
});

Deno.test("conversions and leads: offer and lander names the user may not read show as ids, in JSON and CSV", async () => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  const postback = await s.app.request(
    `/postback?token=s3cr3t-token&clickid=${id}&status=sale&payout=5&txid=t1`,
    { ip: NETWORK_IP },
  );
  assert.equal(postback.status, 200);
  await s.app.addUser("buyer", "user");
  s.app.deps.db.prepare("UPDATE users SET permissions = ? WHERE username = 'buyer'")
    .run(JSON.stringify({ "*": "none", campaign: "read" }));
  const cookie = await s.app.signIn("buyer", TEST_PASSWORD);
  const leads = `/api/report/leads?subjectType=campaign&subjectIds=${s.campaignId}&tz=UTC`;
  for (const path of ["/api/conversions?tz=UTC", leads]) {
    const res = await s.app.request(path, { cookie });
    assert.equal(res.status, 200, path);
    const [item] = (await res.json()).items;
    assert.equal(item.campaign, "Keto US push", path);
    assert.equal(item.offer, `#${s.offerIds[0]}`, path);
    assert.doesNotMatch(JSON.stringify(item), /Keto Diet US|PropellerAds/, path);
    const csv = await (await s.app.request(`${path}&format=csv`, { cookie })).text();
    assert.match(csv, /Keto US push/, path);
    assert.doesNotMatch(csv, /Keto Diet US|PropellerAds/, path);
  }
});

Deno.test("click log CSV: only the columns asked for (the panel's shown ones), in their order; an unknown one is refused", async (t) => {
  const s = await trackingApp();
  const id = clickIdOf(await s.click());
  const cookie = await s.app.signIn("root", TEST_PASSWORD);
  const csv = (columns: string) =>
    s.app.request(`/api/clicks?format=csv&tz=UTC&columns=${columns}`, { cookie });

  await t.step("the chosen columns, a named id with its name beside it", async () => {
    const res = await csv("ip,id,offerId");
    assert.equal(res.status, 200);
    const [header, ...rows] = (await res.text()).trim().split("\r\n");
    assert.deepEqual(header.split(","), ["IP", "Click id", "Offer id", "Offer"]);
    const row = rows.find((line) => line.includes(`,${id},`))!.split(",");
    assert.deepEqual(row.slice(1), [id, String(s.offerIds[0]), "Keto Diet US"]);
  });

  await t.step("a name the click log has not: 400 naming it", async () => {
    const res = await csv("id,profit,offerName");
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.match(body.error.message, /columns: not a click log column: profit, offerName/);
  });

  await t.step("no list: every column, as before", async () => {
    const res = await s.app.request("/api/clicks?format=csv&tz=UTC", { cookie });
    const header = (await res.text()).split("\r\n")[0].split(",");
    for (const label of ["Click id", "IP", "Campaign", "Campaign id", "User agent"]) {
      assert.ok(header.includes(label), label);
    }
  });
});
