/**
 * Rows of one INSERT, sent many at a time: `INSERT … VALUES (…), (…), …`.
 * Each statement call through node:sqlite costs ~1.3 µs before SQLite does any
 * work, as much as the insert itself, so the click writer sends its rows in
 * groups of up to `MAX_ROWS` (statements prepared once per group size).
 */
import type { SqlInput, Statement } from "../db/connection.ts";
import type { Db } from "../db/connection.ts";

/** Rows per statement at most (SQLite allows 32766 parameters). */
const MAX_ROWS = 16;

/** Buffers rows for `head VALUES (row), … tail` and runs them in groups. */
export class MultiRowInsert {
  readonly #statements: (Statement | undefined)[] = [];
  #values: SqlInput[] = [];
  #rows = 0;

  /**
   * @param head `INSERT INTO t (a, b, …)`
   * @param row one row's values, like `(?, ?, 0)`
   * @param tail what follows the rows (`ON CONFLICT …`), or ""
   */
  constructor(readonly db: Db, readonly sql: { head: string; row: string; tail: string }) {}

  #statement(rows: number): Statement {
    let s = this.#statements[rows];
    if (!s) {
      const { head, row, tail } = this.sql;
      s = this.db.prepare(`${head} VALUES ${Array(rows).fill(row).join(", ")} ${tail}`);
      this.#statements[rows] = s;
    }
    return s;
  }

  /** Adds one row (`width` values); runs a full group at once. */
  add(...values: SqlInput[]): void {
    for (let i = 0; i < values.length; i++) this.#values.push(values[i]);
    if (++this.#rows === MAX_ROWS) this.flush();
  }

  /**
   * Adds one row by letting `fill` push its values into the statement's list
   * (no array or spread a row); runs a full group at once.
   */
  addWith<A, B, C>(fill: (out: SqlInput[], a: A, b: B, c: C) => void, a: A, b: B, c: C): void {
    fill(this.#values, a, b, c);
    if (++this.#rows === MAX_ROWS) this.flush();
  }

  /** Runs the rows added since the last flush. */
  flush(): void {
    if (this.#rows === 0) return;
    const values = this.#values;
    const rows = this.#rows;
    this.#values = [];
    this.#rows = 0;
    this.#statement(rows).run(...values);
  }

  /** Forgets buffered rows (their transaction rolled back). */
  clear(): void {
    this.#values = [];
    this.#rows = 0;
  }
}
