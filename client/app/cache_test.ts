import assert from "node:assert/strict";
import {
  cacheState,
  expiringCache,
  makeRecord,
  nowSeconds,
  reloadPlan,
  UNUSED_DATA_TTL_MS,
} from "./cached_data.ts";
import {
  checkForUpdates,
  freshRecord,
  monitorObserverStore,
  UPDATE_CACHE_KEY,
} from "./update_check.ts";
import { memoryStore, readJson } from "./storage.ts";

Deno.test("cache: a record expires one hour ahead, in seconds", () => {
  assert.equal(nowSeconds(1_700_000_000_999), 1_700_000_000);
  assert.deepEqual(makeRecord("x", 1000), { data: "x", expiresAt: 4600 });
});

Deno.test("cache: states are absent, expired and valid", () => {
  const record = makeRecord(1, 0);
  assert.equal(cacheState(undefined, 0), "absent");
  assert.equal(cacheState({ nope: 1 }, 0), "absent");
  assert.equal(cacheState(record, 3599), "valid");
  assert.equal(cacheState(record, 3600), "expired");
});

Deno.test("cache: expired is shown and reloaded at once", () => {
  assert.deepEqual(reloadPlan("expired"), { showCached: true, loading: false, reloadAfterMs: 0 });
});

Deno.test("cache: valid is shown and reloaded after the delay (1000 ms, or as told)", () => {
  assert.equal(reloadPlan("valid").reloadAfterMs, 1000);
  assert.equal(reloadPlan("valid", 5000).reloadAfterMs, 5000);
  assert.equal(reloadPlan("valid").showCached, true);
});

Deno.test("cache: absent loads with a visible loading state", () => {
  assert.deepEqual(reloadPlan("absent"), { showCached: false, loading: true, reloadAfterMs: 0 });
});

Deno.test("cache: the query cache drops data unused for 30 minutes", () => {
  let now = 0;
  const cache = expiringCache<string>(UNUSED_DATA_TTL_MS, () => now);
  cache.set("a", "A");
  cache.set("b", "B");
  now = UNUSED_DATA_TTL_MS - 1;
  assert.equal(cache.get("a"), "A");
  now = UNUSED_DATA_TTL_MS + 10;
  assert.equal(cache.get("b"), undefined);
  assert.equal(cache.get("a"), "A");
});

Deno.test("update check: availability is cached one hour with updatedAt", async () => {
  const store = memoryStore();
  let calls = 0;
  const fetchAnswer = () => {
    calls++;
    return Promise.resolve({
      is_available_updates: true,
      current_version: "1",
      latest_version: "2",
      notes: "",
    });
  };
  assert.deepEqual(await checkForUpdates({ store, now: 1000, fetchAnswer }), {
    status: "value",
    available: true,
  });
  await checkForUpdates({ store, now: 1000 + 3_599_999, fetchAnswer });
  assert.equal(calls, 1);
  await checkForUpdates({ store, now: 1000 + 3_600_000, fetchAnswer });
  assert.equal(calls, 2);
  await checkForUpdates({ store, now: 1000 + 3_600_001, fetchAnswer, force: true });
  assert.equal(calls, 3);
  assert.equal(monitorObserverStore.get(), true);
});

Deno.test("update check: checks off (no manifest) stays off when read from the cache", async () => {
  const store = memoryStore();
  let calls = 0;
  const fetchAnswer = () => {
    calls++;
    return Promise.resolve({
      is_available_updates: false,
      current_version: "1",
      latest_version: "1",
      notes: "",
      checks_enabled: false,
    });
  };
  const off = { status: "value", available: false, checksEnabled: false };
  assert.deepEqual(await checkForUpdates({ store, now: 1000, fetchAnswer }), off);
  assert.deepEqual(await checkForUpdates({ store, now: 2000, fetchAnswer }), off);
  assert.equal(calls, 1, "the second answer came from the cache");
  assert.deepEqual(freshRecord(readJson(store, UPDATE_CACHE_KEY), 2000), {
    value: false,
    updatedAt: 1000,
    checksEnabled: false,
  });
});

Deno.test("update check: a failure is logged, becomes an error and disables the monitor observer", async () => {
  const logs: string[] = [];
  const got = await checkForUpdates({
    store: memoryStore(),
    fetchAnswer: () => Promise.reject(new Error("manifest unreachable")),
    log: (m) => logs.push(m),
  });
  assert.deepEqual(got, { status: "error", message: "manifest unreachable" });
  assert.deepEqual(logs, ["manifest unreachable"]);
  assert.equal(monitorObserverStore.get(), false);
});

Deno.test("update check: a malformed or future record is not fresh", () => {
  assert.equal(freshRecord({ value: "yes", updatedAt: 1 }, 2), undefined);
  assert.equal(freshRecord({ value: true, updatedAt: 10 }, 5), undefined);
  assert.equal(memoryStore().getItem(UPDATE_CACHE_KEY), null);
});
