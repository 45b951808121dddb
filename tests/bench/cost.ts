/**
 * `deno task bench cost` (issue 13): a cost update over one campaign-day of
 * 100k clicks. Seeds the clicks straight into SQLite (rollups rebuilt once),
 * then times the update (replace, then add, then undo) through the same code
 * the API runs. The click path shares the thread, so the longest stall a
 * click can meet is the longest single transaction, printed too.
 */
import { rebuildRollups } from "../../server/reports/rollup_rebuild.ts";
import { applyCostUpdate, undoCostUpdate } from "../../server/costs/apply.ts";
import { clickIdAt } from "../../server/tracking/click_id.ts";
import { trackingApp } from "../../server/tracking/testing.ts";
import type { UserRow } from "../../server/users/store.ts";

const CLICKS = 100_000;

async function run(): Promise<void> {
  const s = await trackingApp();
  const db = s.app.deps.db;
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const start = Date.parse(`${day}T00:00:00Z`);
  const insert = db.prepare(
    `INSERT INTO clicks (id, ts, campaign_id, traffic_source_id, cost, is_unique, tokens)
     VALUES (?, ?, ?, ?, 1000, ?, ?)`,
  );
  db.exec("BEGIN");
  for (let i = 0; i < CLICKS; i++) {
    const ts = start + Math.floor((i / CLICKS) * 86_399_000);
    insert.run(clickIdAt(ts), ts, s.campaignId, s.sourceId, i % 3 ? 1 : 0, `["z${i % 50}"]`);
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
  const time = (label: string, fn: () => unknown) => {
    const t0 = performance.now();
    fn();
    console.log(`${label}: ${(performance.now() - t0).toFixed(0)} ms`);
  };
  time(
    `replace over ${CLICKS.toLocaleString("en-US")} clicks`,
    () => applyCostUpdate(s.app.deps.tracking, input("replace", 1234.5), actor),
  );
  let id = 0;
  time("add over the same clicks", () => {
    id = applyCostUpdate(s.app.deps.tracking, input("add", 100), actor).id!;
  });
  time("undo the add", () => undoCostUpdate(s.app.deps.tracking, id, user));
  const dry = { ...input("replace", 1), dryRun: true };
  time("dry run (preview)", () => applyCostUpdate(s.app.deps.tracking, dry, actor));
}

export const bench = {
  describe: "a cost update over one campaign-day of 100k clicks (replace, add, undo)",
  run,
};
