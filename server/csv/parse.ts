/**
 * CSV import (RFC 4180): comma-separated fields, quoted with `"` when they hold
 * a comma, quote or line break (`""` is a quote). Lines end with LF or CRLF;
 * blank lines are skipped. Each row carries its line number for error messages.
 */

/** One parsed row: its cells and the line it starts on (1-based). */
export type CsvRow = { line: number; cells: string[] };

/** Parses `text` into rows; an unterminated quote is an error naming its line. */
export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0].trim() !== "") rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (quoted) throw new Error(`line ${rowLine}: a quoted field is never closed`);
  endRow();
  return rows;
}
