import assert from "node:assert/strict";
import { LruMap } from "./lru.ts";

Deno.test("lru: keeps at most its capacity, evicting the least recently used", () => {
  const lru = new LruMap<string, number>(2);
  lru.set("a", 1);
  lru.set("b", 2);
  assert.equal(lru.get("a"), 1); // a is now more recent than b
  lru.set("c", 3);
  assert.equal(lru.size, 2);
  assert.equal(lru.get("b"), undefined);
  assert.equal(lru.get("a"), 1);
  assert.equal(lru.get("c"), 3);
  lru.set("c", 4);
  assert.equal(lru.size, 2);
  assert.equal(lru.get("c"), 4);
  lru.clear();
  assert.equal(lru.size, 0);
  assert.throws(() => new LruMap(0), RangeError);
});

Deno.test("lru: an entry used in the front half outlives the entries used before it", () => {
  const lru = new LruMap<number, number>(8);
  for (let i = 0; i < 8; i++) lru.set(i, i);
  // 0 is the oldest; used now, it is moved (it was at the back).
  assert.equal(lru.get(0), 0);
  // 7 was set last: used, it stays where it is (the front half).
  assert.equal(lru.get(7), 7);
  for (let i = 8; i < 12; i++) lru.set(i, i); // four new: 1, 2, 3, 4 go
  for (const gone of [1, 2, 3, 4]) assert.equal(lru.get(gone), undefined);
  for (const kept of [0, 5, 6, 7, 8, 9, 10, 11]) assert.equal(lru.get(kept), kept);
  // Every one of them is kept for at least half the capacity of new entries after its use.
  for (let round = 0; round < 50; round++) {
    assert.equal(lru.get(11), 11);
    for (let i = 0; i < 4; i++) lru.set(1000 + round * 4 + i, 0);
    assert.equal(lru.get(11), 11);
  }
  assert.equal(lru.size, 8);
});
