/**
 * The WAL stays bounded while clicks keep coming (decision 111): many batches
 * through the real click writer on a file database, the checkpoint thread
 * running beside it, alone and with raw reports reading in a read thread the
 * whole time. Count-based: the writer never stops for long, and the WAL file
 * is checked after every batch.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ReportQuery } from "../../contracts/report_query.ts";
import { type Db, openDataDir } from "../db/connection.ts";
import { WAL_PAUSE_BYTES } from "../reads/worker.ts";
import { setLogQuiet } from "../log.ts";
import { newClickId } from "./click_id.ts";
import { TrackingEngine } from "./engine.ts";
import { enrichVisitor } from "./enrich/visitor.ts";

setLogQuiet(true);

/** What the test asserts: the ceiling, four times the size that triggers a pause. */
const WAL_LIMIT = 64 * 1024 * 1024;

/** A file database with one campaign, its click engine, and a test's own temp folder. */
async function fileEngine(): Promise<{ dir: string; db: Db; engine: TrackingEngine }> {
  const dir = await Deno.makeTempDir({ prefix: "rotor-wal-" });
  const db = openDataDir(dir);
  db.exec(
    `INSERT INTO campaigns (id, name, created_at, updated_at, key, cost_model, cost_value,
      destination, uniqueness_hours, bot_policy, postback_url, status)
     VALUES (1, 'C', 0, 0, 'k1', 'cpc', 0, '{}', 24, 'flag', '', 'active')`,
  );
  const engine = new TrackingEngine(db);
  await engine.reads.checkpointsReady;
  return { dir, db, engine };
}

/**
 * Writes batches of 100 ~2 KB clicks back to back (at least `minBatches`, then
 * until the WAL restarted three times and `enough()` holds); throws when the WAL file passes
 * `WAL_LIMIT` after a batch. With `batchMs`, a batch starts no sooner than
 * `batchMs` after the one before: a rate cap (a slow machine only writes
 * slower), for a test about the server's real click rates. Returns the bytes
 * of referrers written.
 */
async function writeBatches(
  engine: TrackingEngine,
  dir: string,
  minBatches: number,
  batchMs = 0,
  enough: () => boolean = () => true,
) {
  const visitor = enrichVisitor({ ip: "8.8.8.8", userAgent: "Mozilla/5.0", now: Date.now() });
  // A long referrer makes each click ~2 KB, so a few hundred batches write far more WAL than
  // the limit: without checkpoints that complete, the file would pass it several times over.
  const referrer = `https://ref.example.com/${"r".repeat(2000)}`;
  const wal = join(dir, "rotor.db-wal");
  let written = 0;
  let largest = 0;
  const began = performance.now();
  for (
    let batch = 0;
    batch < 1500 && (batch < minBatches || engine.reads.pauses < 3 || !enough());
    batch++
  ) {
    const wait = began + batch * batchMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 100; i++) {
      writes.push(engine.clicks.write({
        kind: "click",
        row: {
          id: newClickId(),
          ts: Date.now(),
          campaignId: 1,
          trafficSourceId: null,
          rotationId: null,
          rule: null,
          path: null,
          landingId: null,
          offerId: null,
          externalId: null,
          cost: 1000,
          costCurrency: "USD",
          adClickIds: null,
          visitor: { ...visitor, referrer: `${referrer}${i}` },
          isUnique: true,
          isBot: false,
          botReason: null,
        },
      }));
    }
    await Promise.all(writes);
    written += 100 * referrer.length;
    largest = Math.max(largest, (await Deno.stat(wal)).size);
    assert.ok(largest <= WAL_LIMIT, `WAL ${largest} bytes after batch ${batch}`);
  }
  return written;
}

Deno.test({
  name: "WAL: stays under its limit through many batches written back to back",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const { dir, db, engine } = await fileEngine();
    try {
      const written = await writeBatches(engine, dir, 300);
      assert.ok(written > 3 * WAL_PAUSE_BYTES, "the batches wrote several WAL limits' worth");
      assert.ok(engine.reads.pauses >= 3, `the WAL restarted (${engine.reads.pauses} pauses)`);
      const stored = db.prepare("SELECT count(*) AS n FROM clicks").get()!.n;
      assert.equal(stored, engine.clicks.writer.committed, "every acknowledged click is stored");
    } finally {
      await engine.close();
      db.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "WAL: stays under its limit while raw reports read the clicks the whole time",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const { dir, db, engine } = await fileEngine();
    const today = new Date().toISOString().slice(0, 10);
    // Every click of the day from raw rows: a scan that grows with the table (seconds at the
    // end), read in a read thread while the writer goes on.
    const query = ReportQuery.parse({
      subjectType: "campaign",
      subjectIds: "1",
      groupBy: "country",
      from: today,
      to: today,
      tz: "UTC",
    });
    let writing = true;
    let reports = 0;
    let clicksSeen = 0;
    const reading = (async () => {
      while (writing) {
        const answer = await engine.reads.run("report", {
          query,
          options: { hideProfit: false, forceRaw: true },
        });
        assert.equal(answer.source, "raw");
        clicksSeen = Math.max(clicksSeen, answer.totals.clicks);
        reports++;
      }
    })();
    try {
      // 5,000 clicks a second: ~10 MB of referrers, ~20–25 MB of WAL a second, about what the
      // server writes at full speed through HTTP. Unpaced, this writer fills a WAL limit in
      // tens of milliseconds, several times faster than any server.
      // On a starved machine a report takes seconds: the writer goes on until three have run.
      const written = await writeBatches(engine, dir, 400, 20, () => reports >= 3)
        .finally(() => writing = false);
      assert.ok(written > 3 * WAL_PAUSE_BYTES, "the batches wrote several WAL limits' worth");
      await reading;
      assert.ok(reports >= 3, `reports ran (${reports})`);
      assert.ok(clicksSeen > 0, "the reports read the clicks");
      assert.ok(engine.reads.pauses >= 3, `the WAL restarted (${engine.reads.pauses} pauses)`);
      const stored = db.prepare("SELECT count(*) AS n FROM clicks").get()!.n;
      assert.equal(stored, engine.clicks.writer.committed, "every acknowledged click is stored");
    } finally {
      writing = false;
      await reading.catch(() => {});
      await engine.close();
      db.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
