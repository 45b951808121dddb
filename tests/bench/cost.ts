/**
 * `deno task bench cost` (issue 13): a cost update over one campaign-day of
 * 100k clicks. Seeds the clicks straight into SQLite (rollups rebuilt once),
 * with places and user agents as varied as real traffic's (so every cube holds
 * many rows), then times the update (replace, then add, then undo) through the same code
 * the API runs. The click path shares the thread: clicks sent while an update
 * is written (four at a time, in process) show what it costs them, against
 * the same clicks sent idle. Whole hours take read-time shares (decision 160,
 * update 3); the bench then times folding them into the rows.
 */
import { rebuildRollups } from "../../server/reports/rollup_rebuild.ts";
import { applyCostUpdate, undoCostUpdate } from "../../server/costs/apply.ts";
import { clickIdAt } from "../../server/tracking/click_id.ts";
import { trackingApp, type TrackingSetup } from "../../server/tracking/testing.ts";
import type { UserRow } from "../../server/users/store.ts";
import { type Db, openDatabase } from "../../server/db/connection.ts";
import { foldOneHour } from "../../server/costs/shares.ts";

const CLICKS = 100_000;

/** Latencies (ms) of clicks sent four at a time until `done()`. */
async function clickLatencies(s: TrackingSetup, done: () => boolean): Promise<number[]> {
  const times: number[] = [];
  const worker = async () => {
    while (!done()) {
      const t0 = performance.now();
      const res = await s.click();
      await res.body?.cancel();
      times.push(performance.now() - t0);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return times;
}

function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

function describe(label: string, times: number[]): string {
  return `${label}: ${times.length} clicks, p50 ${percentile(times, 0.5).toFixed(2)} ms, ` +
    `p99 ${percentile(times, 0.99).toFixed(2)} ms, max ${percentile(times, 1).toFixed(1)} ms`;
}

/** 14 countries × 12 regions × 6 cities, 4 ISPs each: places as varied as real traffic's. */
function seedPlaces(db: Db): number[] {
  const insert = db.prepare(
    "INSERT INTO places (country, region, city, isp) VALUES (?, ?, ?, ?) RETURNING id",
  );
  const ids: number[] = [];
  const countries = "US DE FR GB CA AU BR IN ES IT NL PL MX JP".split(" ");
  for (const country of countries) {
    for (let r = 0; r < 12; r++) {
      for (let c = 0; c < 6; c++) {
        for (let i = 0; i < 4; i++) {
          const row = insert.get(country, `${country}-R${r}`, `${country}-R${r}-C${c}`, `ISP ${i}`);
          ids.push(Number(row!.id));
        }
      }
    }
  }
  return ids;
}

/** 400 user agents over 6 families, with brands, models and versions. */
function seedAgents(db: Db): number[] {
  const insert = db.prepare(
    `INSERT INTO user_agents (text, device_type, brand, model, os, os_version, browser,
       browser_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const families = [
    ["mobile", "Samsung", "Android", "Chrome"],
    ["mobile", "Apple", "iOS", "Safari"],
    ["desktop", "", "Windows", "Chrome"],
    ["desktop", "Apple", "macOS", "Safari"],
    ["tablet", "Apple", "iPadOS", "Safari"],
    ["mobile", "Xiaomi", "Android", "Chrome"],
  ];
  const ids: number[] = [];
  for (let i = 0; i < 400; i++) {
    const [type, brand, os, browser] = families[i % families.length];
    const row = insert.get(
      `bench agent ${i}`,
      type,
      brand,
      brand ? `${brand} M${i % 67}` : "",
      os,
      String(10 + (i % 9)),
      browser,
      `${100 + (i % 23)}.0`,
    );
    ids.push(Number(row!.id));
  }
  return ids;
}

async function run(): Promise<void> {
  // A database file, as a server has: reads (the update's matching) run in the read threads.
  const dir = Deno.makeTempDirSync({ prefix: "rotor-cost-bench-" });
  const s = await trackingApp({ db: openDatabase(`${dir}/rotor.db`) });
  const db = s.app.deps.db;
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const start = Date.parse(`${day}T00:00:00Z`);
  const places = seedPlaces(db);
  const agents = seedAgents(db);
  const insert = db.prepare(
    `INSERT INTO clicks (id, ts, campaign_id, traffic_source_id, cost, is_unique, tokens,
       place_id, ua_id, offer_id, landing_id, connection)
     VALUES (?, ?, ?, ?, 1000, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const pick = <T>(values: readonly T[], i: number) => values[(i * 7919) % values.length];
  db.exec("BEGIN");
  for (let i = 0; i < CLICKS; i++) {
    const ts = start + Math.floor((i / CLICKS) * 86_399_000);
    insert.run(
      clickIdAt(ts),
      ts,
      s.campaignId,
      s.sourceId,
      i % 3 ? 1 : 0,
      `["z${i % 50}"]`,
      pick(places, i),
      pick(agents, i * 13),
      pick(s.offerIds, i),
      s.landingId,
      pick(["broadband", "cellular", "hosting"], i * 3),
    );
  }
  db.exec("COMMIT");
  rebuildRollups(db);
  const user = db.prepare("SELECT * FROM users WHERE username = 'root'")
    .get() as unknown as UserRow;
  const actor = { user, source: "api" as const };
  const base = { campaignIds: [s.campaignId], from: day, to: day, tz: "UTC", filters: [] };
  const input = (mode: "replace" | "add", amount: number) => ({
    ...base,
    token: "",
    amount,
    currency: "USD",
    mode,
    uniqueOnly: false,
    dryRun: false,
  });
  const time = async (label: string, fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    console.log(`${label}: ${(performance.now() - t0).toFixed(0)} ms`);
  };
  const tracking = s.app.deps.tracking;
  const idleUntil = performance.now() + 3000;
  const idle = await clickLatencies(s, () => performance.now() > idleUntil);
  let writing = true;
  const during = clickLatencies(s, () => !writing);
  await time(`replace over ${CLICKS.toLocaleString("en-US")} clicks (clicks flowing)`, async () => {
    await applyCostUpdate(tracking, input("replace", 1234.5), actor);
  });
  writing = false;
  console.log(describe("clicks idle", idle));
  console.log(describe("clicks during the update", await during));
  let id = 0;
  await time("add over the same clicks", async () => {
    id = (await applyCostUpdate(tracking, input("add", 100), actor)).id!;
  });
  await time("undo the add", () => undoCostUpdate(tracking, id, user));
  // The read-time shares reach the rows in the background, one campaign-hour a transaction.
  const holds: number[] = [];
  await time("fold the replace's shares into the rows (back to back)", async () => {
    for (;;) {
      const t0 = performance.now();
      if (!foldOneHour(db)) break;
      holds.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  });
  console.log(
    `fold: ${holds.length} campaign-hours, writer held ${
      percentile(holds, 0.5).toFixed(1)
    } ms median, ${
      percentile(holds, 1).toFixed(1)
    } ms at most (the background fold waits 100× that between hours)`,
  );
  const dry = { ...input("replace", 1), dryRun: true };
  await time("dry run (preview)", () => applyCostUpdate(tracking, dry, actor));
  await tracking.close();
  db.close();
  Deno.removeSync(dir, { recursive: true });
}

export const bench = {
  describe: "a cost update over one campaign-day of 100k clicks (replace, add, undo)",
  run,
};
