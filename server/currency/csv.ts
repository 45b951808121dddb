/**
 * Currency rates from a CSV (decision 162): rows `day, currency, per_eur`,
 * optionally under a header naming those columns (in any order). Every row is
 * checked first; the file is stored in one transaction, and only when no row
 * is refused and it is not a dry run.
 */
import {
  type CurrencyRateCsvAnswer,
  type CurrencyRateCsvInput,
  CurrencyRateInput,
} from "../../contracts/currency_rate.ts";
import { type CsvRow, parseCsv } from "../csv/parse.ts";
import { type Db, transaction } from "../db/connection.ts";
import { HttpError } from "../errors.ts";
import { outcomeOf, type RateActor, ratesBetween, rateWriter } from "./store.ts";
import { unknownCurrencies } from "../validate.ts";

type Column = "day" | "currency" | "perEur";

/** Header names each column answers to. */
const NAMES: Record<string, Column> = {
  day: "day",
  date: "day",
  currency: "currency",
  per_eur: "perEur",
  pereur: "perEur",
  rate: "perEur",
};
const ORDER: Column[] = ["day", "currency", "perEur"];
const NUMBER = /^\d+(\.\d+)?([eE][-+]?\d+)?$/;

function bad(message: string): HttpError {
  return new HttpError(400, "VALIDATION_ERROR", `CSV: ${message}`);
}

/** The columns a header row names, or null when the row is data. */
function headerColumns(cells: string[]): Column[] | null {
  const names = cells.map((c) => c.trim().toLowerCase().replace(/\s+/g, "_"));
  if (names.some((n) => /^\d/.test(n))) return null;
  const columns = names.map((n) => {
    const column = NAMES[n];
    if (!column) throw bad(`unknown column '${n}' in the header; expected day, currency, per_eur`);
    return column;
  });
  for (const column of ORDER) {
    if (columns.filter((c) => c === column).length !== 1) {
      throw bad("the header must name day, currency and per_eur once each");
    }
  }
  return columns;
}

/** One row as a rate input, or why not. */
function rowRate(cells: string[], columns: Column[]): CurrencyRateInput {
  if (cells.length !== columns.length) {
    throw new Error(`expected ${columns.length} columns (day, currency, per_eur)`);
  }
  const raw = Object.fromEntries(columns.map((c, i) => [c, cells[i].trim()]));
  if (!NUMBER.test(raw.perEur)) throw new Error(`per_eur '${raw.perEur}' is not a number above 0`);
  const parsed = CurrencyRateInput.safeParse({ ...raw, perEur: Number(raw.perEur) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path[0] === "perEur" ? "per_eur" : String(issue.path[0] ?? "row");
    throw new Error(`${field} ${issue.message}`);
  }
  const unknown = unknownCurrencies(parsed.data)[0];
  if (unknown) throw new Error(`currency ${unknown.message}`);
  return parsed.data;
}

/** Checks every row; stores them all at once when none is refused and `dryRun` is off. */
export function applyRateCsv(
  db: Db,
  input: CurrencyRateCsvInput,
  actor: RateActor,
): CurrencyRateCsvAnswer {
  let parsed;
  try {
    parsed = parseCsv(input.csv);
  } catch (err) {
    throw bad((err as Error).message);
  }
  const columns = parsed.length ? headerColumns(parsed[0].cells) : null;
  const rows = columns ? parsed.slice(1) : parsed;
  if (rows.length === 0) throw bad("no rows");
  const read = readRows(rows, columns ?? ORDER);
  const rates = read.flatMap((r) => "rate" in r ? [r.rate] : []);
  const days = rates.map((r) => r.day).sort();
  const stored = () => ratesBetween(db, days[0] ?? "", days[days.length - 1] ?? "");
  const before = stored();
  const answer: CurrencyRateCsvAnswer = {
    applied: false,
    rows: [],
    added: 0,
    changed: 0,
    unchanged: 0,
  };
  for (const row of read) {
    if (!("rate" in row)) {
      answer.rows.push({ line: row.line, ok: false, error: row.error });
      continue;
    }
    const was = before.get(`${row.rate.currency} ${row.rate.day}`);
    const outcome = outcomeOf(was, row.rate.perEur);
    answer[outcome]++;
    answer.rows.push({
      line: row.line,
      ok: true,
      ...row.rate,
      before: was?.perEur ?? null,
      outcome,
    });
  }
  if (input.dryRun || answer.rows.some((r) => !r.ok)) return answer;
  transaction(db, () => {
    const now = stored();
    const put = rateWriter(db, actor);
    for (const rate of rates) put(rate, now.get(`${rate.currency} ${rate.day}`));
  });
  answer.applied = true;
  return answer;
}

/** Each row as a rate, or why not; a (currency, day) twice is refused on its second line. */
function readRows(rows: CsvRow[], columns: Column[]) {
  const seen = new Map<string, number>();
  return rows.map((row): { line: number; rate: CurrencyRateInput } | {
    line: number;
    error: string;
  } => {
    try {
      const rate = rowRate(row.cells, columns);
      const key = `${rate.currency} ${rate.day}`;
      const twin = seen.get(key);
      if (twin !== undefined) throw new Error(`${key} is also on line ${twin}`);
      seen.set(key, row.line);
      return { line: row.line, rate };
    } catch (err) {
      return { line: row.line, error: (err as Error).message };
    }
  });
}
