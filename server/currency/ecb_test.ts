import assert from "node:assert/strict";
import { parseEcbXml } from "./ecb.ts";
import { ecbTick } from "./ecb_schedule.ts";
import { CURRENCY_RATE_ROUTES as R } from "../../contracts/api/currency_rates.ts";
import type { EcbRun } from "../../contracts/currency_rate.ts";
import {
  ecbFixture,
  ecbServer,
  errorOf,
  LOOPBACK_FEEDS,
  ratesApp,
  storedChanges,
  storedRates,
} from "./testing.ts";
import { allowlist } from "../triggers/egress.ts";

const HIST = "/stats/eurofxref/eurofxref-hist-90d.xml";
const DAILY = "/stats/eurofxref/eurofxref-daily.xml";

/** The schedule's ticks may reach the tests' loopback feeds. */
const LOOPBACK = allowlist(LOOPBACK_FEEDS);

const counts = (
  run: EcbRun | null,
) => [run?.days, run?.added, run?.changed, run?.unchanged, run?.kept];

Deno.test("ECB feed: the 90-day and daily files read as days of rates, EUR left out", () => {
  const hist = parseEcbXml(ecbFixture("eurofxref-hist-90d.xml"));
  assert.deepEqual(hist.map((d) => d.day), ["2026-11-20", "2026-11-23", "2026-11-24"]);
  assert.equal(hist[2].rates.get("USD"), 1.1523);
  assert.equal(hist[2].rates.get("JPY"), 180.12);
  assert.equal(hist[2].rates.get("GBP"), 0.87805);
  assert.equal(hist[2].rates.size, 29);
  const daily = parseEcbXml(ecbFixture("eurofxref-daily.xml"));
  assert.deepEqual(daily.map((d) => [d.day, d.rates.size]), [["2026-11-25", 29]]);
  const quoted = parseEcbXml(
    `<Cube><Cube time='2026-01-02'><Cube currency='usd' rate='1.03'/><Cube currency="EUR" rate="1"/></Cube></Cube>`,
  );
  assert.deepEqual([...quoted[0].rates], [["USD", 1.03]]);
  for (
    const [text, message] of [
      ["hello", /not XML/],
      ["<html><body>Moved</body></html>", /not an ECB rates feed/],
      ['<Cube time="2026-01-02"><Cube currency="USD" rate="n/a"/></Cube>', /'n\/a' for USD/],
      ['<Cube time="02.01.2026"></Cube>', /not YYYY-MM-DD/],
    ] as const
  ) {
    assert.throws(() => parseEcbXml(text), message);
  }
});

Deno.test("ECB fetch: the first fetch adds the feed, a second changes nothing, an operator's rate is kept", async (t) => {
  const { api, db } = await ratesApp();
  await using feed = ecbServer({ [HIST]: { body: ecbFixture("eurofxref-hist-90d.xml") } });
  assert.equal((await api.put("/api/settings/ecb-rates", { url: feed.url(HIST) })).status, 200);
  await api.call(R.set, { body: { currency: "USD", day: "2026-11-23", perEur: 1.2 } });
  await api.call(R.csv, { body: { csv: "2026-11-24,GBP,0.9", dryRun: false } });
  const fetchNow = () => api.call(R.fetch, {});

  await t.step("the first fetch adds every rate but the operator's two", async () => {
    const res = await fetchNow();
    assert.deepEqual(counts(res), [3, 85, 0, 0, 2]);
    assert.equal(res.trigger, "manual");
    assert.equal(storedRates(db).length, 87);
    const kept = storedRates(db).filter((r) => !r.endsWith(" ecb"));
    assert.deepEqual(kept, ["GBP 2026-11-24 0.9 csv", "USD 2026-11-23 1.2 manual"]);
    assert.ok(storedRates(db).includes("JPY 2026-11-24 180.12 ecb"));
    const byEcb = storedChanges(db).filter((c) => c.startsWith("ecb ecb "));
    assert.equal(byEcb.length, 85);
    assert.ok(byEcb.includes("ecb ecb USD 2026-11-24 null→1.1523"));
  });
  await t.step("a second fetch of the same feed changes nothing", async () => {
    const changes = storedChanges(db).length;
    assert.deepEqual(counts(await fetchNow()), [3, 0, 0, 85, 2]);
    assert.equal(storedChanges(db).length, changes);
    const last = await api.call(R.lastRun, {});
    assert.deepEqual(counts(last.lastRun), [3, 0, 0, 85, 2]);
  });
  await t.step("a corrected ECB rate replaces the fetched one, with its history", async () => {
    feed.files[HIST] = {
      body: ecbFixture("eurofxref-hist-90d.xml").replace(
        '"USD" rate="1.1523"',
        '"USD" rate="1.1530"',
      ),
    };
    assert.deepEqual(counts(await fetchNow()), [3, 0, 1, 84, 2]);
    assert.equal(storedChanges(db).at(-1), "ecb ecb USD 2026-11-24 1.1523→1.153");
    const query = { currency: "USD", day: "2026-11-24" };
    const [first] = (await api.call(R.changes, { query })).items;
    assert.deepEqual([first.username, first.userId, first.before, first.after], [
      "ecb",
      null,
      1.1523,
      1.153,
    ]);
  });
  await t.step("the daily file adds its day", async () => {
    feed.files[DAILY] = { body: ecbFixture("eurofxref-daily.xml") };
    await api.put("/api/settings/ecb-rates", { url: feed.url(DAILY) });
    assert.deepEqual(counts(await fetchNow()), [1, 29, 0, 0, 0]);
  });
});

Deno.test("ECB fetch: a failing status, a page that is not the feed, or no answer changes nothing", async (t) => {
  const { api, db } = await ratesApp();
  await using feed = ecbServer({
    "/html": { body: "<!doctype html><html><body>Maintenance</body></html>", type: "text/html" },
    "/text": { body: "rates are closed today", type: "text/plain" },
    "/broken": {
      body: '<Cube><Cube time="2026-11-24"><Cube currency="USD" rate="-1"/></Cube></Cube>',
    },
    "/down": { status: 503, body: ecbFixture("eurofxref-daily.xml") },
  });
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const deadUrl = `http://127.0.0.1:${closed.addr.port}/feed.xml`;
  closed.close();
  const cases: Array<[string, string, RegExp]> = [
    ["a 404", feed.url("/nowhere.xml"), /answered 404/],
    ["a 503", feed.url("/down"), /answered 503/],
    ["an HTML page", feed.url("/html"), /not an ECB rates feed/],
    ["plain text", feed.url("/text"), /not XML/],
    ["a rate below 0", feed.url("/broken"), /'-1' for USD is not a number above 0/],
    ["nobody listening", deadUrl, /could not fetch/],
  ];
  for (const [name, url, message] of cases) {
    await t.step(name, async () => {
      assert.equal((await api.put("/api/settings/ecb-rates", { url })).status, 200);
      const res = await api.attempt(R.fetch, {});
      assert.equal(res.status, 502, JSON.stringify(res.body));
      assert.match(errorOf(res).message, message);
      const last = await api.call(R.lastRun, {});
      assert.match(last.lastRun?.error ?? "", message);
    });
  }
  await t.step("a URL that is not http(s) is refused when saved", async () => {
    for (const url of ["ftp://www.ecb.europa.eu/feed.xml", "not a url", ""]) {
      const res = await api.put("/api/settings/ecb-rates", { url });
      assert.equal(res.status, 400);
      assert.match(errorOf(res).message, /url: must be an http\(s\) URL/);
    }
    assert.equal((await api.get("/api/settings/ecb-rates")).body.url, deadUrl);
  });
  assert.deepEqual(storedRates(db), []);
  assert.deepEqual(storedChanges(db), []);
});

Deno.test("ECB schedule: every saved field acts — enabled, url, hour", async (t) => {
  const { api, db } = await ratesApp();
  await using feed = ecbServer({
    "/a.xml": { body: ecbFixture("eurofxref-hist-90d.xml") },
    "/b.xml": { body: ecbFixture("eurofxref-daily.xml") },
  });
  const at = (day: string, time: string) => Date.parse(`${day}T${time}Z`);
  const put = async (value: unknown) => {
    const res = await api.put("/api/settings/ecb-rates", value);
    assert.equal(res.status, 200, JSON.stringify(res.body));
  };

  await t.step("ECB schedule: nothing is fetched while the fetch is off", async () => {
    await put({ enabled: false, url: feed.url("/a.xml"), hour: 0 });
    assert.equal(await ecbTick(db, at("2026-11-25", "12:00:00"), LOOPBACK), null);
    assert.deepEqual(feed.asked, []);
    assert.deepEqual(storedRates(db), []);
  });
  await t.step("ECB schedule: once a UTC day, from the hour saved", async () => {
    await put({ enabled: true, url: feed.url("/a.xml"), hour: 10 });
    assert.equal(
      await ecbTick(db, at("2026-11-25", "09:59:59"), LOOPBACK),
      null,
      "before the hour",
    );
    const run = await ecbTick(db, at("2026-11-25", "10:00:00"), LOOPBACK);
    assert.equal(run?.trigger, "schedule");
    assert.equal(run?.added, 87);
    assert.equal(await ecbTick(db, at("2026-11-25", "10:01:00"), LOOPBACK), null, "once a day");
    assert.equal(await ecbTick(db, at("2026-11-25", "23:59:00"), LOOPBACK), null);
    assert.equal(
      await ecbTick(db, at("2026-11-26", "09:30:00"), LOOPBACK),
      null,
      "next day, before",
    );
    assert.ok(await ecbTick(db, at("2026-11-26", "10:05:00"), LOOPBACK), "next day, from the hour");
    await put({ enabled: true, url: feed.url("/a.xml"), hour: 18 });
    assert.equal(
      await ecbTick(db, at("2026-11-27", "17:00:00"), LOOPBACK),
      null,
      "the new hour applies",
    );
    assert.ok(await ecbTick(db, at("2026-11-27", "18:00:00"), LOOPBACK));
    assert.deepEqual(feed.asked, ["/a.xml", "/a.xml", "/a.xml"]);
  });
  await t.step("ECB schedule: a failed fetch is tried again an hour later", async () => {
    await put({ enabled: true, url: feed.url("/gone.xml"), hour: 18 });
    assert.match((await ecbTick(db, at("2026-11-28", "18:00:00"), LOOPBACK))?.error ?? "", /404/);
    assert.equal(await ecbTick(db, at("2026-11-28", "18:59:00"), LOOPBACK), null);
    await put({ enabled: true, url: feed.url("/a.xml"), hour: 18 });
    assert.equal((await ecbTick(db, at("2026-11-28", "19:00:00"), LOOPBACK))?.error, undefined);
  });
  await t.step("ECB schedule: the URL saved is the one fetched", async () => {
    feed.asked.length = 0;
    await put({ enabled: true, url: feed.url("/b.xml"), hour: 18 });
    const run = await ecbTick(db, at("2026-11-29", "18:00:00"), LOOPBACK);
    assert.deepEqual(feed.asked, ["/b.xml"]);
    assert.equal(run?.url, feed.url("/b.xml"));
    assert.equal(run?.added, 29, "the daily file's day");
  });
});

Deno.test("ECB fetch: an internal address is refused unless ROTOR_FEED_ALLOW names it, and no redirect is followed", async (t) => {
  await using feed = ecbServer({ [HIST]: { body: ecbFixture("eurofxref-hist-90d.xml") } });
  await t.step("loopback and link-local feeds are refused before any connection", async () => {
    const { api, db } = await ratesApp({ feedAllow: [] });
    for (const url of [feed.url(HIST), "http://169.254.169.254/latest/meta-data/"]) {
      assert.equal((await api.put("/api/settings/ecb-rates", { url })).status, 200);
      const res = await api.attempt(R.fetch, {});
      assert.equal(res.status, 502, JSON.stringify(res.body));
      assert.match(errorOf(res).message, /refused: .* not a public address/);
    }
    assert.deepEqual(feed.asked, []);
    assert.deepEqual(storedRates(db), []);
  });
  await t.step("an allowed address answers; its redirect is not followed", async () => {
    const { api, db } = await ratesApp({ feedAllow: ["127.0.0.1/32"] });
    await api.put("/api/settings/ecb-rates", { url: feed.url(`/redirect${HIST}`) });
    const moved = await api.attempt(R.fetch, {});
    assert.equal(moved.status, 502);
    assert.match(errorOf(moved).message, /answered 302 \(redirects are not followed\)/);
    assert.deepEqual(feed.asked, [`/redirect${HIST}`]);
    assert.deepEqual(storedRates(db), []);
    await api.put("/api/settings/ecb-rates", { url: feed.url(HIST) });
    assert.equal((await api.call(R.fetch, {})).added, 87);
  });
});
