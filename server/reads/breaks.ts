/**
 * Breaks in a long read (decision 111): a read that would hold one snapshot
 * for seconds runs in pieces instead, each its own read transaction, and
 * calls `readBreak()` between two of them, outside any transaction. In a read
 * thread the break lets a waiting WAL checkpoint go first (a snapshot pins
 * every frame written after it, so the WAL cannot start over while one is
 * held); elsewhere it does nothing.
 */

let onBreak: () => void = () => {};

/** Between two pieces of a long read, with no read transaction open. */
export function readBreak(): void {
  onBreak();
}

/** What a break does on this thread (the read threads set it). */
export function setReadBreak(fn: () => void): void {
  onBreak = fn;
}

/**
 * How raw reads are cut (`server/reports/query.ts`): pieces of `rows` clicks,
 * a size each piece adapts so that the next takes about `pieceMs` of wall time
 * (fewer rows on a starved machine: a read thread runs at nice 10), between
 * `minRows` and `maxRows`. The size carries over to the thread's next read.
 */
export const READ_PIECES = { rows: 20_000, minRows: 100, maxRows: 1_000_000, pieceMs: 100 };
