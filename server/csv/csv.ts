/**
 * CSV export (RFC 4180): fields with a comma, quote, CR or LF are quoted and
 * quotes doubled; lines end in CRLF. A cell a spreadsheet would read as a
 * formula (starting with = + - @, tab or CR) is prefixed with `'` (OWASP CSV
 * injection). Rows are streamed, so a million-row export keeps memory flat.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell's text. Numbers are written as they are (a negative profit stays a number). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** A whole CSV text (small exports and tests). */
export function toCsv(header: readonly string[], rows: Iterable<readonly unknown[]>): string {
  let out = csvLine(header);
  for (const row of rows) out += csvLine(row);
  return out;
}

/**
 * A streamed CSV body: `pages` yields batches of rows; each batch is encoded
 * and sent before the next is read, so only one batch is in memory.
 */
export function csvStream(
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly unknown[])[]> | Iterable<readonly (readonly unknown[])[]>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator =
    (Symbol.asyncIterator in pages
      ? (pages as AsyncIterable<readonly (readonly unknown[])[]>)[Symbol.asyncIterator]()
      : (pages as Iterable<readonly (readonly unknown[])[]>)[Symbol.iterator]()) as
        | AsyncIterator<readonly (readonly unknown[])[]>
        | Iterator<readonly (readonly unknown[])[]>;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(header)));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  }, { highWaterMark: 1 });
}

/** Response headers of a CSV download named `name`. */
export function csvHeaders(name: string): Record<string, string> {
  const safe = name.replace(/[^\w.-]+/g, "_");
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${safe}.csv"`,
    "cache-control": "no-store",
  };
}
