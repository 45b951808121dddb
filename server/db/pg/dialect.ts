/**
 * The few places where Rotor's SQL differs between SQLite and PostgreSQL
 * (decision 172). Statements are written once; this turns SQLite's forms
 * into PostgreSQL's as they are prepared. SQLite's functions that PostgreSQL
 * lacks (`instr`, `total`, `group_concat`, `json_extract`, `strftime`,
 * `unixepoch`) are PostgreSQL functions of the same meaning, made by the
 * baseline migration (`server/db/pg_migrations/001_baseline.sql`); what
 * cannot be a function is rewritten here:
 *
 * | SQLite                                   | PostgreSQL                                              |
 * | ---------------------------------------- | ------------------------------------------------------- |
 * | `?`                                      | `$1`, `$2`, …                                           |
 * | `BEGIN IMMEDIATE`                        | `BEGIN`                                                 |
 * | `x IN (SELECT value FROM json_each(?))`  | `x::text IN (SELECT value FROM rotor_json_each($1))`    |
 * | `FROM json_each(?)` (rows of arrays)     | `FROM jsonb_array_elements($1::text::jsonb) AS j(value)`      |
 * | `INSERT OR IGNORE INTO …`                | `INSERT INTO … ON CONFLICT DO NOTHING`                  |
 * | `temp.t`                                 | `pg_temp.t`                                             |
 * | `… WITHOUT ROWID` / `STRICT`             | (dropped)                                               |
 * | `x LIKE 'a%'`                            | `(x) COLLATE "C" ILIKE 'a%'` (SQLite's ignores ASCII case) |
 * | `x COLLATE NOCASE` (ORDER BY)             | `lower((x) COLLATE "C")` (ASCII case folded, byte order)  |
 * | `FROM (SELECT …) GROUP BY`               | `FROM (SELECT …) AS sub_1 GROUP BY`                     |
 * | `sqlite_version()`                       | `current_setting('server_version')`                     |
 * | `?1`                                     | `$1`                                                    |
 * | `a IS NOT b`, `a IS b` (null-safe)       | `a IS DISTINCT FROM b`, `a IS NOT DISTINCT FROM b`      |
 * | `INTEGER`, `REAL` (temporary tables, casts) | `bigint`, `double precision`                         |
 * | `? IS NULL` (a value of no known type)   | `CAST($1 AS text) IS NULL`                              |
 * | `pragma_table_info('t')`                 | `t`'s columns from `information_schema.columns`         |
 * | `CROSS JOIN t k ON …` (SQLite's join order) | `JOIN t k ON …`                                      |
 * | `x NOT IN ()`, `x IN ()`                 | `x <> ALL ('{}')` (true), `x = ANY ('{}')` (false)      |
 * | `max(a, b)`, `min(a, b)`                 | `greatest(a, b)`, `least(a, b)`                         |
 * | `INSERT INTO t … ON CONFLICT DO UPDATE SET n = n + excluded.n` | `… ON CONFLICT (t's key) DO UPDATE SET n = t.n + excluded.n` |
 */

/** A table's primary-key columns (PostgreSQL needs them named in `ON CONFLICT … DO UPDATE`). */
export type KeyOf = (table: string) => string[] | undefined;

/** Ends of the spans whose text is not SQL: strings, quoted names, comments. */
const SKIP: Record<string, string> = { "'": "'", '"': '"', "--": "\n", "/*": "*/" };

/** The start of the operand that ends just before `end` in `sql` (a name, a placeholder or a call). */
function operandStart(sql: string, end: number): number {
  let i = end;
  while (i > 0 && sql[i - 1] === " ") i--;
  if (sql[i - 1] === ")") {
    let depth = 0;
    for (i = i - 1; i >= 0; i--) {
      if (sql[i] === ")") depth++;
      else if (sql[i] === "(" && --depth === 0) break;
    }
  }
  while (i > 0 && /[\w.?$]/.test(sql[i - 1])) i--;
  return i;
}

/** `x [NOT] IN (SELECT value FROM json_each(…))`: the values compare as text. */
function jsonMembership(sql: string): string {
  const pattern = /\s(NOT\s+)?IN\s*\(\s*SELECT value FROM json_each\(/g;
  let out = "";
  let last = 0;
  for (const match of sql.matchAll(pattern)) {
    const start = operandStart(sql, match.index);
    out += sql.slice(last, start) + `(${sql.slice(start, match.index).trim()})::text `;
    out += `${match[1] ?? ""}IN (SELECT value FROM rotor_json_each(`;
    last = match.index + match[0].length;
  }
  return out + sql.slice(last);
}

/** Words that may follow a subquery in FROM when it has no alias. */
const AFTER_SUBQUERY =
  /^\s*(\)|;|$|(GROUP|WHERE|ORDER|LIMIT|JOIN|LEFT|RIGHT|CROSS|INNER|FULL|UNION|ON|HAVING|WINDOW|EXCEPT|INTERSECT)\b)/i;

/** PostgreSQL 15 names every subquery in FROM or JOIN: an unnamed one gets `AS sub_N`. */
function nameSubqueries(sql: string): string {
  let out = sql;
  let n = 0;
  const opener = /\b(FROM|JOIN)\s*\(\s*SELECT\b/gi;
  for (let match = opener.exec(out); match; match = opener.exec(out)) {
    let depth = 0;
    let i = out.indexOf("(", match.index);
    for (; i < out.length; i++) {
      if (out[i] === "(") depth++;
      else if (out[i] === ")" && --depth === 0) break;
    }
    if (i < out.length && AFTER_SUBQUERY.test(out.slice(i + 1))) {
      out = `${out.slice(0, i + 1)} AS sub_${++n}${out.slice(i + 1)}`;
    }
  }
  return out;
}

/**
 * `x LIKE p`: SQLite ignores the case of ASCII letters only ("é" does not match "É"). ILIKE
 * needs a deterministic collation, and under "C" it folds ASCII letters alone, as SQLite
 * does; under the database's own (a UTF-8 locale) it would fold every letter.
 */
function caseFreeLike(sql: string): string {
  let out = "";
  let last = 0;
  for (const match of sql.matchAll(/\s(NOT\s+)?LIKE\s/g)) {
    const start = operandStart(sql, match.index);
    out += sql.slice(last, start) + `(${sql.slice(start, match.index).trim()}) COLLATE "C" `;
    out += `${match[1] ?? ""}ILIKE `;
    last = match.index + match[0].length;
  }
  return out + sql.slice(last);
}

/** Words before `COLLATE NOCASE` that make it a column's definition, not an expression's. */
const TYPE_OR_CONSTRAINT = /^(NULL|TEXT|NOT)$/i;

/**
 * `x COLLATE NOCASE` in an expression (a list sorted by a text field): SQLite lowers ASCII
 * letters and compares bytes, so "_a" < "Zed" < "ab" < "é". PostgreSQL's `nocase` is an ICU
 * collation (punctuation before digits before letters, "é" beside "e"); lowering under "C"
 * gives SQLite's order. A column's definition (`name TEXT COLLATE NOCASE`) is left alone.
 */
function nocaseOrder(sql: string): string {
  let out = "";
  let last = 0;
  for (const match of sql.matchAll(/\sCOLLATE\s+NOCASE\b/gi)) {
    const start = operandStart(sql, match.index);
    const operand = sql.slice(start, match.index).trim();
    if (!operand || TYPE_OR_CONSTRAINT.test(operand)) continue;
    out += sql.slice(last, start) + `lower((${operand}) COLLATE "C")`;
    last = match.index + match[0].length;
  }
  return out + sql.slice(last);
}

/** SQLite's scalar `max(a, b)` / `min(a, b)` (two or more arguments): `greatest` / `least`. */
function scalarMinMax(sql: string): string {
  return sql.replace(/\b(max|min)\(/gi, (match, name: string, at: number) => {
    let depth = 0;
    for (let i = at + match.length; i < sql.length; i++) {
      if (sql[i] === "(") depth++;
      else if (sql[i] === ")" && depth-- === 0) return match;
      else if (sql[i] === "," && depth === 0) {
        return name.toLowerCase() === "max" ? "greatest(" : "least(";
      }
    }
    return match;
  });
}

/** An upsert's conflict target (the table's key) and its sums qualified by the table. */
function conflictTarget(sql: string, keyOf: KeyOf): string {
  if (!/\bON CONFLICT DO UPDATE SET\b/.test(sql)) return sql;
  const table = /\bINSERT INTO (\w+)/.exec(sql)?.[1];
  const key = table ? keyOf(table) : undefined;
  if (!key?.length) return sql;
  const at = sql.search(/\bON CONFLICT DO UPDATE SET\b/);
  const set = sql.slice(at).replace(
    "ON CONFLICT DO UPDATE SET",
    `ON CONFLICT (${key.join(", ")}) DO UPDATE SET`,
  );
  return sql.slice(0, at) + set;
}

/** An upsert's `SET n = n + excluded.n`: PostgreSQL needs the table's `n` named. */
function qualifiedSums(sql: string): string {
  const table = /\bINSERT INTO (\w+)/.exec(sql)?.[1];
  const at = sql.search(/\bDO UPDATE SET\b/);
  if (!table || at < 0) return sql;
  return sql.slice(0, at) +
    sql.slice(at).replace(/\b(\w+) = \1 ([+-]) /g, `$1 = ${table}.$1 $2 `);
}

/** SQLite's `pragma_table_info('t')`: the table's columns in order, from the catalogue. */
function tableInfo(sql: string): string {
  return sql.replace(
    /\bpragma_table_info\('(\w+)'\)/g,
    (_, table) =>
      `(SELECT column_name AS name, ordinal_position AS cid FROM information_schema.columns
  WHERE table_schema = current_schema() AND table_name = '${table}' ORDER BY ordinal_position) AS pragma`,
  );
}

/** SQLite's statement forms that PostgreSQL spells otherwise (the table above). */
function rewrite(source: string, keyOf: KeyOf): string {
  const sql = tableInfo(qualifiedSums(conflictTarget(source, keyOf)));
  let out = nocaseOrder(caseFreeLike(jsonMembership(nameSubqueries(scalarMinMax(sql)))))
    .replace(/\bFROM json_each\(\?\)/g, "FROM jsonb_array_elements(?::text::jsonb) AS j(value)")
    .replace(/\btemp\.(\w)/g, "pg_temp.$1")
    .replace(/\bCROSS JOIN (\w+ \w+ ON)\b/g, "JOIN $1")
    .replace(
      /\)\s*(STRICT\s*,?\s*)?(WITHOUT ROWID)?\s*$/,
      (all, strict, rowid) => strict || rowid ? ")" : all,
    )
    .replace(/\bsqlite_version\(\)/g, "current_setting('server_version')")
    .replace(/\bIS NOT (?!NULL\b|DISTINCT\b|TRUE\b|FALSE\b)/g, "IS DISTINCT FROM ")
    .replace(/\bIS (?!NOT\b|NULL\b|DISTINCT\b|TRUE\b|FALSE\b)/g, "IS NOT DISTINCT FROM ")
    .replace(/(\?\d*)(\s+IS\s+(NOT\s+)?NULL\b)/g, "CAST($1 AS text)$2")
    .replace(/\sNOT IN\s*\(\s*\)/g, " <> ALL ('{}')")
    .replace(/\sIN\s*\(\s*\)/g, " = ANY ('{}')")
    .replace(/\bINTEGER\b/g, "bigint")
    .replace(/\bREAL\b/g, "double precision");
  if (/^\s*INSERT OR IGNORE INTO\b/i.test(out)) {
    out = out.replace(/^\s*INSERT OR IGNORE INTO\b/i, "INSERT INTO");
    const returning = /\sRETURNING\s/i.exec(out);
    out = returning
      ? `${out.slice(0, returning.index)} ON CONFLICT DO NOTHING${out.slice(returning.index)}`
      : `${out.replace(/;?\s*$/, "")} ON CONFLICT DO NOTHING`;
  }
  return out;
}

/**
 * `?` placeholders become `$1`, `$2`, … (outside strings, quoted names and
 * comments), `BEGIN IMMEDIATE`/`DEFERRED` becomes `BEGIN`, and the forms of
 * the table above are rewritten.
 */
export function toPostgres(source: string, keyOf: KeyOf = () => undefined): string {
  const sql = rewrite(source, keyOf);
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
      const numbered = /^\?(\d+)/.exec(sql.slice(i, i + 6));
      out += numbered ? `$${numbered[1]}` : `$${++n}`;
      i += numbered ? numbered[0].length : 1;
    } else {
      out += sql[i];
      i++;
    }
  }
  return out.replace(/^\s*BEGIN\s+(IMMEDIATE|DEFERRED|EXCLUSIVE)\b/i, "BEGIN");
}
