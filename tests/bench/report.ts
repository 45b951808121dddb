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
 *
 * `--store postgres` (decision 172): the same SQLite seed is copied into a
 * throwaway PostgreSQL cluster with `rotor migrate --to` (timed), and the
 * plain queries and the server (`ROTOR_DATABASE_URL`) run there; the click
 * p99 part is left out (the click path on PostgreSQL is measured by its own
 * bench).
 *
 * `REPORT_BENCH_SEED_ONLY=1` seeds, keeps the data folder and stops;
 * `REPORT_BENCH_FROM=<folder>` measures a folder kept that way (or by
 * `REPORT_BENCH_KEEP=1`) without seeding again.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { CUBES } from "../../server/reports/rollup_schema.ts";
import { clickIdPrefix } from "../../server/tracking/click_id.ts";
import { PanelClient } from "../../server/tracking/simulate/setup.ts";
import { ROOT, runCli, type ServerProcess, spawnServer, stopServer } from "../helpers/server.ts";
import { freshDatabase, useCluster } from "../helpers/postgres.ts";
import { openPostgres } from "../../server/db/connection.ts";
import { PgBridge } from "../../server/db/pg/bridge.ts";
import { clickP99, costUpdateP99, median } from "./report_p99.ts";
import { seed, type Setup } from "./report_seed.ts";

const PASSWORD = "bench-password-123";
const DAY = 86_400_000;
/** The real server on its own data folder (and PostgreSQL store), pinned to core 0 like `bench click`'s. */
function launch(dataDir: string, databaseUrl?: string): Promise<ServerProcess> {
  const store: Record<string, string> = databaseUrl ? { ROTOR_DATABASE_URL: databaseUrl } : {};
  return spawnServer(join(ROOT, "server/main.ts"), {
    cpu: "0",
    env: { ROTOR_DATA: dataDir, ROTOR_ADMIN_PASSWORD: PASSWORD, ROTOR_TRUST_PROXY: "1", ...store },
  });
}

/** The machine's load when a figure is taken (2 shared cores: figures are noisy). */
function loadavg(): string {
  return Deno.readTextFileSync("/proc/loadavg").trim();
}

/**
 * A PostgreSQL copy of the seeded data folder: a fresh database in the throwaway
 * cluster, filled by `rotor migrate --to` (timed), then analysed; its URL.
 */
async function copyToPostgres(
  dataDir: string,
  count: number,
): Promise<{ url: string; release: () => Promise<void> }> {
  const { cluster, release } = await useCluster();
  const url = await freshDatabase(cluster);
  openPostgres(url).close(); // migrated
  const t0 = performance.now();
  const copy = await runCli(["migrate", "--to", url], { dataDir });
  if (copy.code !== 0) throw new Error(`rotor migrate --to failed: ${copy.stderr}`);
  const copyS = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const db = new PgBridge(url);
  db.exec("VACUUM ANALYZE");
  db.close();
  console.log(
    `copied into PostgreSQL by rotor migrate --to in ${copyS.toFixed(1)} s ` +
      `(${Math.round(count / copyS)} clicks/s with their conversions and rollups), ` +
      `VACUUM ANALYZE ${((performance.now() - t1) / 1000).toFixed(1)} s; load ${loadavg()}`,
  );
  return { url, release };
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

async function measureScale(
  count: number,
  template: string,
  setup: Setup,
  store: "sqlite" | "postgres",
  seeded?: string,
): Promise<void> {
  const dataDir = seeded ?? await Deno.makeTempDir({ prefix: `rotor-bench-report-${count}-` });
  const dbPath = join(dataDir, "rotor.db");
  if (seeded) console.log(`\n### ${(count / 1e6).toFixed(1)}M clicks (seeded before: ${seeded})`);
  else {
    await Deno.copyFile(template, dbPath);
    const t0 = performance.now();
    seed(dbPath, count, setup);
    console.log(
      `\n### ${(count / 1e6).toFixed(1)}M clicks (seeded in ${
        ((performance.now() - t0) / 1000).toFixed(1)
      } s; load ${loadavg()})`,
    );
    if (Deno.env.get("REPORT_BENCH_SEED_ONLY")) return console.log(`kept ${dataDir}`);
  }

  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 29 * DAY).toISOString().slice(0, 10);
  const start = Date.parse(`${from}T00:00:00Z`);
  const pg = store === "postgres" ? await copyToPostgres(dataDir, count) : undefined;
  const url = pg?.url;
  const raw = url ? new PgBridge(url) : new DatabaseSync(dbPath, { readOnly: true });
  const plain = async (sqls: string[]) =>
    await timed(() => sqls.forEach((s) => raw.prepare(s).all()), 3);
  const plainDay = await plain(MONTH_BY_DAY(start));
  const plainGeo = await plain(COUNTRY_OFFER(start));
  raw.close();

  const launched = performance.now();
  const server = await launch(dataDir, url);
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
  console.log(`store: ${store}; load ${loadavg()}`);
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
  const again = await launch(dataDir, url);
  const restartMs = performance.now() - relaunched;
  console.log(
    `start-up (to listening)  ${startMs.toFixed(0)} ms first, ${restartMs.toFixed(0)} ms restart`,
  );
  panel = new PanelClient(again.url);
  await panel.signIn("admin", PASSWORD);
  console.log(`load ${loadavg()}`);
  const cubes = url ? new PgBridge(url) : new DatabaseSync(dbPath, { readOnly: true });
  const sizes = CUBES.map((c) =>
    `${c.table} ${Number(cubes.prepare(`SELECT count(*) AS n FROM ${c.table}`).get()!.n)}`
  );
  cubes.close();
  console.log(`rollup rows: ${sizes.join(", ")}`);

  if (count >= 10_000_000 && store === "sqlite") {
    await clickP99(again, report);
    await costUpdateP99(again, panel, setup.campaignIds.slice(0, 5));
    // The updates' shares lie on yesterday until folded (decision 160, update 5): the same reports.
    line("by day, shares unfolded", plainDay, await timed(() => report("day")));
    line("country × offer, shares", plainGeo, await timed(() => report("country,offer")));
  }
  await stopServer(again);
  await pg?.release(); // the cluster stops with its last user
  if (Deno.env.get("REPORT_BENCH_KEEP") || seeded) console.log(`kept ${dataDir}`);
  else await Deno.remove(dataDir, { recursive: true });
}

export const bench = {
  describe:
    "plain SQL GROUP BY vs /api/report at 1M and 10M clicks; click p99 idle vs under reports " +
    "(SQLite; `--store postgres` for PostgreSQL)",
  async run(flags: string[]) {
    const at = flags.findIndex((f) => f === "--store" || f.startsWith("--store="));
    const value = at < 0 ? "sqlite" : flags[at].split("=")[1] ?? flags[at + 1];
    if (value !== "sqlite" && value !== "postgres") {
      throw new Error(`--store must be sqlite or postgres, not ${value}`);
    }
    const store: "sqlite" | "postgres" = value;
    // A data folder kept by an earlier run (`REPORT_BENCH_KEEP` or `REPORT_BENCH_SEED_ONLY`).
    const seeded = Deno.env.get("REPORT_BENCH_FROM");
    if (seeded) {
      const db = new DatabaseSync(join(seeded, "rotor.db"), { readOnly: true });
      const ids = (sql: string) => db.prepare(sql).all().map((r) => Number(r.id));
      const setup: Setup = {
        campaignIds: ids("SELECT id FROM campaigns ORDER BY id"),
        offerIds: ids("SELECT id FROM offers ORDER BY id"),
        landingIds: ids("SELECT id FROM landings ORDER BY id"),
        sourceId: ids("SELECT id FROM traffic_sources ORDER BY id")[0],
        key: String(db.prepare("SELECT key FROM campaigns ORDER BY id").get()!.key),
      };
      const count = Number(db.prepare("SELECT count(*) AS n FROM clicks").get()!.n);
      db.close();
      return await measureScale(count, "", setup, store, seeded);
    }
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
    for (const count of scales) await measureScale(count, template, setup, store);
    await Deno.remove(base, { recursive: true });
  },
};
