/**
 * Raw reads in pieces (decision 111): outside a transaction, a raw read runs
 * as many short read transactions with a break between two; its sums, rows
 * and rate notes are those of the one query a transaction runs.
 */
import assert from "node:assert/strict";
import type { Db } from "../db/connection.ts";
import { TEST_STORE, testDatabase } from "../../tests/helpers/api.ts";
import { READ_PIECES, setReadBreak } from "../reads/breaks.ts";
import { querySums, type SumsSpec } from "./query.ts";
import { insertTestCampaigns, insertTestClick, insertTestConversion } from "./testing.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.parse("2024-06-03T00:00:00Z");

/** Three days of clicks of campaigns 1 and 2 in three currencies (one without a rate), sales. */
function traffic(db: Db): void {
  insertTestCampaigns(db, [1, 2]);
  db.prepare(
    `INSERT INTO currency_rates (currency, day, per_eur, source, updated_at)
     VALUES ('USD', '2020-01-01', 2, 'manual', 0)`,
  ).run();
  const ids: string[] = [];
  for (let i = 0; i < 60; i++) {
    ids.push(insertTestClick(db, {
      ts: START + i * 70 * 60_000,
      campaignId: 1 + (i % 2),
      country: ["US", "DE", "FR", ""][i % 4],
      city: ["LA", "Berlin", "Paris", ""][i % 4],
      cost: (i % 4) / 100,
      costCurrency: ["USD", "EUR", "GBP"][i % 3],
      isUnique: i % 2 === 0,
      isBot: i % 11 === 0,
    }));
  }
  for (let i = 0; i < 60; i += 4) {
    insertTestConversion(db, {
      clickId: ids[i],
      ts: START + (i + 30) * 70 * 60_000,
      status: ["lead", "sale"][i % 2],
      payout: 1.5 * (i % 3),
      currency: ["USD", "EUR"][i % 2],
      txid: `t${i}`,
    });
  }
}

/** `querySums` in one read transaction: one query, no pieces. */
function whole(db: Db, spec: SumsSpec) {
  db.exec("BEGIN");
  try {
    return querySums(db, spec);
  } finally {
    db.exec("COMMIT");
  }
}

function sorted(rows: ReturnType<typeof querySums>["rows"]) {
  return rows.map((r) => JSON.stringify([r.values, r.sums])).sort();
}

Deno.test("raw reads in pieces: the sums, rows and notes of the one query", () => {
  const db = testDatabase();
  traffic(db);
  const saved = { ...READ_PIECES };
  let breaks = 0;
  setReadBreak(() => {
    assert.equal(db.isTransaction, false, "a break comes between read transactions");
    breaks++;
  });
  Object.assign(READ_PIECES, { rows: 3, minRows: 1, maxRows: 4 });
  try {
    const base = {
      filters: [],
      start: START + 30 * 60_000, // not hour-aligned: raw rows (also without forceRaw)
      end: START + 4 * DAY,
      currency: "USD",
    };
    const specs: SumsSpec[] = [
      { ...base, subject: { type: "campaign", ids: [1, 2] }, groupBy: ["country"], tz: "UTC" },
      { ...base, subject: { type: "campaign", ids: [1] }, groupBy: ["day", "city"], tz: "UTC" },
      {
        ...base,
        subject: { type: "campaign", ids: [1, 2] },
        groupBy: ["day"],
        tz: "America/New_York",
        attribution: "click",
      },
      { ...base, subject: { type: "campaign", ids: [1, 2] }, groupBy: [], tz: "UTC" },
      {
        ...base,
        subject: { type: "campaign", ids: [2] },
        groupBy: ["country"],
        filters: [{ dim: "country", op: "is", values: ["DE"] }],
        tz: "UTC",
      },
    ];
    for (const spec of specs) {
      const before = breaks;
      const pieces = querySums(db, spec);
      // PostgreSQL reads raw rows in one repeatable-read query: pieces are SQLite's, for its WAL.
      if (TEST_STORE === "sqlite") {
        assert.ok(breaks - before >= 10, `${spec.groupBy}: read in pieces (${breaks - before})`);
      } else assert.equal(breaks - before, 0, `${spec.groupBy}: one query on PostgreSQL`);
      const one = whole(db, spec);
      assert.ok(one.rows.length > 0, `${spec.groupBy}: rows to compare`);
      assert.deepEqual(sorted(pieces.rows), sorted(one.rows), spec.groupBy.join(","));
      assert.equal(pieces.source, one.source);
      assert.deepEqual(pieces.rates, one.rates);
    }
    // A range without clicks: the one query's answer (a zero total row, no groups).
    const empty = { ...specs[3], start: START - 9 * DAY, end: START - 8 * DAY };
    assert.deepEqual(querySums(db, empty).rows, whole(db, empty).rows);
    assert.deepEqual(querySums(db, { ...empty, groupBy: ["country"] }).rows, []);
  } finally {
    Object.assign(READ_PIECES, saved);
    setReadBreak(() => {});
    db.close();
  }
});
