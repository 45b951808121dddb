/**
 * Auto-clearing on PostgreSQL (decision 172): old day partitions of `clicks`
 * are dropped whole, the clicks the plan keeps survive, and the click events
 * and changes of the removed clicks go with them; what is left is what SQLite leaves.
 */
import assert from "node:assert/strict";
import { type Db, openDatabase, openPostgres } from "../db/connection.ts";
import { setLogQuiet } from "../log.ts";
import { clickIdPrefix } from "../tracking/click_id.ts";
import { postgresTest } from "../../tests/helpers/postgres.ts";
import { clearClicks, type ClearPlan } from "./auto_clearing.ts";

setLogQuiet(true);

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1, 15);

/** The same clicks, conversions and click events on either store; the ids by name. */
function seed(db: Db): Map<string, string> {
  let serial = 0;
  const ids = new Map<string, string>();
  const click = (name: string, campaign: number | null, ageMs: number) => {
    const ts = NOW - ageMs;
    const id = clickIdPrefix(ts) + String(serial++).padStart(16, "0");
    db.prepare("INSERT INTO clicks (id, ts, campaign_id) VALUES (?, ?, ?)").run(id, ts, campaign);
    db.prepare("INSERT INTO click_events (click_id, n, value, ts) VALUES (?, 1, 1.5, ?)").run(
      id,
      ts,
    );
    db.prepare(
      `INSERT INTO click_changes (click_id, ts, author, field, before, after)
       VALUES (?, ?, '/click/update', 'cost', '0 USD', '1 USD')`,
    ).run(id, ts);
    ids.set(name, id);
  };
  click("a10", 1, 10 * DAY);
  click("a29", 1, 29 * DAY);
  // Either side of the cut, on the day the cut falls in (the batches' part).
  click("a30-before", 1, 30 * DAY - 3600_000);
  click("a30-after", 1, 30 * DAY + 3600_000);
  for (let i = 0; i < 5; i++) click(`a40-${i}`, 1, 40 * DAY + i * 60_000);
  click("a100", 1, 100 * DAY);
  click("a100-converted", 1, 100 * DAY + 1000);
  db.prepare("INSERT INTO conversions (click_id, ts, status) VALUES (?, ?, 'sale')")
    .run(ids.get("a100-converted")!, NOW);
  click("none100", null, 100 * DAY + 2000);
  click("b40", 2, 40 * DAY + 5000);
  click("b100", 2, 100 * DAY + 5000);
  click("c400", 3, 400 * DAY);
  click("c40", 3, 40 * DAY + 7000);
  return ids;
}

const PLAN: ClearPlan = {
  keepDays: 30,
  exceptions: [{ campaignId: 2, keepDays: 60 }, { campaignId: 3, keepDays: null }],
};

/** What a user can see afterwards: the clicks by name, and which have their events. */
function visible(db: Db, ids: Map<string, string>) {
  const names = new Map([...ids].map(([name, id]) => [id, name]));
  const clicks = db.prepare("SELECT id FROM clicks ORDER BY id").all().map((r) =>
    names.get(String(r.id))
  );
  const events = db.prepare("SELECT click_id FROM click_events ORDER BY click_id").all().map((r) =>
    names.get(String(r.click_id))
  );
  const changes = db.prepare("SELECT click_id FROM click_changes ORDER BY click_id").all()
    .map((r) => names.get(String(r.click_id)));
  return { clicks, events, changes };
}

function partitionExists(db: Db, day: number): boolean {
  const row = db.prepare("SELECT CASE WHEN to_regclass(?) IS NULL THEN 0 ELSE 1 END AS e")
    .get(`clicks_${day}`)!;
  return Number(row.e) === 1;
}

postgresTest(
  "auto-clearing on PostgreSQL: old day partitions go whole, the result is SQLite's",
  async (t, url) => {
    const sqlite = openDatabase(":memory:");
    const sqliteIds = seed(sqlite);
    const sqliteRun = await clearClicks(sqlite, PLAN, { now: NOW, batchSize: 2 });
    const expected = visible(sqlite, sqliteIds);
    sqlite.close();

    const db = openPostgres(url);
    try {
      const today = Math.floor(NOW / DAY);
      // Day partitions for the whole seeded span but the oldest click's (it stays in the default one).
      db.prepare("SELECT rotor_click_partitions(?::bigint, ?::bigint)").get(today - 120, today + 1);
      const ids = seed(db);
      assert.ok(partitionExists(db, today - 40) && partitionExists(db, today - 100));
      const run = await clearClicks(db, PLAN, { now: NOW, batchSize: 2 });

      await t.step("the same clicks and events are left as on SQLite", () => {
        assert.deepEqual(visible(db, ids), expected);
        assert.equal(run.deleted, sqliteRun.deleted);
        assert.deepEqual([...expected.clicks].sort(), [
          "a10",
          "a100-converted",
          "a29",
          "a30-before",
          "b40",
          "c40",
          "c400",
        ]);
        // Each click left keeps its event and change; the removed clicks' are gone.
        assert.deepEqual(new Set(expected.events), new Set(expected.clicks));
        assert.deepEqual(new Set(expected.changes), new Set(expected.clicks));
      });
      await t.step(
        "partitions wholly past the cut are gone; newer ones and the cut's day stay",
        () => {
          const older = db.prepare(
            `SELECT count(*) AS n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = 'clicks'::regclass AND c.relname ~ '^clicks_[0-9]+$'
           AND substr(c.relname, 8)::bigint < ?`,
          ).get(today - 31)!.n;
          assert.equal(Number(older), 0, "no day partition older than the cut's day is left");
          assert.ok(partitionExists(db, today - 30), "the day the cut falls in is kept");
          assert.ok(partitionExists(db, today - 10));
        },
      );
      await t.step("the kept old clicks live on, and a second run finds nothing", async () => {
        const kept = db.prepare("SELECT count(*) AS n FROM clicks WHERE ts < ?").get(
          NOW - 31 * DAY,
        )!;
        assert.equal(Number(kept.n), 4); // a100-converted, c400, c40, b40
        const again = await clearClicks(db, PLAN, { now: NOW });
        assert.equal(again.deleted, 0);
        assert.deepEqual(visible(db, ids), expected);
      });
    } finally {
      db.close();
    }
  },
);

postgresTest(
  "auto-clearing on PostgreSQL: a partition whose lock a long read holds is left to the batches",
  async (_t, url) => {
    const db = openPostgres(url);
    const reader = openPostgres(url);
    try {
      const today = Math.floor(NOW / DAY);
      db.prepare("SELECT rotor_click_partitions(?::bigint, ?::bigint)").get(today - 50, today + 1);
      const ids = seed(db);
      // A read transaction holds the partitioned table (as a long report does).
      reader.exec("BEGIN");
      reader.prepare("SELECT count(*) AS n FROM clicks").get();
      const run = await clearClicks(db, { keepDays: 30, exceptions: [] }, { now: NOW });
      reader.exec("COMMIT");
      const left = visible(db, ids).clicks;
      assert.ok(!left.includes("a40-0") && !left.includes("a100"), left.join(", "));
      assert.ok(left.includes("a100-converted"));
      assert.ok(partitionExists(db, today - 40), "the locked partition stays");
      assert.equal(run.deleted, 12); // all but a10, a29, a30-before and a100-converted
    } finally {
      reader.close();
      db.close();
    }
  },
);
