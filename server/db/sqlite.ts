/**
 * A SQLite connection that prepares each SQL text once (decision 177).
 *
 * A statement node:sqlite prepares holds ~2.5 KB outside V8's heap behind a
 * small handle, so the heap never feels it: only a full collection frees it,
 * and finalising many at once holds the thread for seconds. Preparing on
 * every request grew a server by ~30 MB a second under panel traffic (1.3 GB
 * after 40 s) and then stalled it for 17 s. Store code keeps writing
 * `db.prepare(sql).get(…)` where it reads best; this connection answers it
 * from a cache.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";

/** Statements kept per connection; past it the cache starts over (SQL built from input). */
export const CACHED_STATEMENTS = 1000;

export class SqliteDb extends DatabaseSync {
  readonly #statements = new Map<string, StatementSync>();

  /**
   * The statement for `sql`, prepared on its first call. `get`, `all` and
   * `run` finish (and reset) it before they return, so one statement serves
   * every caller; `iterate` is lazy, so each loop gets a statement of its
   * own and a loop may run the same SQL inside it. An error in `sql` is
   * thrown on the first call, as before.
   */
  override prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = super.prepare(sql);
      const own = (...params: SQLInputValue[]) => super.prepare(sql).iterate(...params);
      Object.defineProperty(statement, "iterate", { value: own });
      if (this.#statements.size >= CACHED_STATEMENTS) this.#statements.clear();
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** Statements held now (tests). */
  get cachedStatements(): number {
    return this.#statements.size;
  }
}
