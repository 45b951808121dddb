/**
 * `deno task bench report` (issue 6 item 8). For 1M and then 10M clicks (2%
 * converting) spread over 45 days, seeded straight into SQLite in big
 * transactions (triggers off, rollups rebuilt in one pass), it times:
 * (a) the plain SQLite GROUP BY over raw clicks and conversions for "last 30
 * days by day" and "by country × offer", (b) Rotor's `/api/report` for the
 * same on the real server; prints both and the ratio. At 10M it also measures
 * the click p99 as `bench click` does (server pinned to core 0, wrk -t1 -c64 on
 * core 1, the same campaign and traffic, 10 s) idle and while this process
 * (pinned to core 1 beside wrk) asks the same server for reports in a loop:
 * they run in its niced read thread, on the clicks' core.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openDatabase } from "../../server/db/connection.ts";
import { rebuildRollups } from "../../server/reports/rollup_rebuild.ts";
import { CUBES } from "../../server/reports/rollup_schema.ts";
import { clickIdPrefix } from "../../server/tracking/click_id.ts";
import { PanelClient } from "../../server/tracking/simulate/setup.ts";
import { ROOT, type ServerProcess, spawnServer, stopServer } from "../helpers/server.ts";
import { campaignKey, luaScript } from "./click.ts";
import { runWrk } from "./wrk.ts";

const PASSWORD = "bench-password-123";
const DAY = 86_400_000;
const COUNTRIES = [
  "US",
  "US",
  "US",
  "DE",
  "DE",
  "GB",
  "FR",
  "BR",
  "IN",
  "ID",
  "MX",
  "ES",
  "IT",
  "PL",
  "CA",
  "JP",
];
/** Regions per country, cities per region and ISPs per country (issue 18: the long-tail levels). */
const REGIONS = 12;
const CITIES = 6;
const ISPS = 16;
const CONNECTIONS = ["broadband", "broadband", "cellular", "hosting"];

/**
 * User agents: device type, brands with their models, OS and browser with
 * their versions, 400 of them picked at random from these families.
 */
const AGENT_FAMILIES: [string, string[], number, string, string[], string, string[]][] = [
  [
    "mobile",
    ["Samsung", "Xiaomi", "Google", "Oppo", "Motorola", "Vivo"],
    12,
    "Android",
    [
      "11",
      "12",
      "13",
      "14",
    ],
    "Chrome",
    ["120.0", "121.0", "122.0", "123.0", "124.0", "125.0"],
  ],
  ["mobile", ["Apple"], 8, "iOS", ["16.6", "17.1", "17.2", "17.3", "17.4"], "Mobile Safari", [
    "16.6",
    "17.1",
    "17.2",
    "17.3",
    "17.4",
  ]],
  ["desktop", [""], 1, "Windows", ["10", "11"], "Chrome", ["122.0", "123.0", "124.0", "125.0"]],
  ["desktop", [""], 1, "Windows", ["10", "11"], "Edge", ["123.0", "124.0", "125.0"]],
  ["desktop", ["Apple"], 1, "macOS", ["13", "14"], "Safari", ["17.3", "17.4"]],
  ["tablet", ["Apple"], 4, "iOS", ["17.3", "17.4"], "Mobile Safari", ["17.3", "17.4"]],
];
const AGENT_COUNT = 400;

/** A skewed pick from `n` values: the first few are common, the rest a long tail. */
function skewed(rnd: () => number, n: number): number {
  return Math.floor(n * rnd() ** 2);
}

type Setup = {
  campaignIds: number[];
  offerIds: number[];
  landingIds: number[];
  sourceId: number;
  key: string;
};

/** The real server on its own data folder, pinned to core 0 like `bench click`'s. */
function launch(dataDir: string): Promise<ServerProcess> {
  return spawnServer(join(ROOT, "server/main.ts"), {
    cpu: "0",
    env: { ROTOR_DATA: dataDir, ROTOR_ADMIN_PASSWORD: PASSWORD, ROTOR_TRUST_PROXY: "1" },
  });
}

/** Pins every thread of this process to `cpus` (taskset list); answers the previous list. */
async function pinSelf(cpus: string): Promise<string> {
  const run = async (args: string[]) =>
    new TextDecoder().decode((await new Deno.Command("taskset", { args }).output()).stdout);
  const before = /:\s*(\S+)\s*$/.exec(await run(["-cp", String(Deno.pid)]))?.[1] ?? "0-1";
  await run(["-acp", cpus, String(Deno.pid)]);
  return before;
}

/** Entities through the real API: a source, 2 networks, 6 offers, 2 landers, 10 campaigns. */
async function createEntities(panel: PanelClient): Promise<Setup> {
  const source = await panel.call("POST", "/api/traffic-sources", {
    name: "Bench source",
    externalIdParam: { param: "subid", placeholder: "{subid}" },
  });
  const networkIds: number[] = [];
  for (let i = 0; i < 2; i++) {
    networkIds.push(
      Number(
        (await panel.call("POST", "/api/affiliate-networks", { name: `Network ${i + 1}` })).id,
      ),
    );
  }
  const offerIds: number[] = [];
  for (let i = 0; i < 6; i++) {
    offerIds.push(Number(
      (await panel.call("POST", "/api/offers", {
        name: `Offer ${i + 1}`,
        url: `https://offer.example.com/${i}?c={clickid}`,
        payout: 2,
        affiliateNetworkId: networkIds[i % 2],
      })).id,
    ));
  }
  const landingIds: number[] = [];
  for (let i = 0; i < 2; i++) {
    landingIds.push(Number(
      (await panel.call("POST", "/api/landings", {
        name: `Lander ${i + 1}`,
        url: `https://lp.example.com/${i}?c={clickid}`,
      })).id,
    ));
  }
  const campaignIds: number[] = [];
  let key = "";
  for (let i = 0; i < 10; i++) {
    const path = { direct: true, offers: [{ offerId: offerIds[i % 6], weight: 1 }] };
    const campaign = await panel.call("POST", "/api/campaigns", {
      name: `Campaign ${i + 1}`,
      trafficSourceId: source.id,
      botPolicy: "flag",
      destination: { type: "flow", flow: { rules: [], defaultPaths: [path] } },
    });
    campaignIds.push(Number(campaign.id));
    key ||= String(campaign.key);
  }
  return { campaignIds, offerIds, landingIds, sourceId: Number(source.id), key };
}

/** A small fast deterministic random source. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296);
}

/** The bench's three currencies (issue 13): each campaign's costs and each network's payouts. */
const CURRENCIES = ["USD", "EUR", "GBP"];

/** Rates for the last 60 days (weekdays only, as the ECB publishes them). */
function seedRates(db: DatabaseSync): void {
  const rate = db.prepare(
    `INSERT INTO currency_rates (currency, day, per_eur, source, updated_at)
     VALUES (?, ?, ?, 'ecb', 0)`,
  );
  for (let d = 60; d >= 0; d--) {
    const date = new Date(Date.now() - d * DAY);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    const day = date.toISOString().slice(0, 10);
    rate.run("USD", day, 1.05 + (d % 7) / 100);
    rate.run("GBP", day, 0.83 + (d % 5) / 100);
  }
}

/**
 * Inserts `count` clicks over the last 45 days (2% converting) with the
 * triggers off: costs in the campaign's currency, payouts in one of three.
 */
function seed(path: string, count: number, setup: Setup): void {
  const db = openDatabase(path);
  const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all();
  for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
  const rnd = random(count);
  // Places by country, city (its region follows) and ISP, made when first picked.
  const place = db.prepare(
    "INSERT INTO places (country, region, city, isp) VALUES (?, ?, ?, ?) RETURNING id",
  );
  const places = new Map<string, number>();
  const placeOf = (country: string, city: number, isp: number) => {
    const key = `${country}/${city}/${isp}`;
    let id = places.get(key);
    if (id === undefined) {
      const region = Math.floor(city / CITIES);
      id = Number(
        place.get(country, `${country} R${region}`, `${country} C${city}`, `${country} ISP${isp}`)!
          .id,
      );
      places.set(key, id);
    }
    return id;
  };
  const agent = db.prepare(
    `INSERT INTO user_agents (text, device_type, brand, model, os, os_version, browser,
      browser_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const agents: number[] = [];
  for (let i = 0; i < AGENT_COUNT; i++) {
    const [device, brands, models, os, osVersions, browser, versions] =
      AGENT_FAMILIES[skewed(rnd, AGENT_FAMILIES.length)];
    const brand = brands[skewed(rnd, brands.length)];
    const model = brand && `${brand} M${skewed(rnd, models)}`;
    const values = [
      device,
      brand,
      model,
      os,
      osVersions[skewed(rnd, osVersions.length)],
      browser,
      versions[skewed(rnd, versions.length)],
    ];
    agents.push(Number(agent.get(`bench agent ${i} ${values.join("/")}`, ...values)!.id));
  }
  const click = db.prepare(
    `INSERT INTO clicks (id, ts, campaign_id, traffic_source_id, rotation_id, rule, path, landing_id,
      offer_id, external_id, cost, ip, place_id, ua_id, language, referrer, tokens, is_unique, is_bot,
      lp_click_ts, cost_currency, connection)
     VALUES (?, ?, ?, ?, NULL, NULL, 0, ?, ?, NULL, ?, ?, ?, ?, 'en', NULL, NULL, ?, ?, ?, ?, ?)`,
  );
  const conversion = db.prepare(
    `INSERT INTO conversions (click_id, ts, status, payout, txid, currency)
     VALUES (?, ?, ?, ?, '', ?)`,
  );
  seedRates(db);
  const end = Date.now() - 60_000;
  const begin = end - 45 * DAY;
  const step = (end - begin) / count;
  const statuses = ["lead", "sale", "sale", "rejected", "hold"];
  db.exec("BEGIN");
  for (let i = 0; i < count; i++) {
    const ts = Math.floor(begin + i * step);
    const c = Math.floor(rnd() * setup.campaignIds.length);
    const offer = setup.offerIds[(c + Math.floor(rnd() * 2)) % setup.offerIds.length];
    const lp = rnd() < 0.5;
    const id = clickId(ts, i);
    const isp = skewed(rnd, ISPS);
    click.run(
      id,
      ts,
      setup.campaignIds[c],
      setup.sourceId,
      lp ? setup.landingIds[i % 2] : null,
      offer,
      20_000,
      `198.51.${i % 256}.${(i >> 8) % 256}`,
      placeOf(
        COUNTRIES[Math.floor(rnd() * COUNTRIES.length)],
        skewed(rnd, REGIONS * CITIES),
        isp,
      ),
      agents[skewed(rnd, agents.length)],
      rnd() < 0.7 ? 1 : 0,
      rnd() < 0.05 ? 1 : 0,
      lp ? ts + 5000 : null,
      CURRENCIES[c % 3],
      // The connection type follows the ISP's network, as decision 122 derives it.
      CONNECTIONS[isp % CONNECTIONS.length],
    );
    if (rnd() < 0.02) {
      const payout = 1_000_000 + (i % 7) * 250_000;
      conversion.run(id, ts + 600_000, statuses[i % 5], payout, CURRENCIES[offer % 3]);
    }
    if (i % 200_000 === 199_999) db.exec("COMMIT; BEGIN");
  }
  db.exec("COMMIT");
  // Every finished hour is sealed: whole days come from the daily tier, as on a live server.
  rebuildRollups(db, { sealedHour: Math.floor(Date.now() / 3_600_000) });
  for (const t of triggers) db.exec(String(t.sql));
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function timed(fn: () => unknown | Promise<unknown>, runs = 5): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

const MONTH_BY_DAY = (start: number) => [
  `SELECT ts / ${DAY} AS d, count(*), sum(is_unique), sum(is_bot), count(lp_click_ts), sum(cost)
   FROM clicks WHERE id >= '${boundOf(start)}' GROUP BY d`,
  `SELECT ts / ${DAY} AS d, sum(status = 'lead'), sum(status = 'sale'), sum(status = 'rejected'),
     sum(status = 'hold'), sum(CASE WHEN status IN ('lead', 'sale') THEN payout END)
   FROM conversions WHERE ts >= ${start} AND current = 1 GROUP BY d`,
];
const COUNTRY_OFFER = (start: number) => [
  `SELECT p.country, k.offer_id, count(*), sum(k.is_unique), sum(k.is_bot), count(k.lp_click_ts), sum(k.cost)
   FROM clicks k LEFT JOIN places p ON p.id = k.place_id WHERE k.id >= '${
    boundOf(start)
  }' GROUP BY 1, 2`,
  `SELECT p.country, k.offer_id, sum(v.status = 'lead'), sum(v.status = 'sale'), sum(v.status = 'rejected'),
     sum(v.status = 'hold'), sum(CASE WHEN v.status IN ('lead', 'sale') THEN v.payout END)
   FROM conversions v JOIN clicks k ON k.id = v.click_id LEFT JOIN places p ON p.id = k.place_id
   WHERE v.ts >= ${start} AND v.current = 1 GROUP BY 1, 2`,
];

function boundOf(ms: number): string {
  return clickIdPrefix(ms);
}

const ALPHABET = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";

/** A click id of the tracking engine's shape: time prefix, then a unique tail. */
function clickId(ts: number, n: number): string {
  let tail = "";
  for (let i = 0; i < 16; i++, n = Math.floor(n / 64)) tail = ALPHABET[n % 64] + tail;
  return clickIdPrefix(ts) + tail;
}

/**
 * Click p99 idle, then while reports run in a loop: `bench click`'s campaign
 * and wrk script against this server (pinned to core 0), wrk and this process
 * on core 1.
 */
async function clickP99(
  server: ServerProcess,
  report: (groupBy: string) => Promise<unknown>,
): Promise<void> {
  const key = await campaignKey(server.url);
  const script = await Deno.makeTempFile({ suffix: ".lua" });
  await Deno.writeTextFile(script, luaScript(key));
  const url = `${server.url}/c/${key}`;
  const cpus = await pinSelf("1");
  try {
    const idle = await runWrk(url, { seconds: 10, script });
    let running = true;
    let reports = 0;
    const load = (async () => {
      while (running) {
        // The heaviest kind too: a raw read of 10M clicks (by language) besides rollup reads.
        await report(reports % 3 === 2 ? "language" : reports % 3 ? "country,offer" : "day");
        reports++;
      }
    })();
    const busy = await runWrk(url, { seconds: 10, script });
    running = false;
    await load;
    const show = (label: string, r: typeof idle, extra = "") =>
      console.log(
        `${label.padEnd(24)} ${r.p99Ms.toFixed(2)} ms (p50 ${r.p50Ms.toFixed(2)} ms, ${
          Math.round(r.rate)
        } req/s${extra})`,
      );
    show("click p99 idle", idle);
    show("click p99 under reports", busy, `, ${reports} reports ran`);
    console.log(`ratio                    ${(busy.p99Ms / idle.p99Ms).toFixed(2)}`);
  } finally {
    await pinSelf(cpus);
    await Deno.remove(script);
  }
}

/**
 * Click p99 idle vs while cost updates run (issue 13): replace, over and over,
 * the spend of half the campaigns for yesterday (~110k clicks at 10M) through
 * the API, each update timed.
 */
async function costUpdateP99(server: ServerProcess, panel: PanelClient, setup: Setup) {
  const key = await campaignKey(server.url);
  const script = await Deno.makeTempFile({ suffix: ".lua" });
  await Deno.writeTextFile(script, luaScript(key));
  const url = `${server.url}/c/${key}`;
  const cpus = await pinSelf("1");
  const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
  const campaignIds = setup.campaignIds.slice(0, 5);
  try {
    const idle = await runWrk(url, { seconds: 10, script });
    let running = true;
    const times: number[] = [];
    let clicks = 0;
    const load = (async () => {
      for (let i = 0; running; i++) {
        const t0 = performance.now();
        const result = await panel.call("POST", "/api/cost-updates", {
          campaignIds,
          from: yesterday,
          to: yesterday,
          tz: "UTC",
          amount: 5000 + i,
        }) as { clicks: number };
        times.push(performance.now() - t0);
        clicks = result.clicks;
      }
    })();
    const busy = await runWrk(url, { seconds: 10, script });
    running = false;
    await load;
    console.log(
      `cost update (${clicks} clicks) ${median(times).toFixed(0)} ms median of ${times.length}`,
    );
    console.log(
      `click p99 idle           ${idle.p99Ms.toFixed(2)} ms (p50 ${idle.p50Ms.toFixed(2)})`,
    );
    console.log(
      `click p99 under updates  ${busy.p99Ms.toFixed(2)} ms (p50 ${busy.p50Ms.toFixed(2)}), ` +
        `ratio ${(busy.p99Ms / idle.p99Ms).toFixed(2)}`,
    );
  } finally {
    await pinSelf(cpus);
    await Deno.remove(script);
  }
}

async function measureScale(count: number, template: string, setup: Setup): Promise<void> {
  const dataDir = await Deno.makeTempDir({ prefix: `rotor-bench-report-${count}-` });
  const dbPath = join(dataDir, "rotor.db");
  await Deno.copyFile(template, dbPath);
  const t0 = performance.now();
  seed(dbPath, count, setup);
  console.log(
    `\n### ${(count / 1e6).toFixed(1)}M clicks (seeded in ${
      ((performance.now() - t0) / 1000).toFixed(1)
    } s)`,
  );

  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 29 * DAY).toISOString().slice(0, 10);
  const start = Date.parse(`${from}T00:00:00Z`);
  const raw = new DatabaseSync(dbPath, { readOnly: true });
  const plain = async (sqls: string[]) =>
    await timed(() => sqls.forEach((s) => raw.prepare(s).all()), 3);
  const plainDay = await plain(MONTH_BY_DAY(start));
  const plainGeo = await plain(COUNTRY_OFFER(start));
  raw.close();

  const launched = performance.now();
  const server = await launch(dataDir);
  const startMs = performance.now() - launched;
  let panel = new PanelClient(server.url);
  await panel.signIn("admin", PASSWORD);
  const report = (groupBy: string) =>
    panel.call(
      "GET",
      `/api/report?subjectType=campaign&subjectIds=${setup.campaignIds.join(",")}` +
        `&groupBy=${groupBy}&from=${from}&to=${today}&tz=UTC&limit=10000`,
    );
  const answer = await report("day") as {
    totals: { clicks: number };
    source: string;
    currency: string;
    rateNotes: string[];
  };
  const rotorDay = await timed(() => report("day"));
  const rotorGeo = await timed(() => report("country,offer"));
  const line = (name: string, a: number, b: number) =>
    console.log(
      `${name.padEnd(24)} plain ${a.toFixed(1).padStart(8)} ms   Rotor ${
        b.toFixed(1).padStart(7)
      } ms   ratio ${(b / a).toFixed(3)}`,
    );
  console.log(
    `30-day report covers ${answer.totals.clicks} clicks, answered from ${answer.source}, ` +
      `in ${answer.currency} from USD, EUR and GBP (${answer.rateNotes.length} rate notes)`,
  );
  line("last 30 days by day", plainDay, rotorDay);
  line("by country × offer", plainGeo, rotorGeo);
  // Every list's stats (decision 112) and each geo and tech level (decision 166), with the
  // cube that answered.
  const list = (path: string) => () => panel.call("GET", `${path}?from=${from}&to=${today}&tz=UTC`);
  const lists: [string, string][] = [
    ["campaign", "/api/campaigns"],
    ["offer", "/api/offers"],
    ["lander", "/api/landings"],
    ["traffic source", "/api/traffic-sources"],
    ["network", "/api/affiliate-networks"],
  ];
  for (const [name, path] of lists) {
    console.log(
      `${`${name} list, 30 days`.padEnd(32)} Rotor ${
        (await timed(list(path), 3)).toFixed(1).padStart(7)
      } ms`,
    );
  }
  // Each level on its own, then a drill-down's second level under one value of the first
  // (the report answers one level at a time; `parents` holds the values above).
  const levels: [string, string, (string | number)[]][] = [
    ["country", "country", []],
    ["device type", "deviceType", []],
    ["region", "region", []],
    ["city", "city", []],
    ["ISP", "isp", []],
    ["connection", "connection", []],
    ["brand", "brand", []],
    ["model", "model", []],
    ["OS version", "osVersion", []],
    ["browser version", "browserVersion", []],
    ["US → region", "country,region", ["US"]],
    ["US → city", "country,city", ["US"]],
    ["Samsung → model", "brand,model", ["Samsung"]],
    ["Android → OS version", "os,osVersion", ["Android"]],
    ["Chrome → version", "browser,browserVersion", ["Chrome"]],
    ["language (raw clicks)", "language", []],
  ];
  for (const [name, groupBy, parents] of levels) {
    const ask = () => report(`${groupBy}&parents=${encodeURIComponent(JSON.stringify(parents))}`);
    const { source, rows } = await ask() as { source: string; rows: unknown[] };
    const ms = await timed(ask, 3);
    console.log(
      `${`by ${name}`.padEnd(32)} Rotor ${ms.toFixed(1).padStart(7)} ms   ${
        String(rows.length).padStart(5)
      } rows from ${source}`,
    );
  }
  await stopServer(server);
  // Again on a data folder the server has opened before (the usual restart).
  const relaunched = performance.now();
  const again = await launch(dataDir);
  const restartMs = performance.now() - relaunched;
  console.log(
    `start-up (to listening)  ${startMs.toFixed(0)} ms first, ${restartMs.toFixed(0)} ms restart`,
  );
  panel = new PanelClient(again.url);
  await panel.signIn("admin", PASSWORD);
  const cubes = new DatabaseSync(dbPath, { readOnly: true });
  const sizes = CUBES.map((c) =>
    `${c.table} ${Number(cubes.prepare(`SELECT count(*) AS n FROM ${c.table}`).get()!.n)}`
  );
  cubes.close();
  console.log(`rollup rows: ${sizes.join(", ")}`);

  if (count >= 10_000_000) {
    await clickP99(again, report);
    await costUpdateP99(again, panel, setup);
  }
  await stopServer(again);
  if (Deno.env.get("REPORT_BENCH_KEEP")) console.log(`kept ${dataDir}`);
  else await Deno.remove(dataDir, { recursive: true });
}

export const bench = {
  describe:
    "plain SQLite GROUP BY vs /api/report at 1M and 10M clicks; click p99 idle vs under reports",
  async run() {
    const base = await Deno.makeTempDir({ prefix: "rotor-bench-report-" });
    const server = await launch(base);
    const panel = new PanelClient(server.url);
    await panel.signIn("admin", PASSWORD);
    const setup = await createEntities(panel);
    await stopServer(server);
    const template = join(base, "rotor.db");
    new DatabaseSync(template).exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const scales = (Deno.env.get("REPORT_BENCH_SCALES") ?? "1000000,10000000").split(",").map(
      Number,
    );
    for (const count of scales) await measureScale(count, template, setup);
    await Deno.remove(base, { recursive: true });
  },
};
