import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { BatchWriter } from "./batch_writer.ts";

function table() {
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)");
  return db;
}

function writerFor(db: DatabaseSync, maxBatch = 500) {
  return new BatchWriter<{ id: number; v: string | null }>(db, {
    maxBatch,
    maxDelayMs: 5,
    insert: (db, rows) => {
      const stmt = db.prepare("INSERT INTO t (id, v) VALUES (?, ?)");
      for (const r of rows) stmt.run(r.id, r.v);
    },
  });
}

const count = (db: DatabaseSync) => Number(db.prepare("SELECT count(*) AS n FROM t").get()?.n);

Deno.test("batch writer: a write resolves only after its row is committed", async () => {
  const db = table();
  const writer = writerFor(db);
  const pending = writer.write({ id: 1, v: "a" });
  assert.equal(count(db), 0, "not yet committed");
  await pending;
  assert.equal(count(db), 1);
  assert.equal(writer.committed, 1);
});

Deno.test("batch writer: concurrent writes share transactions of at most maxBatch rows", async () => {
  const db = table();
  let transactions = 0;
  const writer = new BatchWriter<number>(db, {
    maxBatch: 100,
    insert: (db, rows) => {
      transactions++;
      const stmt = db.prepare("INSERT INTO t (id, v) VALUES (?, 'x')");
      for (const id of rows) stmt.run(id);
    },
  });
  await Promise.all(Array.from({ length: 1000 }, (_, i) => writer.write(i + 1)));
  assert.equal(count(db), 1000);
  assert.ok(transactions >= 10 && transactions <= 20, `${transactions} transactions`);
});

Deno.test("batch writer: a failed batch rejects its writes and commits none of them", async () => {
  const db = table();
  const writer = writerFor(db);
  const results = await Promise.allSettled([
    writer.write({ id: 1, v: "ok" }),
    writer.write({ id: 2, v: null }),
  ]);
  assert.deepEqual(results.map((r) => r.status), ["rejected", "rejected"]);
  assert.equal(count(db), 0);
  await writer.write({ id: 3, v: "later" });
  assert.equal(count(db), 1, "the writer keeps working after a failure");
});

Deno.test("batch writer: close flushes what is queued and refuses more", async () => {
  const db = table();
  const writer = writerFor(db);
  const queued = writer.write({ id: 1, v: "a" });
  writer.close();
  await queued;
  assert.equal(count(db), 1);
  await assert.rejects(writer.write({ id: 2, v: "b" }), /closed/);
});
