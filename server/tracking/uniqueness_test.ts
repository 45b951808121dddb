import assert from "node:assert/strict";
import { openDatabase } from "../db/connection.ts";
import { TEST_STORE, testDatabase } from "../../tests/helpers/api.ts";
import { newClickId } from "./click_id.ts";
import { Uniqueness } from "./uniqueness.ts";

const HOUR = 3_600_000;
const UA = "Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 Chrome/120 Mobile";
const ip = (n: number) => `${(n >>> 24) & 255}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

Deno.test("uniqueness: a visitor is unique once per campaign and window", () => {
  const u = new Uniqueness(1000);
  const visit = (campaignId: number, address: string, userAgent: string, ts: number) =>
    u.check({ campaignId, ip: address, userAgent, ts }, 24 * HOUR);
  assert.equal(visit(1, "1.2.3.4", UA, 1000), true);
  assert.equal(visit(1, "1.2.3.4", UA, 2000), false);
  assert.equal(visit(2, "1.2.3.4", UA, 3000), true, "another campaign");
  assert.equal(visit(1, "1.2.3.4", UA + "x", 4000), true, "another user agent");
  assert.equal(visit(1, "1.2.3.45", UA, 5000), true, "another IP");
  assert.equal(visit(1, "1.2.3.4", UA, 2000 + 24 * HOUR), true, "the window has passed");
  assert.equal(visit(1, "1.2.3.4", UA, 3000 + 24 * HOUR), false);
  u.clear();
  assert.equal(visit(1, "1.2.3.4", UA, 4000 + 24 * HOUR), true, "cleared");
});

Deno.test("uniqueness: a visitor who keeps coming back counts once per window", () => {
  const u = new Uniqueness(1000);
  const visit = (ts: number) =>
    u.check({ campaignId: 1, ip: "5.6.7.8", userAgent: UA, ts }, 24 * HOUR);
  // Every 23 hours: the window runs from the last unique click, not from the last click.
  assert.deepEqual([0, 23, 46, 69, 92].map((h) => visit(1000 + h * HOUR)), [
    true,
    false,
    true,
    false,
    true,
  ]);
});

Deno.test("uniqueness: a visitor's parsed agent stands for its text", () => {
  const byRef = new Uniqueness(1000);
  const byText = new Uniqueness(1000);
  const agents = [UA, UA + " Edg/120", "curl/8.5.0", ""].map((text) => ({ text, ref: {} }));
  for (let n = 0; n < 400; n++) {
    const { text, ref } = agents[n % agents.length];
    const visit = { campaignId: 1 + (n % 3), ip: ip(n % 97), userAgent: text, ts: 1000 + n };
    assert.equal(
      byRef.check({ ...visit, agentRef: ref }, HOUR),
      byText.check(visit, HOUR),
      `visit ${n}`,
    );
  }
  // The same visitor by text after by agent (a start replays stored clicks by text).
  assert.equal(byRef.check({ campaignId: 1, ip: ip(0), userAgent: UA, ts: 2000 }, HOUR), false);
});

Deno.test("uniqueness: a million distinct visitors are told apart and remembered", () => {
  const u = new Uniqueness(1_000_000);
  const n = 1_000_000;
  for (let i = 0; i < n; i++) {
    assert.ok(u.check({ campaignId: 1, ip: ip(0x0a000000 + i), userAgent: UA, ts: 1 + i }, HOUR));
  }
  // The newest half are remembered (a full bucket forgets its oldest visitor first, so
  // an unlucky bucket may drop a few recent ones: fewer than 1 in 1000 at capacity).
  let remembered = 0;
  for (let i = n / 2; i < n; i++) {
    if (!u.check({ campaignId: 1, ip: ip(0x0a000000 + i), userAgent: UA, ts: n + i }, HOUR)) {
      remembered++;
    }
  }
  assert.ok(remembered >= 0.999 * (n / 2), `${remembered} of ${n / 2}`);
});

Deno.test("uniqueness: beyond its capacity the least recent visitors count as new again", () => {
  const u = new Uniqueness(1000);
  for (let i = 0; i < 10_000; i++) {
    u.check({ campaignId: 1, ip: ip(i), userAgent: UA, ts: 1 + i }, HOUR);
  }
  let forgotten = 0;
  for (let i = 0; i < 100; i++) {
    if (u.check({ campaignId: 1, ip: ip(i), userAgent: UA, ts: 20_000 + i }, HOUR)) forgotten++;
  }
  assert.equal(forgotten, 100, "the first visitors were forgotten");
});

Deno.test("uniqueness: a start reloads the newest stored clicks of the window, at most its capacity", () => {
  const db = testDatabase();
  db.exec(
    `INSERT INTO campaigns (id, name, created_at, updated_at, key, cost_model, cost_value,
      destination, uniqueness_hours, bot_policy, postback_url, status)
     VALUES (1, 'C', 0, 0, 'k1', 'cpc', 0, '{}', 24, 'flag', '', 'active')`,
  );
  const agent = db.prepare(
    `INSERT INTO user_agents (text, device_type, brand, model, os, os_version, browser,
      browser_version) VALUES (?, '', '', '', '', '', '', '') RETURNING id`,
  ).get(UA)!.id;
  const now = Date.parse("2024-06-01T12:00:00Z");
  const click = db.prepare(
    "INSERT INTO clicks (id, ts, campaign_id, ip, ua_id, is_unique) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const stored = (n: number, ts: number, unique = 1) =>
    click.run(newClickId(ts), ts, 1, ip(n), agent, unique);
  stored(1, now - 30 * HOUR); // outside the window
  for (let n = 2; n < 302; n++) stored(n, now - 20 * HOUR + n * 1000);
  // Visitor 1 came back inside the window: a repeat, which sets no time (its window ran out).
  stored(1, now - 10 * HOUR, 0);
  const u = new Uniqueness(200);
  // The newest 200 clicks of the window's 301, of which the 199 unique ones set a time.
  assert.equal(u.load(db, now), 199, "the unique ones of the newest 200 clicks");
  const seen = (n: number) =>
    !u.check({ campaignId: 1, ip: ip(n), userAgent: UA, ts: now }, 24 * HOUR);
  for (let n = 103; n < 302; n++) assert.ok(seen(n), `visitor ${n} is remembered`);
  assert.equal(seen(1), false, "a unique click before the window is not");
});

Deno.test({
  name: "uniqueness: a snapshot is the next start's memory, then the clicks after it",
  // The snapshot is a file beside the SQLite database (on PostgreSQL: decision 172, left 1).
  ignore: TEST_STORE === "postgres",
}, async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const db = openDatabase(`${dir}/rotor.db`);
    db.exec(
      `INSERT INTO campaigns (id, name, created_at, updated_at, key, cost_model, cost_value,
        destination, uniqueness_hours, bot_policy, postback_url, status)
       VALUES (1, 'C', 0, 0, 'k1', 'cpc', 0, '{}', 24, 'flag', '', 'active')`,
    );
    const agent = db.prepare(
      `INSERT INTO user_agents (text, device_type, brand, model, os, os_version, browser,
        browser_version) VALUES (?, '', '', '', '', '', '', '') RETURNING id`,
    ).get(UA)!.id;
    const now = Date.now();
    const click = db.prepare(
      "INSERT INTO clicks (id, ts, campaign_id, ip, ua_id, is_unique) VALUES (?, ?, ?, ?, ?, 1)",
    );
    const stored = (n: number, ts: number) => click.run(newClickId(ts), ts, 1, ip(n), agent);
    for (let n = 1; n <= 50; n++) stored(n, now - 2 * HOUR + n * 1000);
    const visit = (u: Uniqueness, n: number) =>
      u.check({ campaignId: 1, ip: ip(n), userAgent: UA, ts: now }, 24 * HOUR);
    const first = new Uniqueness(200);
    assert.equal(first.load(db, now), 50);
    // Visitor 900 is only in memory (no stored click): only a snapshot can bring it back.
    assert.equal(visit(first, 900), true);
    first.save(db);
    stored(60, now - HOUR + 1); // stored after the snapshot (another writer)
    const second = new Uniqueness(200);
    assert.equal(second.load(db, now), 1, "only the click after the snapshot is read");
    for (const n of [1, 50, 60, 900]) assert.equal(visit(second, n), false, `visitor ${n}`);
    assert.equal(visit(second, 901), true);
    // A crash leaves the last snapshot (periodic ones run in the background): the next start
    // takes it and replays the clicks stored after it.
    stored(61, now - HOUR + 2);
    const third = new Uniqueness(200);
    assert.equal(third.load(db, now), 2);
    assert.equal(visit(third, 900), false);
    await third.saveInBackground(db);
    assert.equal(new Uniqueness(200).load(db, now), 0, "the background snapshot holds 61");
    // A snapshot whose newest click this database does not hold is not used.
    db.exec("DELETE FROM clicks WHERE ip IN ('0.0.0.60', '0.0.0.61')");
    const fourth = new Uniqueness(200);
    assert.equal(fourth.load(db, now), 50);
    // A snapshot of another size is not used either.
    fourth.save(db);
    assert.equal(new Uniqueness(100_000).load(db, now), 50);
    // A snapshot of the earlier format (its tags hashed the user agent's characters in line) is
    // not used: the start rebuilds from the clicks.
    fourth.save(db);
    const file = `${dir}/rotor.db-visitors`;
    const bytes = Deno.readFileSync(file);
    const size = new DataView(bytes.buffer).getUint32(0, true);
    const header = new TextDecoder().decode(bytes.subarray(4, 4 + size));
    assert.match(header, /"version":2/);
    bytes.set(new TextEncoder().encode(header.replace('"version":2', '"version":1')), 4);
    Deno.writeFileSync(file, bytes);
    const fifth = new Uniqueness(200);
    assert.equal(fifth.load(db, now), 50, "rebuilt from the clicks");
    assert.equal(visit(fifth, 1), false);
    db.close();
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
