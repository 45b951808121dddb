import assert from "node:assert/strict";
import fc from "fast-check";
import {
  DEFAULT_LIST_STATE,
  listQuery,
  type ListState,
  readListState,
  writeListState,
} from "./list_state.ts";

Deno.test("list state: defaults leave the address clean and foreign keys stay", () => {
  const params = writeListState(new URLSearchParams("auth=abc&sort=name"), DEFAULT_LIST_STATE);
  assert.equal(params.toString(), "auth=abc");
});

Deno.test("list state: sort, filters and dates survive the address", () => {
  const state: ListState = {
    ...DEFAULT_LIST_STATE,
    sort: "clicks",
    order: "asc",
    search: "push us",
    groupId: 7,
    archived: "all",
    range: "custom",
    from: "2024-01-01",
    to: "2024-01-31",
  };
  const params = writeListState(new URLSearchParams(), state);
  assert.equal(
    params.toString(),
    "sort=clicks&order=asc&search=push+us&groupId=7&archived=all&from=2024-01-01&to=2024-01-31",
  );
  assert.deepEqual(readListState(params), state);
});

Deno.test("list state: malformed address values fall back to defaults", () => {
  const state = readListState(
    new URLSearchParams(
      "sort=a;drop&order=up&groupId=x&archived=maybe&range=forever&from=2024-02-01&to=2024-01-01",
    ),
  );
  assert.deepEqual(state, DEFAULT_LIST_STATE);
});

Deno.test("list state: any valid state round-trips through the address", () => {
  const day = fc.date({
    min: new Date("2000-01-01"),
    max: new Date("2099-12-31"),
    noInvalidDate: true,
  })
    .map((d) => d.toISOString().slice(0, 10));
  const states = fc.record({
    sort: fc.constantFrom("id", "name", "clicks", "roi"),
    order: fc.constantFrom("asc", "desc"),
    search: fc.string({ maxLength: 30 }).filter((s) => s.trim() === s),
    groupId: fc.option(fc.integer({ min: 1, max: 1e6 }), { nil: null }),
    archived: fc.constantFrom("false", "true", "all"),
    range: fc.constantFrom(
      "today",
      "yesterday",
      "last7",
      "last30",
      "thisMonth",
      "lastMonth",
      "custom",
    ),
    from: day,
    to: day,
  }).map((s) => {
    const [from, to] = [s.from, s.to].sort();
    return s.range === "custom" ? { ...s, from, to } : { ...s, from: "", to: "" };
  });
  fc.assert(fc.property(states, (state) => {
    assert.deepEqual(
      readListState(writeListState(new URLSearchParams(), state as ListState)),
      state,
    );
  }));
});

Deno.test("list state: the API query carries the preset's days in the user's zone", () => {
  const query = listQuery({ ...DEFAULT_LIST_STATE, range: "yesterday", search: "  " }, {
    timeZone: "America/New_York",
    now: new Date("2024-03-01T02:30:00Z"),
    limit: 100,
  });
  assert.equal(query.from, "2024-02-28");
  assert.equal(query.to, "2024-02-28");
  assert.equal(query.tz, "America/New_York");
  assert.equal(query.search, undefined);
  assert.equal(query.groupId, undefined);
});
