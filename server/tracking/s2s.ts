/**
 * The S2S postback sender: a persistent queue (`s2s_queue`) drained by a timer,
 * each send through `safeFetch` (public addresses only, checked at send time;
 * no redirects; 5 s limit). Failures retry with backoff, except a URL that can
 * never succeed (invalid, not a public address), which fails at once; the outcome of the
 * last attempt is written on the conversion. A queued send survives restarts.
 *
 * Several PostgreSQL nodes drain one queue (decision 172, "Several nodes"):
 * each claims its due entries with `FOR UPDATE SKIP LOCKED`, moving their
 * `next_at` a lease ahead in the same statement, so no two nodes send one
 * entry; a node that dies mid-send leaves the entry to come due again when the
 * lease ends (sent at least once, as a crash between a send and its record
 * always allowed).
 */
import { type Db, dialectOf } from "../db/connection.ts";
import { logEvent } from "../log.ts";
import { safeFetch, type SafeFetchOptions } from "./safe_fetch.ts";

/** Options (tests pass a short backoff and allow one loopback port). */
export type S2sOptions = {
  /** Wait before retry n (ms); after the last one the send is given up. */
  backoffMs?: number[];
  /** Sends at once. */
  concurrency?: number;
  /** How often the queue is looked at when nothing kicks it. */
  pollMs?: number;
  fetch?: SafeFetchOptions;
};

/** 30 s, 2 min, 10 min, 1 h, 6 h: then the send is given up (six attempts). */
export const DEFAULT_BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000];

type Due = { id: number; conversion_id: number; url: string; attempts: number };

/** How long a PostgreSQL node's claim on an entry lasts (well past the 5 s send limit). */
export const S2S_LEASE_MS = 120_000;

/** The queue of one database. */
export class S2sQueue {
  #timer: ReturnType<typeof setInterval> | undefined;
  #inFlight = new Map<number, Promise<void>>();
  #backoff: number[];
  /** Sends by this process since start: delivered, and given up (for the monitor). */
  sent = 0;
  givenUp = 0;

  constructor(readonly db: Db, readonly options: S2sOptions = {}) {
    this.#backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  }

  /** Starts polling (the server calls this; tests drain with `runDue`). */
  start(): void {
    this.#timer ??= setInterval(() => void this.runDue(), this.options.pollMs ?? 1000);
    void this.runDue();
  }

  /** A conversion was queued: send without waiting for the next poll (when started). */
  kick(): void {
    if (this.#timer !== undefined) setTimeout(() => void this.runDue(), 0);
  }

  /** Stops polling and waits for sends in flight. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await Promise.all(this.#inFlight.values());
  }

  /** Sends every due entry not already in flight; resolves when they are done. */
  async runDue(now: number = Date.now()): Promise<void> {
    const room = (this.options.concurrency ?? 16) - this.#inFlight.size;
    if (room <= 0) return;
    const due: Due[] = this.#due(now, room).map((row) => ({
      id: Number(row.id),
      conversion_id: Number(row.conversion_id),
      url: String(row.url),
      attempts: Number(row.attempts),
    }));
    const started = due.filter((d) => !this.#inFlight.has(d.id)).slice(0, room).map((d) => {
      const p = this.#send(d).finally(() => this.#inFlight.delete(d.id));
      this.#inFlight.set(d.id, p);
      return p;
    });
    await Promise.all(started);
  }

  /** The entries to send now: on PostgreSQL claimed for this node. */
  #due(now: number, room: number) {
    if (dialectOf(this.db) === "postgres") {
      return this.db.prepare(
        `UPDATE s2s_queue SET next_at = ? WHERE id IN (
           SELECT id FROM s2s_queue WHERE next_at <= ? ORDER BY next_at LIMIT ?
           FOR UPDATE SKIP LOCKED)
         RETURNING id, conversion_id, url, attempts`,
      ).all(now + S2S_LEASE_MS, now, room);
    }
    return this.db.prepare(
      "SELECT id, conversion_id, url, attempts FROM s2s_queue WHERE next_at <= ? ORDER BY next_at LIMIT ?",
    ).all(now, room + this.#inFlight.size);
  }

  async #send(entry: Due): Promise<void> {
    const result = await safeFetch(entry.url, this.options.fetch);
    const attempts = entry.attempts + 1;
    let outcome: string;
    if (result.ok) {
      outcome = `sent ${result.status}`;
      this.sent++;
      this.db.prepare("DELETE FROM s2s_queue WHERE id = ?").run(entry.id);
    } else if (result.permanent || attempts > this.#backoff.length) {
      // An address that can never answer (invalid, not public) is not retried.
      outcome = result.permanent
        ? `failed, not retried: ${result.error}`
        : `failed after ${attempts} attempts: ${result.error}`;
      this.db.prepare("DELETE FROM s2s_queue WHERE id = ?").run(entry.id);
      this.givenUp++;
      logEvent("warn", "s2s_failed", { conversionId: entry.conversion_id, error: result.error });
    } else {
      outcome = `retrying (${attempts}): ${result.error}`;
      this.db.prepare("UPDATE s2s_queue SET attempts = ?, next_at = ? WHERE id = ?")
        .run(attempts, Date.now() + this.#backoff[attempts - 1], entry.id);
    }
    this.db.prepare("UPDATE conversions SET postback_outcome = ? WHERE id = ?")
      .run(outcome.slice(0, 500), entry.conversion_id);
  }

  /** Entries waiting (for the monitor and tests). */
  get depth(): number {
    return Number(this.db.prepare("SELECT count(*) AS n FROM s2s_queue").get()?.n ?? 0);
  }
}
