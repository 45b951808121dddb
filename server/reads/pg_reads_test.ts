/**
 * The read worker on PostgreSQL (decision 172): each read thread holds a
 * bridge of its own, so jobs answer off the event loop what they answer
 * inline, and a long raw report never holds the node's timers.
 */
import assert from "node:assert/strict";
import { buildCampaign } from "../../fixtures/builders.ts";
import { ReportQuery } from "../../contracts/report_query.ts";
import { campaignDef } from "../campaigns/definition.ts";
import { createEntity } from "../entities/service.ts";
import { rawStats } from "../entities/stats.ts";
import { HttpError } from "../errors.ts";
import { setLogQuiet } from "../log.ts";
import { rebuildRollups } from "../reports/rollup_rebuild.ts";
import { runReport } from "../reports/service.ts";
import { insertTestClick } from "../reports/testing.ts";
import { type Db, openPostgres, transaction } from "../db/connection.ts";
import { PgBridge } from "../db/pg/bridge.ts";
import { postgresTest } from "../../tests/helpers/postgres.ts";
import { waitFor } from "../../tests/helpers/wait.ts";
import { ReadWorker } from "./worker.ts";

setLogQuiet(true);

const DAY = 86_400_000;

/** `base` clicks of `campaignId` over 20 days in as many cities, copied `copies` times in SQL. */
function seed(db: Db, campaignId: number, base: number, copies: number): void {
  const now = Date.now();
  transaction(db, () => {
    for (let i = 0; i < base; i++) {
      insertTestClick(db, {
        ts: now - 20 * DAY + Math.floor((i / base) * 20 * DAY),
        campaignId,
        country: ["US", "DE", "BR"][i % 3],
        city: `City ${i}`,
        cost: 0.01,
      });
    }
    if (copies > 0) {
      const columns = db.prepare(
        "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'clicks' AND table_schema = 'public' ORDER BY ordinal_position",
      ).all().map((c) => String(c.name));
      const values = columns.map((c) =>
        c === "id" ? "substr(id, 1, 10) || lpad(g::text, 14, '0')" : c
      );
      db.prepare(
        `INSERT INTO clicks (${columns.join(", ")})
         SELECT ${values.join(", ")} FROM clicks, generate_series(1, ?::int) AS g
         WHERE campaign_id = ?`,
      ).run(copies, campaignId);
    }
    rebuildRollups(db);
  });
}

function reportQuery(campaignId: number, groupBy: string) {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return ReportQuery.parse({
    subjectType: "campaign",
    subjectIds: String(campaignId),
    groupBy,
    from: day(Date.now() - 30 * DAY),
    to: day(Date.now() + DAY),
    limit: "10000",
  });
}

postgresTest(
  "read worker on PostgreSQL: jobs run in threads with connections of their own",
  async (t, url) => {
    const db = openPostgres(url);
    const reads = new ReadWorker(db);
    try {
      const campaign = createEntity(db, campaignDef, campaignDef.create.parse(buildCampaign()));
      const campaignId = Number(campaign.id);
      seed(db, campaignId, 2_000, 0);
      assert.equal(reads.offThread, true);

      await t.step("a report answers what it answers inline", async () => {
        const query = reportQuery(campaignId, "country");
        const options = { hideProfit: false };
        const answer = await reads.run("report", { query, options });
        assert.deepEqual(answer, runReport(db, query, options));
        assert.equal(answer.totals.clicks, 2_000);
      });
      await t.step("entity list stats (a Map survives the crossing)", async () => {
        const range = { start: Date.now() - 30 * DAY, end: Date.now() + DAY };
        const stats = await reads.run("entityStats", { key: campaignDef.stats!, range });
        assert.ok(stats instanceof Map);
        assert.deepEqual(stats, rawStats(db, campaignDef.stats!, range));
        assert.equal(stats.get(campaignId)?.clicks, 2_000);
      });
      await t.step("a job's HttpError reaches the caller with its status", async () => {
        const formulas = [{
          name: "f_bad",
          label: "Bad",
          expr: "clicks +",
          format: "decimal" as const,
        }];
        const query = { ...reportQuery(campaignId, "country"), formulas };
        const err = await reads.run("report", { query, options: { hideProfit: false } })
          .catch((e) => e);
        assert.ok(err instanceof HttpError, String(err));
        assert.equal(err.status, 400);
      });
      await t.step("each read thread holds its own connection", async () => {
        const query = reportQuery(campaignId, "city");
        // Two at once: both threads of the pool start.
        await Promise.all([
          reads.run("report", { query, options: { hideProfit: false } }),
          reads.run("report", { query, options: { hideProfit: false } }),
        ]);
        const n = Number(
          db.prepare(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()",
          )
            .get()!.n,
        );
        assert.ok(n >= 3, `${n} connections: the server's and two read threads'`);
      });
    } finally {
      reads.close();
      db.close();
    }
  },
);

postgresTest(
  "read worker on PostgreSQL: a long raw report leaves the event loop free",
  async (_t, url) => {
    const db = openPostgres(url);
    const reads = new ReadWorker(db);
    try {
      const campaign = createEntity(db, campaignDef, campaignDef.create.parse(buildCampaign()));
      const campaignId = Number(campaign.id);
      seed(db, campaignId, 2_000, 150); // ~300k clicks
      const query = reportQuery(campaignId, "city,day");
      const options = { hideProfit: false };
      // Inline, the report holds the thread for its whole time.
      const began = performance.now();
      const inline = runReport(db, query, options);
      const inlineMs = performance.now() - began;
      assert.equal(inline.totals.clicks, 302_000);
      // The thread starts (and loads its modules) on the first job.
      await reads.run("entityStats", { key: campaignDef.stats!, range: { start: 0, end: 1 } });

      // In a read thread: timers keep firing while it runs (inline, none could until it ends).
      let gap = 0, ticks = 0;
      let last = performance.now();
      const tick = setInterval(() => {
        const now = performance.now();
        gap = Math.max(gap, now - last);
        last = now;
        ticks++;
      }, 2);
      const threaded = performance.now();
      const answer = await reads.run("report", { query, options });
      const threadedMs = performance.now() - threaded;
      clearInterval(tick);
      assert.deepEqual(answer, inline);
      console.log(
        `by city and day, 302k clicks: inline ${inlineMs.toFixed(0)} ms; in a thread ${
          threadedMs.toFixed(0)
        } ms, longest timer gap ${gap.toFixed(1)} ms, ${ticks} ticks`,
      );
      // Counted, not timed: a starved machine stretches every gap (one took 121 ms at load 14,
      // against 115 ms for the report inline), but an event loop held by the report would have
      // run no timer at all before its answer.
      assert.ok(ticks >= 3, `${ticks} timer ticks while the report ran in a thread`);
    } finally {
      reads.close();
      db.close();
    }
  },
);

postgresTest(
  "read worker on PostgreSQL: the threads' connections end with the server's",
  async (_t, url) => {
    const db = openPostgres(url);
    const reads = new ReadWorker(db);
    const campaign = createEntity(db, campaignDef, campaignDef.create.parse(buildCampaign()));
    const range = { start: 0, end: Date.now() };
    await reads.run("entityStats", { key: campaignDef.stats!, range });
    assert.equal(Number(campaign.id) > 0, true);
    db.close();
    // The read worker closed with the bridge: a job now is refused.
    const err = await reads.run("entityStats", { key: campaignDef.stats!, range }).catch((e) => e);
    assert.ok(err instanceof HttpError && err.status === 503, String(err));
    // The threads' sessions end: only the one that counts them is left.
    const other = new PgBridge(url);
    try {
      const others = "SELECT count(*) AS n FROM pg_stat_activity " +
        "WHERE datname = current_database() AND pid <> pg_backend_pid()";
      await waitFor(() => Number(other.prepare(others).get()!.n) === 0, {
        message: "the read threads' connections never ended",
      });
    } finally {
      other.close();
    }
  },
);
