/**
 * Report reads on their own connection in a Worker (DESIGN §4), so a long
 * stats query never stalls a redirect on the main thread. The worker also
 * runs the WAL checkpoints: the main connection turns automatic checkpoints
 * off (each one fsyncs, ~50–100 ms here, inside whichever commit crossed the
 * threshold), and the worker copies the WAL back every second instead.
 *
 * In-memory databases (tests) cannot be shared with another thread: reads
 * then run on the main connection.
 */
import type { SQLInputValue } from "node:sqlite";
import type { Db } from "./connection.ts";

type Row = Record<string, unknown>;
type Pending = { resolve: (rows: Row[]) => void; reject: (err: Error) => void };

/** How often the worker checkpoints the WAL. */
const CHECKPOINT_MS = 1000;

/** Reads for reports and list stats. */
export class ReadWorker {
  #worker: Worker | null = null;
  #pending = new Map<number, Pending>();
  #next = 1;

  constructor(readonly db: Db) {
    const path = db.location();
    if (!path) return;
    db.exec("PRAGMA wal_autocheckpoint = 0");
    this.#worker = new Worker(import.meta.url, { type: "module" });
    this.#worker.onmessage = (e: MessageEvent<{ id: number; rows?: Row[]; error?: string }>) => {
      const p = this.#pending.get(e.data.id);
      this.#pending.delete(e.data.id);
      if (e.data.error !== undefined) p?.reject(new Error(e.data.error));
      else p?.resolve(e.data.rows ?? []);
    };
    this.#worker.postMessage({ open: path, checkpointMs: CHECKPOINT_MS });
  }

  /** Whether reads leave the main thread. */
  get offThread(): boolean {
    return this.#worker !== null;
  }

  /** Rows of one read-only query. */
  all(sql: string, params: SQLInputValue[] = []): Promise<Row[]> {
    if (!this.#worker) {
      try {
        return Promise.resolve(this.db.prepare(sql).all(...params));
      } catch (err) {
        return Promise.reject(err);
      }
    }
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker!.postMessage({ id, sql, params });
    });
  }

  /** Stops the worker; the main connection checkpoints what is left. */
  close(): void {
    if (!this.#worker) return;
    this.#worker.terminate();
    this.#worker = null;
    for (const p of this.#pending.values()) p.reject(new Error("read worker closed"));
    this.#pending.clear();
    this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }
}

// ── inside the worker ──────────────────────────────────────────────────────
type WorkerScope = {
  onmessage: ((e: MessageEvent) => void) | null;
  postMessage: (data: unknown) => void;
};

async function serveReads(scope: WorkerScope) {
  const { DatabaseSync } = await import("node:sqlite");
  let db: InstanceType<typeof DatabaseSync> | null = null;
  scope.onmessage = (e) => {
    const msg = e.data as { open?: string; checkpointMs?: number; id?: number; sql?: string };
    if (msg.open) {
      db = new DatabaseSync(msg.open);
      db.exec("PRAGMA busy_timeout = 5000");
      setInterval(() => {
        try {
          db!.exec("PRAGMA wal_checkpoint(PASSIVE)");
        } catch { /* busy: the next tick tries again */ }
      }, msg.checkpointMs ?? CHECKPOINT_MS);
      return;
    }
    try {
      const rows = db!.prepare(msg.sql!).all(...(e.data.params as SQLInputValue[]));
      scope.postMessage({ id: msg.id, rows });
    } catch (err) {
      scope.postMessage({ id: msg.id, error: (err as Error).message });
    }
  };
}

// A module loaded as a Worker has no `document` and its own global scope.
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== "undefined") {
  await serveReads(globalThis as unknown as WorkerScope);
}
