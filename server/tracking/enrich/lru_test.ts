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
