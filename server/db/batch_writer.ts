/**
 * Group commit (DESIGN §4 durability rule): rows queue up and are written in
 * one transaction every few milliseconds or every N rows; each `write` resolves
 * only once its row is committed, so a redirect is never sent for a click that
 * could still be lost. A failed batch rejects every write in it.
 */
import type { Db } from "./connection.ts";

export type BatchWriterOptions<Row> = {
  /** Writes the rows; runs inside the batch's transaction. */
  insert: (db: Db, rows: Row[]) => void;
  /** Runs after a batch's transaction rolled back (whatever failed: the insert or the commit). */
  rolledBack?: () => void;
  /** Rows per transaction at most. */
  maxBatch?: number;
  /** How long the first queued row waits for company. */
  maxDelayMs?: number;
};

type Pending<Row> = { row: Row; resolve: () => void; reject: (err: Error) => void };

export class BatchWriter<Row> {
  #queue: Pending<Row>[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  #paused = false;
  /** Rows committed since start, and the time of the last flush (ms), for the monitor. */
  committed = 0;
  lastFlushAt = 0;
  /** Runs after each commit (the read worker checks the WAL's size there). */
  afterCommit: () => void = () => {};

  constructor(readonly db: Db, readonly options: BatchWriterOptions<Row>) {}

  /** How many rows wait for their commit. */
  get depth(): number {
    return this.#queue.length;
  }

  /** Queues a row; resolves when it is committed. */
  write(row: Row): Promise<void> {
    if (this.#closed) return Promise.reject(new Error("writer is closed"));
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ row, resolve, reject });
      if (this.#queue.length >= (this.options.maxBatch ?? 500)) this.flush();
      else this.#timer ??= setTimeout(() => this.flush(), this.options.maxDelayMs ?? 2);
    });
  }

  /**
   * Holds commits (rows keep queueing) until `resume`: the checkpoint thread
   * asks for it when the WAL has grown past its limit (decision 111).
   */
  pause(): void {
    this.#paused = true;
  }

  /** Ends a pause and commits what queued meanwhile. */
  resume(): void {
    this.#paused = false;
    this.flush();
  }

  /** Whether commits are held. */
  get paused(): boolean {
    return this.#paused;
  }

  /** Commits everything queued now (unless paused: then `resume` does). */
  flush(): void {
    if (this.#paused) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#queue.length) {
      const batch = this.#queue.splice(0, this.options.maxBatch ?? 500);
      try {
        this.db.exec("BEGIN IMMEDIATE");
        try {
          this.options.insert(this.db, batch.map((p) => p.row));
          this.db.exec("COMMIT");
        } catch (err) {
          if (this.db.isTransaction) this.db.exec("ROLLBACK");
          this.options.rolledBack?.();
          throw err;
        }
        this.committed += batch.length;
        this.lastFlushAt = Date.now();
        for (const p of batch) p.resolve();
        this.afterCommit();
      } catch (err) {
        for (const p of batch) p.reject(err as Error);
      }
    }
  }

  /** Flushes and refuses further writes (shutdown). */
  close(): void {
    this.#closed = true;
    this.#paused = false;
    this.flush();
  }
}
