import assert from "node:assert/strict";
import { openDatabase } from "./connection.ts";
import { CACHED_STATEMENTS, SqliteDb } from "./sqlite.ts";
import { campaignReport, clickIdOf, NETWORK_IP, trackingApp } from "../tracking/testing.ts";

Deno.test("SqliteDb: one statement per SQL text; each loop over rows gets its own", () => {
  const db = new SqliteDb(":memory:");
  db.exec("CREATE TABLE t (a INTEGER)");
  const insert = "INSERT INTO t (a) VALUES (?)";
  for (let i = 1; i <= 3; i++) db.prepare(insert).run(i);
  assert.equal(db.prepare(insert), db.prepare(insert));
  assert.equal(db.cachedStatements, 1);
  // The same SQL inside a loop over it: both loops see every row.
  const select = "SELECT a FROM t ORDER BY a";
  const pairs: string[] = [];
  for (const outer of db.prepare(select).iterate()) {
    for (const inner of db.prepare(select).iterate()) pairs.push(`${outer.a}${inner.a}`);
  }
  assert.deepEqual(pairs, ["11", "12", "13", "21", "22", "23", "31", "32", "33"]);
  assert.deepEqual(db.prepare(select).all().map((r) => r.a), [1, 2, 3]);
  assert.throws(() => db.prepare("SELECT nope FROM t"), /no such column/);
  // SQL built from input cannot grow the cache past its limit.
  for (let i = 0; i < CACHED_STATEMENTS + 10; i++) db.prepare(`SELECT ${i} AS n`).get();
  assert.ok(db.cachedStatements <= CACHED_STATEMENTS, `${db.cachedStatements} statements held`);
  db.close();
});

Deno.test("repeated clicks, postbacks, lists and reports prepare no new statements", async () => {
  const db = openDatabase(":memory:");
  assert.ok(db instanceof SqliteDb, "the server's connection prepares each SQL once");
  const s = await trackingApp({ db });
  let txid = 0;
  const round = async () => {
    const id = clickIdOf(await s.click());
    const postback = await s.app.request(
      `/postback?token=s3cr3t-token&clickid=${id}&status=approved&txid=T${++txid}`,
      { ip: NETWORK_IP },
    );
    assert.equal(postback.status, 200);
    for (const path of ["/api/offers", "/api/campaigns", `/api/offers/${s.offerIds[txid % 2]}`]) {
      assert.equal((await s.api.get(path)).status, 200, path);
    }
    await campaignReport(s, { groupBy: "offer" });
    s.app.deps.tracking.clicks.flushRollups();
  };
  await round();
  await round();
  const warm = db.cachedStatements;
  assert.ok(warm > 20, `${warm} statements`);
  for (let i = 0; i < 5; i++) await round();
  assert.equal(db.cachedStatements, warm, "statements prepared per request");
  await s.app.deps.tracking.close();
});
