/**
 * Writing currency rates (decision 162): every addition, change and deletion
 * of a rate goes through `putRate` / `deleteRate`, which record it in
 * `currency_rate_changes` with its author, before and after. The report
 * reader (`rates.ts`) reads the same table.
 */
import type {
  CurrencyRate,
  CurrencyRateChange,
  CurrencyRateChangesQuery,
  CurrencyRatesAnswer,
  CurrencyRatesQuery,
  RateOutcome,
  RateSource,
} from "../../contracts/currency_rate.ts";
import type { Db } from "../db/connection.ts";

/** Who changes a rate: a user, or the ECB fetch (no user). */
export type RateActor = { userId: number | null; username: string; source: RateSource };

function toRate(row: Record<string, unknown>): CurrencyRate {
  return {
    currency: String(row.currency),
    day: String(row.day),
    perEur: Number(row.per_eur),
    source: String(row.source) as RateSource,
    updatedAt: Number(row.updated_at),
  };
}

/** The stored rate of one currency on one day, if any. */
export function getRate(db: Db, currency: string, day: string): CurrencyRate | undefined {
  const row = db.prepare("SELECT * FROM currency_rates WHERE currency = ? AND day = ?")
    .get(currency, day);
  return row ? toRate(row) : undefined;
}

/** `WHERE …` of the filters that are set, and their parameters. */
function where(filters: Array<[string, string | undefined]>) {
  const set = filters.filter((f): f is [string, string] => f[1] !== undefined);
  return {
    sql: set.length ? `WHERE ${set.map(([clause]) => clause).join(" AND ")}` : "",
    params: set.map(([, value]) => value),
  };
}

/** Rates matching the filters, newest day first, one page. */
export function listRates(db: Db, query: CurrencyRatesQuery): CurrencyRatesAnswer {
  const w = where([
    ["currency = ?", query.currency],
    ["day >= ?", query.from],
    ["day <= ?", query.to],
  ]);
  const total = db.prepare(`SELECT count(*) AS n FROM currency_rates ${w.sql}`).get(...w.params);
  const rows = db.prepare(
    `SELECT * FROM currency_rates ${w.sql} ORDER BY day DESC, currency LIMIT ? OFFSET ?`,
  ).all(...w.params, query.limit, query.offset);
  return { items: rows.map(toRate), total: Number(total?.n ?? 0) };
}

/** What storing `perEur` would do to the rate stored now. */
export function outcomeOf(before: CurrencyRate | undefined, perEur: number): RateOutcome {
  if (!before) return "added";
  return before.perEur === perEur ? "unchanged" : "changed";
}

/** Stores one rate, given the rate stored now; answers what it did. */
export type RatePut = (
  rate: { currency: string; day: string; perEur: number },
  before: CurrencyRate | undefined,
) => RateOutcome;

/**
 * Writes rates as `actor`, its statements prepared once (a feed holds up to
 * ~200k rates; call inside one transaction). The same value from another
 * source takes the rate over (a manual rate is then kept from the ECB fetch)
 * without a history row, since no figure moved.
 */
export function rateWriter(db: Db, actor: RateActor): RatePut {
  const upsert = db.prepare(
    `INSERT INTO currency_rates (currency, day, per_eur, source, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (currency, day) DO UPDATE SET
       per_eur = excluded.per_eur, source = excluded.source, updated_at = excluded.updated_at`,
  );
  const change = db.prepare(
    `INSERT INTO currency_rate_changes (ts, user_id, username, source, currency, day, before, after)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return (rate, before) => {
    const outcome = outcomeOf(before, rate.perEur);
    if (outcome === "unchanged" && before?.source === actor.source) return outcome;
    const now = Date.now();
    upsert.run(rate.currency, rate.day, rate.perEur, actor.source, now);
    if (outcome === "unchanged") return outcome;
    const { userId, username, source } = actor;
    const was = before?.perEur ?? null;
    change.run(now, userId, username, source, rate.currency, rate.day, was, rate.perEur);
    return outcome;
  };
}

/** Adds or replaces one rate. */
export function putRate(
  db: Db,
  rate: { currency: string; day: string; perEur: number },
  actor: RateActor,
): RateOutcome {
  return rateWriter(db, actor)(rate, getRate(db, rate.currency, rate.day));
}

/** The stored rates of the days `from`–`to` (inclusive), by `CUR day`. */
export function ratesBetween(db: Db, from: string, to: string): Map<string, CurrencyRate> {
  const rows = db.prepare("SELECT * FROM currency_rates WHERE day BETWEEN ? AND ?").all(from, to);
  return new Map(rows.map((r) => [`${r.currency} ${r.day}`, toRate(r)]));
}

/** Deletes one rate; the deleted rate, or undefined when there was none. */
export function deleteRate(
  db: Db,
  key: { currency: string; day: string },
  actor: RateActor,
): CurrencyRate | undefined {
  const before = getRate(db, key.currency, key.day);
  if (!before) return undefined;
  const { currency, day } = key;
  const { userId, username, source } = actor;
  db.prepare("DELETE FROM currency_rates WHERE currency = ? AND day = ?").run(currency, day);
  db.prepare(
    `INSERT INTO currency_rate_changes (ts, user_id, username, source, currency, day, before, after)
     VALUES (?, ?, ?, ?, ?, ?, ?, NULL)`,
  ).run(Date.now(), userId, username, source, currency, day, before.perEur);
  return before;
}

/** Recorded changes, newest first. */
export function listChanges(db: Db, query: CurrencyRateChangesQuery): CurrencyRateChange[] {
  const w = where([["currency = ?", query.currency], ["day = ?", query.day]]);
  const rows = db.prepare(
    `SELECT * FROM currency_rate_changes ${w.sql} ORDER BY id DESC LIMIT ? OFFSET ?`,
  ).all(...w.params, query.limit, query.offset);
  return rows.map((r) => ({
    id: Number(r.id),
    ts: Number(r.ts),
    userId: r.user_id === null ? null : Number(r.user_id),
    username: String(r.username),
    source: String(r.source),
    currency: String(r.currency),
    day: String(r.day),
    before: r.before === null ? null : Number(r.before),
    after: r.after === null ? null : Number(r.after),
  }));
}
