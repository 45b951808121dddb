import assert from "node:assert/strict";
import { CLICK_ID_LENGTH, clickIdTime, isClickId, newClickId } from "./click_id.ts";

Deno.test("click id: URL-safe, fixed length, carries its creation time", () => {
  const now = Date.UTC(2026, 5, 17, 12, 0, 0, 123);
  const id = newClickId(now + 10_000_000); // later than any id made so far in this run
  assert.equal(id.length, CLICK_ID_LENGTH);
  assert.ok(isClickId(id));
  assert.equal(encodeURIComponent(id), id);
  assert.equal(clickIdTime(id), now + 10_000_000);
  assert.ok(!isClickId("short"));
  assert.ok(!isClickId(id.slice(0, -1) + "/"));
});

Deno.test("click id: strings sort in creation order, within and across milliseconds", () => {
  const ids: string[] = [];
  const base = Date.now() + 20_000_000;
  for (let ms = 0; ms < 20; ms++) for (let i = 0; i < 500; i++) ids.push(newClickId(base + ms));
  const sorted = [...ids].sort();
  assert.deepEqual(sorted, ids);
  assert.equal(new Set(ids).size, ids.length);
});

Deno.test("click id: a clock stepping back or a burst over 4096/ms keeps ids increasing", () => {
  const base = Date.now() + 30_000_000;
  const ids = [newClickId(base), newClickId(base - 5000)];
  for (let i = 0; i < 5000; i++) ids.push(newClickId(base));
  assert.deepEqual([...ids].sort(), ids);
  assert.ok(clickIdTime(ids.at(-1)!) >= base + 1);
});

Deno.test("click id: the random part has no visible pattern (≥ 80 bits, all characters used)", () => {
  const seen = new Map<string, number>();
  const base = Date.now() + 40_000_000;
  for (let i = 0; i < 4000; i++) {
    const id = newClickId(base + i);
    for (const ch of id.slice(10)) seen.set(ch, (seen.get(ch) ?? 0) + 1);
  }
  assert.equal(seen.size, 64);
  const counts = [...seen.values()];
  const mean = (4000 * 14) / 64;
  assert.ok(counts.every((n) => Math.abs(n - mean) < mean * 0.25), "characters spread evenly");
  assert.ok(14 * 6 >= 80);
});
