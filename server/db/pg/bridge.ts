/**
 * A synchronous PostgreSQL connection in `node:sqlite`'s shape (decision
 * 172): `prepare(sql).get/all/run` and `exec`, so store functions written for
 * SQLite run unchanged on PostgreSQL. A thread holds the connection; a call
 * posts its query there and waits on `Atomics.wait` until the answer is
 * posted back (~0.2 ms a query on this machine). The click path never calls
 * it: it writes through its own asynchronous pool and reads from caches.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import type { Db, Row, SqlInput, Statement } from "../connection.ts";
import { type KeyOf, toPostgres } from "./dialect.ts";
import { ChangeFeed } from "./changes.ts";

/** What the thread is asked. */
export type BridgeRequest =
  | { kind: "query"; sql: string; params: unknown[] }
  | { kind: "exec"; sql: string }
  /** Start the `LISTEN` connection, posting notifications on `port` (changes.ts). */
  | { kind: "listen"; port: MessagePort; counter: SharedArrayBuffer }
  | { kind: "copy"; sql: string; data: string }
  | { kind: "close" };
/** What it answers. */
export type BridgeAnswer =
  | { ok: true; rows: Row[]; changes: number }
  | { ok: false; message: string; code?: string; detail?: string };

/** A PostgreSQL error with its SQLSTATE (`23505` for a unique violation). */
export class PgError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly detail?: string,
    /** The statement that failed (PostgreSQL's form). */
    readonly sql?: string,
  ) {
    super(message);
    this.name = "PgError";
  }
}

/** Rewritten statements by their SQLite text, with the primary keys each rewrite read. */
const rewritten = new Map<string, { sql: string; keys: Array<[string, string | undefined]> }>();
const REWRITTEN_AT_MOST = 5_000;

/**
 * `toPostgres`, remembered: most statements are prepared again at each call,
 * and a rewrite costs 15–50 µs (a round trip ~200 µs). A remembered one is
 * used while the tables' primary keys it read are the same in this database.
 */
function rewrite(source: string, keyOf: KeyOf): string {
  const known = rewritten.get(source);
  if (known && known.keys.every(([t, k]) => keyOf(t)?.join() === k)) return known.sql;
  const keys: Array<[string, string | undefined]> = [];
  const sql = toPostgres(source, (table) => {
    const key = keyOf(table);
    keys.push([table, key?.join()]);
    return key;
  });
  if (rewritten.size >= REWRITTEN_AT_MOST) rewritten.clear();
  rewritten.set(source, { sql, keys });
  return sql;
}

/** A NUL character in text, as JSON text writes it (not after an escaping backslash). */
const JSON_NUL = /(?<!\\)((?:\\\\)*)\\u0000/g;

/**
 * The values as PostgreSQL takes them: its text holds no NUL character (SQLite's
 * does), nor its jsonb the `\u0000` escape, and either is an error, so a NUL a
 * request carries (a click's token, a name, a search) would answer 500. It is
 * stored, and looked up, as U+FFFD, the replacement character.
 */
export function storable(params: SqlInput[]): SqlInput[] {
  if (!params.some((p) => typeof p === "string" && (p.includes("\0") || p.includes("\\u0000")))) {
    return params;
  }
  return params.map((p) =>
    typeof p === "string" ? p.replaceAll("\0", "\uFFFD").replace(JSON_NUL, "$1\\ufffd") : p
  );
}

/** A prepared statement: the SQL in PostgreSQL's form, run with positional values. */
export class PgStatement implements Statement {
  readonly sql: string;
  constructor(private readonly bridge: PgBridge, source: string) {
    this.sql = rewrite(source, (table) => bridge.keyOf(table));
  }
  all(...params: SqlInput[]): Row[] {
    return this.bridge.call({ kind: "query", sql: this.sql, params: storable(params) }).rows;
  }
  get(...params: SqlInput[]): Row | undefined {
    return this.all(...params)[0];
  }
  run(...params: SqlInput[]): { changes: number } {
    const request = { kind: "query", sql: this.sql, params: storable(params) } as const;
    return { changes: this.bridge.call(request).changes };
  }
  iterate(...params: SqlInput[]): IterableIterator<Row> {
    return this.all(...params)[Symbol.iterator]();
  }
}

/** `ROTOR_PG_DEBUG=1`: a failed statement's error shows its SQL. */
const DEBUG = Deno.env.get("ROTOR_PG_DEBUG") === "1";

/** How long one query may take before the caller gives up (ms). */
const QUERY_LIMIT_MS = 120_000;
/** How long the thread may take to load the driver and connect (ms). */
export const START_LIMIT_MS = 15_000;

/** A URL without its password, for messages and the CLI's status. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.href;
  } catch {
    return "(an invalid URL)";
  }
}

export class PgBridge implements Db {
  readonly #thread: Worker;
  readonly #port: MessagePort;
  readonly #flag: Int32Array;
  #closed = false;
  #inTransaction = false;
  #onClose: (() => void)[] = [];

  constructor(readonly url: string) {
    const signal = new SharedArrayBuffer(4);
    const { port1, port2 } = new MessageChannel();
    this.#flag = new Int32Array(signal);
    this.#port = port1;
    this.#thread = new Worker(new URL("./bridge_thread.ts", import.meta.url), {
      workerData: { url, signal, port: port2 },
      transferList: [port2],
    });
    this.#thread.unref();
    // The thread's first answer says it started: driver loaded, connection made.
    const started = this.#answer(START_LIMIT_MS);
    if (!started?.ok) {
      this.#closed = true;
      this.#port.close();
      void this.#thread.terminate();
      const why = started?.message ??
        `no answer from its thread in ${START_LIMIT_MS} ms (does the import map hold "postgres"?)`;
      throw new PgError(
        `PostgreSQL bridge to ${safeUrl(url)} did not start: ${why}`,
        started?.code,
      );
    }
  }

  /** Waits up to `limitMs` for the thread's next answer; undefined when none came. */
  #answer(limitMs: number): BridgeAnswer | undefined {
    const deadline = performance.now() + limitMs;
    for (;;) {
      const left = deadline - performance.now();
      if (left <= 0) return undefined;
      Atomics.wait(this.#flag, 0, 0, left);
      const received = receiveMessageOnPort(this.#port);
      if (received) return received.message as BridgeAnswer;
      // woken before the message arrived: wait again (the flag stays set, so this spins briefly)
    }
  }

  /** Runs one request and waits for its answer; a failed query throws `PgError`. */
  call(request: BridgeRequest, transfer: MessagePort[] = []): Extract<BridgeAnswer, { ok: true }> {
    if (this.#closed) throw new PgError("the PostgreSQL connection is closed");
    Atomics.store(this.#flag, 0, 0);
    this.#port.postMessage(request, transfer);
    const answer = this.#answer(QUERY_LIMIT_MS);
    if (!answer) throw new PgError(`no answer from PostgreSQL in ${QUERY_LIMIT_MS} ms`);
    if (!answer.ok) {
      const sql = "sql" in request ? request.sql : undefined;
      const message = DEBUG && sql
        ? `${answer.message}\n  in: ${sql.slice(0, 600)}`
        : answer.message;
      throw new PgError(message, answer.code, answer.detail, sql);
    }
    return answer;
  }

  #keys: Map<string, string[]> | undefined;

  /** A table's primary-key columns, as the database has them (read again for a table not seen). */
  keyOf(table: string): string[] | undefined {
    if (!this.#keys?.has(table)) {
      const rows = this.call({
        kind: "query",
        sql: `SELECT c.relname AS t, a.attname AS k FROM pg_index i
          JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS u(attnum, pos) ON true
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = u.attnum
          WHERE i.indisprimary AND n.nspname = 'public' ORDER BY c.relname, u.pos`,
        params: [],
      }).rows;
      this.#keys = new Map();
      for (const r of rows) {
        const list = this.#keys.get(String(r.t)) ?? [];
        list.push(String(r.k));
        this.#keys.set(String(r.t), list);
      }
    }
    return this.#keys.get(table);
  }

  /** Statements in PostgreSQL's form by their SQLite text (a report's is rewritten once, not per run). */
  prepare(sql: string): PgStatement {
    return new PgStatement(this, sql);
  }

  /** Runs statements without values (several may be separated by `;`). */
  exec(sql: string): void {
    const text = rewrite(sql, (table) => this.keyOf(table));
    this.call({ kind: "exec", sql: text });
    const verb = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase();
    if (verb === "BEGIN") this.#inTransaction = true;
    if (verb === "COMMIT" || verb === "ROLLBACK" || verb === "END") this.#inTransaction = false;
  }

  /** Whether a transaction begun with `exec("BEGIN")` is open. */
  get isTransaction(): boolean {
    return this.#inTransaction;
  }

  /** A PostgreSQL database is not a file. */
  location(): string | null {
    return null;
  }

  #changes: ChangeFeed | undefined;

  /**
   * Other nodes' writes (decision 172, "Several nodes"): the first call starts
   * the thread's `LISTEN` connection and waits until it listens.
   */
  changes(): ChangeFeed {
    if (!this.#changes) {
      const counter = new SharedArrayBuffer(4);
      const { port1, port2 } = new MessageChannel();
      this.call({ kind: "listen", port: port2, counter }, [port2]);
      this.#changes = new ChangeFeed(port1, new Int32Array(counter));
    }
    return this.#changes;
  }

  /**
   * Loads `data` (COPY's text format: tab-separated, `\N` for null, a line a
   * row) with `COPY <table> (<columns>) FROM STDIN`, given as `sql` in
   * PostgreSQL's own form.
   */
  copyIn(sql: string, data: string): void {
    this.call({ kind: "copy", sql, data });
  }

  /** Runs `fn` when this connection closes (the read threads end with it). */
  onClose(fn: () => void): void {
    this.#onClose.push(fn);
  }

  /** Ends the connection and the thread. */
  close(): void {
    if (this.#closed) return;
    for (const fn of this.#onClose.splice(0)) fn();
    this.call({ kind: "close" });
    this.#changes?.close();
    this.#closed = true;
    this.#port.close();
    void this.#thread.terminate();
  }
}
