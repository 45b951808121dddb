/**
 * The report bench's data (issues 13 and 18): clicks and conversions written
 * straight into SQLite over 30 days, with places, user agents, currencies and
 * rates as varied as real traffic's, for the entities the bench made through
 * the API.
 */
import { type Db, openDatabase } from "../../server/db/connection.ts";
import { rebuildRollups } from "../../server/reports/rollup_rebuild.ts";
import { clickIdPrefix } from "../../server/tracking/click_id.ts";

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

export type Setup = {
  campaignIds: number[];
  offerIds: number[];
  landingIds: number[];
  sourceId: number;
  key: string;
};

/** A small fast deterministic random source. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296);
}

/** The bench's three currencies (issue 13): each campaign's costs and each network's payouts. */
const CURRENCIES = ["USD", "EUR", "GBP"];

/** Rates for the last 60 days (weekdays only, as the ECB publishes them). */
function seedRates(db: Db): void {
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
export function seed(path: string, count: number, setup: Setup): void {
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

const ALPHABET = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";

/** A click id of the tracking engine's shape: time prefix, then a unique tail. */
function clickId(ts: number, n: number): string {
  let tail = "";
  for (let i = 0; i < 16; i++, n = Math.floor(n / 64)) tail = ALPHABET[n % 64] + tail;
  return clickIdPrefix(ts) + tail;
}
