/**
 * The click path on PostgreSQL with several nodes on one database (issue 16
 * item 2, decision 172): two click stores ("nodes": a bridge and an
 * asynchronous writer each) click at once on overlapping rollup keys, one
 * stops without writing its sums (a crash) and starts again, uniqueness comes
 * back from a node's own clicks, a failed commit answers without a redirect.
 * Skipped with the reason where PostgreSQL is not installed.
 */
import assert from "node:assert/strict";
import { postgresTest } from "../../tests/helpers/postgres.ts";
import { openPostgres } from "../db/connection.ts";
import { PgBridge } from "../db/pg/bridge.ts";
import type { Db } from "../db/connection.ts";
import { querySums, type SumsSpec } from "../reports/query.ts";
import { parseConfig } from "../config.ts";
import { createDeps } from "../deps.ts";
import { createApp } from "../app.ts";
import { clickIdTime, newClickId } from "./click_id.ts";
import { type ClickRow, ClickStore } from "./click_store.ts";
import { enrichVisitor } from "./enrich/visitor.ts";
import { TrackingEngine } from "./engine.ts";
import { Uniqueness } from "./uniqueness.ts";

const HOUR = 3_600_000;
const BASE = enrichVisitor({ ip: "8.8.8.8", userAgent: "Mozilla/5.0", now: Date.now() });

function campaigns(db: Db): void {
  for (const id of [1, 2]) {
    db.prepare(
      `INSERT INTO campaigns (id, name, created_at, updated_at, key, cost_model, cost_value,
       destination, uniqueness_hours, bot_policy, postback_url, status)
       VALUES (?, ?, 0, 0, ?, 'cpc', 0, ?, 24, 'flag', '', 'active')`,
    ).run(
      id,
      `Campaign ${id}`,
      `key${id}`,
      JSON.stringify({ type: "url", url: "https://example.com/?c={clickid}" }),
    );
  }
}

/** A click of the `n`th kind: campaigns, countries, offers and agents overlap between nodes. */
function click(n: number, ts = Date.now(), ip = `10.0.${n % 7}.${n % 5}`): ClickRow {
  const id = newClickId(ts);
  return {
    id,
    ts: clickIdTime(id),
    campaignId: 1 + (n % 2),
    trafficSourceId: null,
    rotationId: null,
    rule: n % 3 === 0 ? null : 0,
    path: n % 3 === 0 ? null : 0,
    landingId: null,
    offerId: 1 + (n % 3),
    externalId: null,
    cost: 1_000 + n * 7,
    costCurrency: "USD",
    adClickIds: null,
    visitor: {
      ...BASE,
      ip,
      country: ["US", "DE", "FR"][n % 3],
      isp: n % 4 === 0 ? "" : "Acme",
      userAgent: `ua-${n % 5}`,
      deviceType: n % 2 ? "mobile" : "desktop",
    },
    isUnique: n % 2 === 0,
    isBot: n % 11 === 0,
    botReason: n % 11 === 0 ? "test" : null,
  };
}

const GROUPINGS = [
  [],
  ["day"],
  ["hour", "campaign"],
  ["offer", "rule"],
  ["country", "offer"],
  ["deviceType", "os", "browser"],
];

/** Every grouping's rollup rows equal the raw clicks' (to the micro-unit). */
function rollupsEqualRaw(db: Db, message: string): void {
  for (const groupBy of GROUPINGS) {
    const spec: SumsSpec = {
      subject: { type: "campaign", ids: [1, 2] },
      groupBy,
      filters: [],
      start: Math.floor(Date.now() / HOUR) * HOUR - 48 * HOUR,
      end: Math.floor(Date.now() / HOUR) * HOUR + 2 * HOUR,
      tz: "UTC",
    };
    const rolled = querySums(db, spec);
    assert.match(rolled.source, /^rollup:/);
    const raw = querySums(db, { ...spec, forceRaw: true });
    const rows = (r: typeof raw) => r.rows.map((x) => JSON.stringify([x.values, x.sums])).sort();
    assert.deepEqual(rows(rolled), rows(raw), `${message}: ${groupBy.join(",")}`);
  }
}

/** Clicks written through a store, `count` of them in batches of `batch`, lander clicks among them. */
async function clickMany(store: ClickStore, from: number, count: number, batch = 40, lp = true) {
  const written: ClickRow[] = [];
  for (let i = 0; i < count; i += batch) {
    const writes: Promise<void>[] = [];
    for (let n = from + i; n < from + Math.min(i + batch, count); n++) {
      const row = click(n);
      written.push(row);
      writes.push(store.write({ kind: "click", row }));
    }
    await Promise.all(writes);
    // A lander click-through on one of them (its contribution moves by the triggers).
    if (!lp) continue;
    const some = written[written.length - 1 - (i % batch)];
    await store.write({ kind: "lp", id: some.id, ts: some.ts + 1, offerId: 3 });
  }
  return written;
}

postgresTest(
  "PostgreSQL nodes: two nodes clicking at once keep every rollup equal to the raw clicks, also after one crashed",
  async (t, url) => {
    const dbA = openPostgres(url);
    const dbB = new PgBridge(url);
    campaigns(dbA);
    const a = new ClickStore(dbA, { node: "a" });
    let b = new ClickStore(dbB, { node: "b" });
    let dbB2: PgBridge | null = null;
    try {
      await t.step("concurrent clicks on overlapping keys, flushed", async () => {
        const [ofA, ofB] = await Promise.all([clickMany(a, 0, 400), clickMany(b, 0, 400)]);
        assert.equal(ofA.length + ofB.length, 800);
        a.flushRollups();
        b.flushRollups();
        const nodes = dbA.prepare(
          "SELECT node, count(*) AS n FROM clicks GROUP BY node ORDER BY node",
        )
          .all();
        assert.deepEqual(nodes.map((r) => [r.node, r.n]), [["a", 400], ["b", 400]]);
        rollupsEqualRaw(dbA, "both flushed");
      });

      await t.step("a node dropped without writing its sums rebuilds exactly its own", async () => {
        await Promise.all([clickMany(a, 1000, 200), clickMany(b, 1000, 300)]);
        // Its last clicks are committed, their sums still in memory (flushed a second later).
        b.flushRollups();
        const last = await clickMany(b, 1500, 30, 10, false);
        assert.ok(b.pendingRollup(last.at(-1)!.id), "node b holds sums in memory");
        // Node b "crashes": its connection drops, its sums in memory are gone.
        await b.pg!.kill();
        dbB.close();
        a.flushRollups();
        const tail = dbA.prepare(
          `SELECT count(*) AS n FROM clicks WHERE node = 'b'
         AND id > (SELECT click_id FROM rollup_watermark WHERE node = 'b')`,
        ).get()!.n;
        assert.ok(Number(tail) > 0, "node b left clicks after its watermark");
        // Node a keeps sums in memory while b starts again: b must not count them.
        a.flushRollups();
        const ofA = await clickMany(a, 2000, 30, 10, false);
        assert.ok(a.pendingRollup(ofA.at(-1)!.id), "node a holds sums in memory");
        dbB2 = new PgBridge(url);
        b = new ClickStore(dbB2, { node: "b" });
        a.flushRollups();
        rollupsEqualRaw(dbA, "after node b's restart");
        const marks = dbA.prepare("SELECT node, click_id FROM rollup_watermark ORDER BY node")
          .all();
        for (const node of ["a", "b"]) {
          const newest =
            dbA.prepare("SELECT max(id) AS id FROM clicks WHERE node = ?").get(node)!.id;
          assert.equal(
            marks.find((m) => m.node === node)!.click_id,
            newest,
            `watermark of ${node}`,
          );
        }
      });

      await t.step("any text survives the batch's array literals", async () => {
        const odd = 'quote " backslash \\ comma , braces {} NULL ünï 😀';
        const row = click(7);
        row.visitor = { ...row.visitor, referrer: odd, tokens: { t1: odd, t2: "NULL" } };
        row.externalId = "NULL";
        await a.write({ kind: "click", row });
        const stored = await a.findAsync(row.id);
        assert.deepEqual(stored!.tokens, [odd, "NULL"]);
        assert.equal(stored!.externalId, "NULL");
        assert.equal(
          dbA.prepare("SELECT referrer FROM clicks WHERE id = ?").get(row.id)!.referrer,
          odd,
        );
      });

      await t.step(
        "a failed commit rejects its clicks; the rollups keep only stored ones",
        async () => {
          dbA.exec("ALTER TABLE clicks ADD CONSTRAINT no_clicks CHECK (cost < 0) NOT VALID");
          const failed = await Promise.allSettled(
            [0, 1, 2].map((n) => a.write({ kind: "click", row: click(n) })),
          );
          assert.deepEqual(failed.map((r) => r.status), ["rejected", "rejected", "rejected"]);
          dbA.exec("ALTER TABLE clicks DROP CONSTRAINT no_clicks");
          await clickMany(a, 3000, 20);
          a.flushRollups();
          b.flushRollups();
          rollupsEqualRaw(dbA, "after a failed batch");
        },
      );
    } finally {
      await a.settled();
      await a.end();
      await b.settled();
      await b.end();
      dbA.close();
      (dbB2 as PgBridge | null)?.close();
    }
  },
);

postgresTest(
  "PostgreSQL nodes: uniqueness after a restart comes from the node's own clicks",
  async (_t, url) => {
    const db = openPostgres(url);
    campaigns(db);
    const a = new ClickStore(db, { node: "a" });
    const b = new ClickStore(db, { node: "b" });
    try {
      const now = Date.now();
      // Unique clicks: a start remembers visitors by their unique clicks (decision 189).
      await a.write({
        kind: "click",
        row: { ...click(1, now - HOUR, "192.0.2.1"), isUnique: true },
      });
      await b.write({
        kind: "click",
        row: { ...click(1, now - HOUR, "192.0.2.2"), isUnique: true },
      });
      const started = performance.now();
      const memory = new Uniqueness();
      assert.equal(memory.load(db, now, "a"), 1, "node a's one click");
      const ms = performance.now() - started;
      const visit = (ip: string) => ({ campaignId: 2, ip, userAgent: "ua-1", ts: now });
      assert.equal(memory.check(visit("192.0.2.1"), 24 * HOUR), false, "seen by node a");
      assert.equal(
        memory.check(visit("192.0.2.2"), 24 * HOUR),
        true,
        "node b's visitor is new here",
      );
      assert.ok(ms < 5_000, `loaded in ${ms.toFixed(0)} ms`);
    } finally {
      for (const s of [a, b]) {
        await s.settled();
        await s.end();
      }
      db.close();
    }
  },
);

postgresTest(
  "PostgreSQL nodes: a click whose commit fails answers 500 without a redirect",
  async (_t, url) => {
    const db = openPostgres(url);
    campaigns(db);
    const config = { ...parseConfig({}), databaseUrl: url };
    const tracking = new TrackingEngine(db, { node: "web" });
    const app = createApp(createDeps(db, config, { tracking, reads: tracking.reads }));
    const get = (path: string) =>
      Promise.resolve(
        app.request(`http://localhost${path}`, { redirect: "manual" }, {
          remoteAddr: { hostname: "203.0.113.1" },
        }),
      );
    try {
      const ok = await get("/c/key1");
      assert.equal(ok.status, 302);
      db.exec("ALTER TABLE clicks ADD CONSTRAINT no_clicks CHECK (cost < 0) NOT VALID");
      const failed = await get("/c/key1");
      assert.equal(failed.status, 500);
      assert.equal(failed.headers.get("location"), null);
      db.exec("ALTER TABLE clicks DROP CONSTRAINT no_clicks");
      assert.equal((await get("/c/key1")).status, 302);
      assert.equal(db.prepare("SELECT count(*) AS n FROM clicks").get()!.n, 2);
    } finally {
      await tracking.close();
      db.close();
    }
  },
);

postgresTest(
  "PostgreSQL nodes: a change to another node's click waits until that node counted it",
  async (_t, url) => {
    const db = openPostgres(url);
    campaigns(db);
    const a = new ClickStore(db, { node: "a" });
    const b = new ClickStore(db, { node: "b" });
    try {
      a.flushRollups();
      const row = click(3);
      await a.write({ kind: "click", row });
      assert.ok(a.pendingRollup(row.id), "node a holds its sums in memory");
      const began = performance.now();
      setTimeout(() => a.flushRollups(), 300);
      await b.ownerFlushed(row.id);
      const waited = performance.now() - began;
      assert.ok(waited >= 250, `waited ${waited.toFixed(0)} ms for node a's flush`);
      const mark = db.prepare("SELECT click_id FROM rollup_watermark WHERE node = 'a'").get()!;
      assert.ok(String(mark.click_id) >= row.id, "counted before the change");
      // Its own click, or one already counted: no wait.
      const quick = performance.now();
      await a.ownerFlushed(row.id);
      await b.ownerFlushed(row.id);
      assert.ok(performance.now() - quick < 250);
    } finally {
      for (const s of [a, b]) {
        await s.settled();
        await s.end();
      }
      db.close();
    }
  },
);
