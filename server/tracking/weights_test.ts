import assert from "node:assert/strict";
import { pickWeighted, seededRandom } from "./weights.ts";

Deno.test("weights: over 100k picks each share converges to its weight within 1%", () => {
  const items = [
    { id: "a", weight: 50 },
    { id: "b", weight: 30 },
    { id: "c", weight: 15 },
    { id: "d", weight: 5 },
    { id: "z", weight: 0 },
    { id: "off", weight: 40, enabled: false },
  ];
  for (const random of [seededRandom(42), Math.random]) {
    const counts = new Map<string, number>();
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const id = pickWeighted(items, random)!.id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const { id, weight } of items.slice(0, 4)) {
      const share = (counts.get(id) ?? 0) / n;
      assert.ok(Math.abs(share - weight / 100) < 0.01, `${id}: ${share} vs ${weight / 100}`);
    }
    assert.equal(counts.get("z"), undefined, "zero weight never picked");
    assert.equal(counts.get("off"), undefined, "disabled never picked");
  }
});

Deno.test("weights: nothing pickable gives null", () => {
  assert.equal(pickWeighted([]), null);
  assert.equal(pickWeighted([{ weight: 0 }, { weight: 5, enabled: false }]), null);
  assert.equal(pickWeighted([{ weight: -3 }, { weight: NaN }, { weight: Infinity }]), null);
});

Deno.test("weights: the edges of the random range land on real items", () => {
  const items = [{ id: 1, weight: 0 }, { id: 2, weight: 1 }, { id: 3, weight: 1 }, {
    id: 4,
    weight: 0,
  }];
  assert.equal(pickWeighted(items, () => 0)!.id, 2);
  assert.equal(pickWeighted(items, () => 0.4999)!.id, 2);
  assert.equal(pickWeighted(items, () => 0.5)!.id, 3);
  assert.equal(pickWeighted(items, () => 0.9999999999999999)!.id, 3);
});

Deno.test("weights: a seeded source repeats its sequence", () => {
  const a = seededRandom(7), b = seededRandom(7);
  for (let i = 0; i < 100; i++) {
    const x = a();
    assert.equal(x, b());
    assert.ok(x >= 0 && x < 1);
  }
});
