/**
 * Raw reads in pieces (decision 111): a raw report over a SQLite file runs as
 * short read transactions with a break between two, so that a long scan never
 * pins the WAL. PostgreSQL reads raw rows in one query instead (decision 172).
 */
import type { Db } from "../db/connection.ts";
import { clickIdBound, clickIdTime } from "../tracking/click_id.ts";
import { READ_PIECES, readBreak } from "../reads/breaks.ts";
import { SUMS } from "./rollup_schema.ts";
import { fillRates, NoteSink, type RateNotes } from "../currency/report_rates.ts";
import type { SumsRow, SumsSpec } from "./query.ts";

type Sums = { rows: SumsRow[]; source: string; rates: RateNotes };

/**
 * The raw sums of `spec` read in time pieces of about `READ_PIECES.pieceMs`
 * each, every piece its own read transaction, with a `readBreak()` between
 * two: a snapshot pins every WAL frame written after it, and at full click
 * speed (~20 MB of WAL a second) a raw scan of seconds would grow the WAL past
 * its bound (decision 111). Pieces cut at click times (ids are time-ordered)
 * and conversions are cut at the same times, so every row is summed once, as
 * it was when its piece was read; sums add up across pieces.
 */
export function rawInPieces(
  db: Db,
  spec: SumsSpec,
  readPiece: (piece: SumsSpec, notes: NoteSink) => Sums,
): Sums {
  const notes = new NoteSink();
  fillRates(db, spec, notes);
  const merged = new Map<string, SumsRow>();
  let source = "raw";
  for (let start = spec.start; start < spec.end;) {
    const began = performance.now();
    let end = spec.end;
    db.exec("BEGIN");
    try {
      end = pieceEnd(db, start, spec.end, READ_PIECES.rows);
      const piece = readPiece({ ...spec, start, end }, notes);
      source = piece.source;
      for (const row of piece.rows) {
        const key = JSON.stringify(row.values);
        const into = merged.get(key);
        if (!into) merged.set(key, row);
        else for (const s of SUMS) into.sums[s] += row.sums[s];
      }
    } finally {
      db.exec("COMMIT");
    }
    start = end;
    const ms = Math.max(1, performance.now() - began);
    const { rows, minRows, maxRows, pieceMs } = READ_PIECES;
    // A last piece held fewer rows than asked: its time says nothing about more.
    const grow = end < spec.end ? 2 : 1;
    READ_PIECES.rows = Math.min(
      maxRows,
      Math.max(minRows, Math.round(rows * Math.min(grow, pieceMs / ms))),
    );
    if (start < spec.end) readBreak();
  }
  const all = [...merged.values()];
  return {
    // As `HAVING` does for one query: a group whose sums are all zero is no row.
    rows: spec.groupBy.length ? all.filter((r) => SUMS.some((s) => r.sums[s] !== 0)) : all,
    source,
    rates: notes.result(spec.currency ?? ""),
  };
}

/** The end of the piece from `start` holding at most `rows` clicks (by the click ids' index). */
function pieceEnd(db: Db, start: number, end: number, rows: number): number {
  const next = db.prepare(
    "SELECT id FROM clicks WHERE id >= ? AND id < ? ORDER BY id LIMIT 1 OFFSET ?",
  ).get(clickIdBound(db, start), clickIdBound(db, end), rows);
  if (!next) return end;
  return Math.min(end, Math.max(start + 1, clickIdTime(String(next.id))));
}
