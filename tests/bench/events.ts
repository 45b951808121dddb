/**
 * `deno task bench events` (issue 14 item 3, decision 167): the report's
 * event columns at 1M clicks. Seeds 1M clicks over 30 days in process (2%
 * converting, 40% of those as ftd / registration events, 1% of clicks with two
 * numeric events), rolls them up, and times `runReport` for the last 30 days
 * by day and by country, with the event columns and without any (no event
 * types, no numeric events): the difference is what the events cost.
 */
import { ReportQuery } from "../../contracts/report_query.ts";
import { buildCampaign, buildOffer, buildTrafficSource } from "../../fixtures/builders.ts";
import { CampaignInput } from "../../contracts/campaign.ts";
import { OfferInput } from "../../contracts/offer.ts";
import { TrafficSourceInput } from "../../contracts/traffic_source.ts";
import { campaignDef } from "../../server/campaigns/definition.ts";
import { type Db, openDatabase } from "../../server/db/connection.ts";
import { createEntity } from "../../server/entities/service.ts";
import { offerDef } from "../../server/offers/definition.ts";
import { rebuildRollups } from "../../server/reports/rollup_rebuild.ts";
import { runReport } from "../../server/reports/service.ts";
import { writeSection } from "../../server/settings/sections.ts";
import { trafficSourceDef } from "../../server/traffic_sources/definition.ts";
import { clickIdPrefix } from "../../server/tracking/click_id.ts";

const DAY = 86_400_000;
const ALPHABET = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
const COUNTRIES = ["US", "US", "DE", "GB", "FR", "BR", "IN", "ID", "MX", "ES"];

function clickId(ts: number, n: number): string {
  let tail = "";
  for (let i = 0; i < 16; i++, n = Math.floor(n / 64)) tail = ALPHABET[n % 64] + tail;
  return clickIdPrefix(ts) + tail;
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296);
}

function entities(db: Db) {
  const source = createEntity(
    db,
    trafficSourceDef,
    TrafficSourceInput.parse(buildTrafficSource()),
  );
  const offers = [0, 1].map((i) =>
    Number(createEntity(db, offerDef, OfferInput.parse(buildOffer({ name: `O${i}` }))).id)
  );
  const campaigns = [0, 1, 2].map((i) =>
    Number(
      createEntity(
        db,
        campaignDef,
        CampaignInput.parse(buildCampaign({ name: `C${i}`, trafficSourceId: Number(source.id) })),
      ).id,
    )
  );
  return { sourceId: Number(source.id), offers, campaigns };
}

function seed(db: Db, count: number): number[] {
  const ids = entities(db);
  const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").all();
  for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
  const places = COUNTRIES.map((c, i) =>
    Number(
      db.prepare(
        "INSERT INTO places (country, region, city, isp) VALUES (?, ?, '', '') RETURNING id",
      )
        .get(c, `R${i}`)!.id,
    )
  );
  const click = db.prepare(
    `INSERT INTO clicks (id, ts, campaign_id, traffic_source_id, offer_id, cost, place_id, is_unique,
      is_bot, cost_currency) VALUES (?, ?, ?, ?, ?, 20000, ?, 1, 0, 'USD')`,
  );
  const conversion = db.prepare(
    `INSERT INTO conversions (click_id, ts, status, payout, txid, currency, event, event_payout)
     VALUES (?, ?, ?, ?, '', 'USD', ?, ?)`,
  );
  const event = db.prepare("INSERT INTO click_events (click_id, n, value, ts) VALUES (?, ?, ?, ?)");
  const rnd = random(count);
  const end = Date.now() - 60_000;
  const step = (30 * DAY) / count;
  db.exec("BEGIN");
  for (let i = 0; i < count; i++) {
    const ts = Math.floor(end - 30 * DAY + i * step);
    const id = clickId(ts, i);
    const c = Math.floor(rnd() * ids.campaigns.length);
    click.run(
      id,
      ts,
      ids.campaigns[c],
      ids.sourceId,
      ids.offers[c % 2],
      places[Math.floor(rnd() * places.length)],
    );
    if (rnd() < 0.02) {
      const payout = 1_000_000 + (i % 7) * 250_000;
      const kind = rnd();
      if (kind < 0.2) conversion.run(id, ts + 600_000, "sale", payout, "ftd", payout);
      else if (kind < 0.4) conversion.run(id, ts + 60_000, "lead", 0, "registration", payout);
      else conversion.run(id, ts + 600_000, "sale", payout, "", 0);
    }
    if (rnd() < 0.01) {
      event.run(id, 1, 1, ts);
      event.run(id, 3, Math.floor(rnd() * 100), ts);
    }
    if (i % 200_000 === 199_999) db.exec("COMMIT; BEGIN");
  }
  db.exec("COMMIT");
  rebuildRollups(db, { sealedHour: Math.floor(Date.now() / 3_600_000) });
  for (const t of triggers) db.exec(String(t.sql));
  return ids.campaigns;
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

function time(fn: () => unknown, runs = 7): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

async function run(flags: string[]): Promise<void> {
  const count = Number(flags[flags.indexOf("--clicks") + 1]) || 1_000_000;
  const dir = await Deno.makeTempDir({ prefix: "rotor-bench-events-" });
  try {
    const db = openDatabase(`${dir}/rotor.db`);
    const t0 = performance.now();
    const campaigns = seed(db, count);
    console.log(
      `seeded ${count.toLocaleString("en")} clicks in ${
        ((performance.now() - t0) / 1000).toFixed(1)
      } s`,
    );
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * DAY).toISOString().slice(0, 10);
    const report = (groupBy: string) => () =>
      runReport(
        db,
        ReportQuery.parse({
          subjectType: "campaign",
          subjectIds: campaigns.join(","),
          groupBy,
          from,
          to,
        }),
        { hideProfit: false, currency: "USD" },
      );
    const types = [
      { name: "ftd", label: "FTD", status: "sale" as const, revenue: true },
      { name: "registration", label: "Reg", status: "lead" as const, revenue: false },
    ];
    writeSection(db, "events", { value: { types, clickUpdateKey: "" } });
    const sample = report("day")();
    console.log(
      `30 days: ftd ${sample.totals["ev.ftd.count"]}, registration ${
        sample.totals["ev.registration.count"]
      }, event1 ${sample.totals.event1} (source ${sample.source})`,
    );
    const withEvents = { day: time(report("day")), country: time(report("country")) };
    writeSection(db, "events", { value: { types: [], clickUpdateKey: "" } });
    db.exec("CREATE TABLE kept_events AS SELECT * FROM click_events; DELETE FROM click_events");
    const without = { day: time(report("day")), country: time(report("country")) };
    db.exec("INSERT INTO click_events SELECT * FROM kept_events; DROP TABLE kept_events");
    for (const g of ["day", "country"] as const) {
      console.log(
        `report last 30 days by ${g}: ${withEvents[g].toFixed(1)} ms with event columns, ${
          without[g].toFixed(1)
        } ms without (median of 7)`,
      );
    }
    db.close();
  } finally {
    if (Deno.env.get("KEEP_BENCH_DB")) console.log(`kept ${dir}/rotor.db`);
    else await Deno.remove(dir, { recursive: true });
  }
}

export const bench = {
  describe: "30-day report with conversion and numeric event columns at 1M clicks",
  run,
};
