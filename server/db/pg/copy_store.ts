/**
 * `rotor migrate --to postgres://…` (issue 16 item 4): copies an SQLite
 * install into an empty PostgreSQL database — entities, settings, users,
 * sessions, clicks, conversions, rollups, every table — from one snapshot,
 * then verifies each table's row count and the sum of every numeric column
 * on both sides. The target is migrated first and must hold no install yet.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type Db, transaction } from "../connection.ts";
import { foldAll } from "../../costs/shares.ts";
import { KEY_FILE } from "../../auth/seal.ts";
import { PgBridge } from "./bridge.ts";

/** What a copy did and found: per table, the rows on each side and any sum that differs. */
export type CopyReport = {
  tables: { name: string; rows: number }[];
  mismatches: string[];
};

/** SQLite's own tables, and the migration record each store keeps for itself. */
const SKIPPED = new Set(["schema_migrations"]);

type Column = { name: string; numeric: boolean };

/** SQLite's tables, each after the tables its foreign keys name (so the copy can check them). */
function sqliteTables(source: Db): string[] {
  const names = source.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
     ORDER BY name`,
  ).all().map((r) => String(r.name)).filter((name) => !SKIPPED.has(name));
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: string[]) => {
    if (placed.has(table) || path.includes(table)) return;
    const parents = source.prepare('SELECT DISTINCT "table" AS t FROM pragma_foreign_key_list(?)')
      .all(table).map((r) => String(r.t));
    for (const parent of parents) place(parent, [...path, table]);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of names) place(table, []);
  return ordered.filter((t) => names.includes(t));
}

function columnsOf(source: Db, table: string): Column[] {
  return source.prepare("SELECT name, type FROM pragma_table_info(?) ORDER BY cid").all(table)
    .map((r) => ({
      name: String(r.name),
      numeric: /INT|REAL|NUM|FLOA|DOUB/i.test(String(r.type)),
    }));
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The install a target already holds, if any (a copy never merges into one). */
function existingInstall(target: Db): string | undefined {
  for (const table of ["users", "clicks", "campaigns"]) {
    const n = Number(target.prepare(`SELECT count(*) AS n FROM ${table}`).get()!.n);
    if (n > 0) return `${table} holds ${n} rows`;
  }
  return undefined;
}

/**
 * Count and sums of a table's numeric columns, as one row of doubles (a sum of
 * timestamps passes 2^53, which SQLite's integer `sum` would refuse to return).
 */
function totals(db: Db, table: string, columns: Column[], sum: "total" | "sum"): number[] {
  const cast = sum === "sum" ? "::float8" : "";
  const sums = columns.filter((c) => c.numeric).map((c) => `${sum}(${quote(c.name)})${cast}`);
  const named = ["count(*)", ...sums].map((expr, i) => `${expr} AS v${i}`);
  const row = db.prepare(`SELECT ${named.join(", ")} FROM ${quote(table)}`).get()!;
  return named.map((_, i) => (row[`v${i}`] === null ? 0 : Number(row[`v${i}`])));
}

function sameNumber(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
}

/**
 * Copies every table of `source` (SQLite) into `target` (PostgreSQL, migrated,
 * with no install yet) in one transaction on each side; `progress` hears each table.
 */
export function copyToPostgres(
  source: Db,
  target: Db,
  progress: (table: string, rows: number) => void = () => {},
): CopyReport {
  if (!(target instanceof PgBridge)) throw new Error("the target must be a PostgreSQL store");
  const held = existingInstall(target);
  if (held) throw new Error(`the target database already holds a Rotor install (${held})`);
  const tables = sqliteTables(source);
  const targetTables = new Set(
    target.prepare(
      "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()",
    ).all().map((r) => String(r.tablename)),
  );
  const missing = tables.filter((t) => !targetTables.has(t));
  if (missing.length) {
    throw new Error(`the target's schema lacks ${missing.join(", ")}: is it an older Rotor?`);
  }
  const report: CopyReport = { tables: [], mismatches: [] };
  // PostgreSQL reads no read-time cost shares (decision 160, update 3): they reach the rows first.
  transaction(source, () => foldAll(source));
  source.exec("BEGIN"); // one snapshot, while a server may still be writing
  target.exec("BEGIN");
  try {
    // Rows the migrations seeded (defaults) give way to the install's own.
    target.exec(`TRUNCATE ${tables.map(quote).join(", ")}`);
    // Every day of the copied clicks gets its partition (auto-clearing drops them whole).
    const span = source.prepare("SELECT min(ts) AS lo, max(ts) AS hi FROM clicks").get();
    if (span?.lo != null && span.hi != null) {
      target.prepare("SELECT rotor_click_partitions(?::bigint, ?::bigint)").get(
        Math.floor(Number(span.lo) / 86_400_000),
        Math.floor(Number(span.hi) / 86_400_000),
      );
    }
    for (const table of tables) {
      const columns = columnsOf(source, table);
      // The rollups arrive summed: the triggers that would add the conversions again stay off.
      target.exec(`ALTER TABLE ${quote(table)} DISABLE TRIGGER USER`);
      const rows = copyTable(source, target, table, columns);
      target.exec(`ALTER TABLE ${quote(table)} ENABLE TRIGGER USER`);
      resetIdentity(target, table, columns);
      report.tables.push({ name: table, rows });
      progress(table, rows);
      const before = totals(source, table, columns, "total");
      const after = totals(target, table, columns, "sum");
      const names = ["rows", ...columns.filter((c) => c.numeric).map((c) => `sum(${c.name})`)];
      before.forEach((value, i) => {
        if (!sameNumber(value, after[i])) {
          report.mismatches.push(`${table}.${names[i]}: ${value} in SQLite, ${after[i]} copied`);
        }
      });
    }
    copySealKey(source, target);
    if (report.mismatches.length) {
      const shown = report.mismatches.slice(0, 10).join("; ");
      throw new Error(`the copy does not match (nothing was written): ${shown}`);
    }
    target.exec("COMMIT");
  } catch (err) {
    target.exec("ROLLBACK");
    throw err;
  } finally {
    source.exec("COMMIT");
  }
  return report;
}

/**
 * The key the `?auth=` secrets were sealed under (`secret.key` beside the SQLite
 * file) becomes the PostgreSQL install's, so the copied secrets still open.
 */
function copySealKey(source: Db, target: Db): void {
  const location = source.location();
  const path = location === null ? null : join(dirname(location), KEY_FILE);
  if (!path || !existsSync(path)) return;
  target.prepare(
    `INSERT INTO auth_seal_key (id, key) VALUES (1, ?)
     ON CONFLICT (id) DO UPDATE SET key = excluded.key`,
  ).run(readFileSync(path, "utf8").trim());
}

/** Rows a `COPY` call carries (a few MB of text). */
const ROWS_PER_COPY = 10_000;

/** A value in `COPY`'s text format. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (value instanceof Uint8Array) {
    return "\\\\x" + Array.from(value, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  return String(value).replace(
    /[\\\t\n\r]/g,
    (c) => c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
  );
}

/** Copies a table with `COPY … FROM STDIN` in pieces of `ROWS_PER_COPY` rows; answers the rows. */
function copyTable(source: Db, target: PgBridge, table: string, columns: Column[]): number {
  const names = columns.map((c) => quote(c.name)).join(", ");
  const copy = `COPY ${quote(table)} (${names}) FROM STDIN`;
  let lines: string[] = [];
  let copied = 0;
  const flush = () => {
    if (lines.length === 0) return;
    target.copyIn(copy, lines.join("\n") + "\n");
    copied += lines.length;
    lines = [];
  };
  for (const r of source.prepare(`SELECT ${names} FROM ${quote(table)}`).iterate()) {
    lines.push(columns.map((c) => copyText(r[c.name])).join("\t"));
    if (lines.length === ROWS_PER_COPY) flush();
  }
  flush();
  return copied;
}

/** An identity column continues after the copied ids. */
function resetIdentity(target: Db, table: string, columns: Column[]): void {
  if (!columns.some((c) => c.name === "id")) return;
  const sequence = target.prepare("SELECT pg_get_serial_sequence(?, 'id') AS s").get(table)!.s;
  if (!sequence) return;
  target.prepare(
    `SELECT setval(?, coalesce((SELECT max(id) FROM ${quote(table)}), 0) + 1, false)`,
  ).get(String(sequence));
}
