import assert from "node:assert/strict";
import { openDatabase } from "../db/connection.ts";
import { migrate } from "../db/migrate.ts";
import { Dictionary } from "./dictionary.ts";

type Place = { country: string; isp: string };
const key = (p: Place) => `${p.country}\t\t\t${p.isp}`;
const row = (p: Place) => [p.country, "", "", p.isp];

function places(): { db: ReturnType<typeof openDatabase>; dict: Dictionary } {
  const db = openDatabase(":memory:");
  migrate(db);
  return { db, dict: new Dictionary(db, "places") };
}

Deno.test("internFor: the same object finds its entry without making the key again", () => {
  const { db, dict } = places();
  const made: string[] = [];
  const keyOf = (p: Place) => {
    made.push(key(p));
    return key(p);
  };
  const us = { country: "US", isp: "Comcast" };
  const first = dict.internFor(us, us, keyOf, row, row);
  assert.equal(dict.internFor(us, us, keyOf, row, row), first);
  assert.deepEqual(made, ["US\t\t\tComcast"], "the key is made once, on the miss");
  // Another object for the same place finds the same stored row by its key.
  const again = { country: "US", isp: "Comcast" };
  assert.equal(dict.internFor(again, again, keyOf, row, row).id, first.id);
  // No object: by key, as intern.
  assert.equal(dict.internFor(undefined, us, keyOf, row, row).id, first.id);
  const de = { country: "DE", isp: "" };
  assert.notEqual(dict.internFor(de, de, keyOf, row, row).id, first.id);
  assert.equal(Number(db.prepare("SELECT count(*) AS n FROM places").get()!.n), 2);
});

Deno.test("internFor: after a rollback the object's entry is learnt again from the table", () => {
  const { db, dict } = places();
  const fr = { country: "FR", isp: "Orange" };
  db.exec("BEGIN");
  const lost = dict.internFor(fr, fr, key, row, row);
  db.exec("ROLLBACK");
  dict.clear();
  db.exec("BEGIN");
  // Another place takes the id the rolled-back row had.
  const de = { country: "DE", isp: "" };
  assert.equal(dict.internFor(de, de, key, row, row).id, lost.id);
  const kept = dict.internFor(fr, fr, key, row, row);
  db.exec("COMMIT");
  const stored = db.prepare("SELECT id FROM places WHERE country = 'FR'").get()!;
  assert.equal(kept.id, Number(stored.id));
  assert.notEqual(kept.id, lost.id);
});
