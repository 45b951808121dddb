/**
 * Other nodes' writes, as this node learns them (decision 172, "Several
 * nodes"). Triggers on every table a node caches send
 * `pg_notify('rotor_changes', '<table>:<key>')` when a write commits
 * (`pg_migrations/003_nodes.sql`); the bridge's thread holds the `LISTEN`
 * connection (`change_listener.ts`) and posts each payload here, counting them
 * in shared memory. `poll()` costs one `Atomics.load` when nothing came, so the
 * click path can look on every click without waiting on anything; a lost
 * connection is made again and then reported as table `*` (drop everything:
 * notifications sent while it was away are gone).
 */
import { type MessagePort, receiveMessageOnPort } from "node:worker_threads";
import { logEvent } from "../../log.ts";

/** The channel the triggers notify on. */
export const CHANGES_CHANNEL = "rotor_changes";

/** What a listener is told: the table written (or `*`: anything may have changed) and the row's key. */
export type ChangeListener = (table: string, key: string) => void;

/** The notifications of one node's database, delivered to its caches when they look. */
export class ChangeFeed {
  #received = 0;
  readonly #listeners = new Set<ChangeListener>();

  constructor(private readonly port: MessagePort, private readonly counter: Int32Array) {}

  /** Calls `fn` for every change delivered from now on; answers the unsubscribe. */
  onChange(fn: ChangeListener): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }

  /** Delivers the notifications that arrived since the last look (none: one atomic read). */
  poll(): void {
    if (Atomics.load(this.counter, 0) === this.#received) return;
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
      this.#received++;
      const text = String(m.message);
      const at = text.indexOf(":");
      const table = at < 0 ? text : text.slice(0, at);
      const key = at < 0 ? "" : text.slice(at + 1);
      for (const fn of this.#listeners) {
        try {
          fn(table, key);
        } catch (err) {
          logEvent("error", "change_listener_failed", { table, message: String(err) });
        }
      }
    }
    // A counted message not yet receivable is taken on the next look.
  }

  /** Stops taking notifications. */
  close(): void {
    this.#listeners.clear();
    this.port.close();
  }
}
