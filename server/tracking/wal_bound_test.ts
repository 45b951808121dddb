/**
 * The WAL stays bounded while clicks keep coming (decision 111): many batches
 * through the real click writer on a file database, the checkpoint thread
 * running beside it. Count-based: the writer never stops for long, and the
 * WAL file is checked after every batch.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openDataDir } from "../db/connection.ts";
import { WAL_PAUSE_BYTES } from "../reads/worker.ts";
import { setLogQuiet } from "../log.ts";
import { newClickId } from "./click_id.ts";
import { TrackingEngine } from "./engine.ts";
import { enrichVisitor } from "./enrich/visitor.ts";

setLogQuiet(true);

/** What the test asserts: the ceiling, four times the size that triggers a pause. */
const WAL_LIMIT = 64 * 1024 * 1024;

Deno.test({
  name: "WAL: stays under its limit through many batches written back to back",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "rotor-wal-" });
    const db = openDataDir(dir);
    db.exec(
      `INSERT INTO campaigns (id, name, created_at, updated_at, key, cost_model, cost_value,
        destination, uniqueness_hours, bot_policy, postback_url, status)
       VALUES (1, 'C', 0, 0, 'k1', 'cpc', 0, '{}', 24, 'flag', '', 'active')`,
    );
    const engine = new TrackingEngine(db);
    const visitor = enrichVisitor({ ip: "8.8.8.8", userAgent: "Mozilla/5.0", now: Date.now() });
    // A long referrer makes each click ~2 KB, so a few hundred batches write far more WAL than
    // the limit: without checkpoints that complete, the file would pass it several times over.
    const referrer = `https://ref.example.com/${"r".repeat(2000)}`;
    const wal = join(dir, "rotor.db-wal");
    let written = 0;
    let largest = 0;
    await engine.reads.checkpointsReady;
    try {
      for (let batch = 0; batch < 1500 && (batch < 300 || engine.reads.pauses < 3); batch++) {
        const writes: Promise<void>[] = [];
        for (let i = 0; i < 100; i++) {
          const id = newClickId();
          writes.push(engine.clicks.write({
            kind: "click",
            row: {
              id,
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
