/**
 * The few places where Rotor's SQL differs between SQLite and PostgreSQL
 * (decision 172). Statements are written once; this turns SQLite's forms
 * into PostgreSQL's as they are prepared.
 */

/** Ends of the spans whose text is not SQL: strings, quoted names, comments. */
const SKIP: Record<string, string> = { "'": "'", '"': '"', "--": "\n", "/*": "*/" };

/**
 * `?` placeholders become `$1`, `$2`, … (outside strings, quoted names and
 * comments), and `BEGIN IMMEDIATE`/`DEFERRED` becomes `BEGIN`.
 */
export function toPostgres(sql: string): string {
  let out = "";
  let n = 0;
  for (let i = 0; i < sql.length;) {
    const two = sql.slice(i, i + 2);
    const open = SKIP[two] !== undefined && (two === "--" || two === "/*") ? two : sql[i];
    const close = SKIP[open];
    if (close !== undefined) {
      const end = sql.indexOf(close, i + open.length);
      const stop = end === -1 ? sql.length : end + close.length;
      out += sql.slice(i, stop);
      i = stop;
    } else if (sql[i] === "?") {
      out += `$${++n}`;
      i++;
    } else {
      out += sql[i];
      i++;
    }
  }
  return out.replace(/^\s*BEGIN\s+(IMMEDIATE|DEFERRED|EXCLUSIVE)\b/i, "BEGIN");
}
